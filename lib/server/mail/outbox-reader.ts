import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { EMAIL_LINK_PARAM } from "@/lib/config/mail";

// Reads the local outbox (used when SMTP_URL is unset) and raw messages caught by a test SMTP
// server. For tests and local development: the newest message to an address, its decoded parts,
// and the code and link in it.

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

export interface ReadMail {
  /** Header names lower-cased, folded lines joined. */
  headers: Map<string, string>;
  subject: string;
  /** The text body, transfer encoding (quoted-printable, base64) undone. */
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined[index] === "=" ? joined.slice(index + 1, index + 3) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / ?B?) in a header value. */
function decodeHeader(value: string): string {
  return value.replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, kind: string, data: string) =>
    kind.toUpperCase() === "B" ? Buffer.from(data, "base64").toString("utf8") : decodeQuotedPrintable(data.replace(/_/g, " ")),
  );
}

/** Splits a single-part text message (as the shop sends) into headers, subject and text. */
export function readMail(raw: string): ReadMail {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index + split[0].length) : "";
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeHeader(line.slice(colon + 1).trim()));
  }
  const encoding = headers.get("content-transfer-encoding")?.toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
        : body;
  return { headers, subject: headers.get("subject") ?? "", text: text.replace(/\r\n/g, "\n") };
}

export function codeInMail(mail: string | null): string | null {
  return mail ? (/code is: (\d{6})/.exec(readMail(mail).text)?.[1] ?? null) : null;
}

/** The e-mail link (register or reset page with `?link=<token>`) in a message, as written. */
export function linkInMail(mail: string | null): string | null {
  const pattern = new RegExp(`https?://\\S+\\?${EMAIL_LINK_PARAM}=[\\w.-]+`);
  return mail ? (pattern.exec(readMail(mail).text)?.[0] ?? null) : null;
}
