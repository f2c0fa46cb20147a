// The login-return-path cookie may only ever send someone to a path on this site.

const MAX_LENGTH = 512;
const SAME = "http://same.invalid";

/** Returns the value when it is a same-site relative path, otherwise null (never an open redirect). */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH) return null;
  if (!value.startsWith("/")) return null;
  // "//host" and "/\host" are protocol-relative in browsers.
  if (value.startsWith("//") || value.startsWith("/\\")) return null;
  // Control characters and backslashes have no place in our paths and confuse URL parsers.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  try {
    const resolved = new URL(value, SAME);
    if (resolved.origin !== SAME) return null;
    const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
    // Dot segments can leave a path that is itself protocol-relative ("/..//evil.example" becomes
    // "//evil.example"): what is handed on must stay on the site when a browser reads it again.
    return new URL(path, SAME).origin === SAME && !path.startsWith("//") ? path : null;
  } catch {
    return null;
  }
}
