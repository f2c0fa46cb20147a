// Passwords that appear at the top of every leaked-password list (the ones of 8 characters or more,
// since shorter ones are refused anyway). Compared case-insensitively.
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  "12345678", "123456789", "1234567890", "12345678910", "123123123", "11111111", "00000000",
  "88888888", "87654321", "11223344", "12341234", "123321123", "147258369", "159753456",
  "password", "password1", "password12", "password123", "password!", "passw0rd", "p@ssw0rd",
  "p@ssword", "pa$$word", "qwertyui", "qwertyuiop", "qwerty123", "qwerty12", "1q2w3e4r",
  "1q2w3e4r5t", "1qaz2wsx", "zaq12wsx", "q1w2e3r4", "q1w2e3r4t5", "asdfghjk", "asdfghjkl",
  "zxcvbnm1", "abcd1234", "abc12345", "abcdefgh", "iloveyou", "iloveyou1", "sunshine",
  "princess", "football", "baseball", "welcome1", "welcome123", "letmein1", "trustno1",
  "superman", "starwars", "whatever", "computer", "michelle", "jennifer", "jordan23",
  "liverpool", "chocolate", "butterfly", "basketball", "babygirl", "loveme12", "monkey123",
  "dragon123", "master123", "shadow123", "charlie1", "internet", "freedom1", "samsung1",
  "google123", "changeme", "changeme1", "administrator", "admin123", "admin1234", "adminadmin",
  "rootroot", "test1234", "testtest", "qazwsxedc", "1234qwer", "qwer1234", "aaaaaaaa",
  "passwort", "secret123", "mypassword", "letmein123", "summer2024", "winter2024", "spring2024",
  "autumn2024", "lenwell123", "lenwell2024", "water123", "purifier",
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
