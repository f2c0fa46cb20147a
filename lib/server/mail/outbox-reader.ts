import { readFile, readdir } from "node:fs/promises";
import path from "node:path";

// Reads the local outbox (used when SMTP_URL is unset). For tests and local development: the
// newest message to an address, and the 6-digit code in it.

export async function newestMailTo(dir: string, to: string): Promise<string | null> {
  const safeTo = to.replace(/[^a-z0-9@._-]/gi, "_");
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return null;
  }
  const mine = names.filter((name) => name.includes(`-${safeTo}-`)).sort();
  const newest = mine.at(-1);
  return newest ? readFile(path.join(dir, newest), "utf8") : null;
}

export function codeInMail(mail: string | null): string | null {
  return mail ? (/code is: (\d{6})/.exec(mail)?.[1] ?? null) : null;
}
