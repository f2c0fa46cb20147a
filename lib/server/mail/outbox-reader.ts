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
  /** The plain-text part, transfer encoding (quoted-printable, base64) undone. */
  text: string;
  /** The HTML part, likewise; null for a text-only message. */
  html: string | null;
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

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index + split[0].length) : "";
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeHeader(line.slice(colon + 1).trim()));
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = part.headers.get("content-transfer-encoding")?.toLowerCase();
  const decoded =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(part.body)
      : encoding === "base64"
        ? Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8")
        : part.body;
  return decoded.replace(/\r\n/g, "\n");
}

/** The leaf parts of a message (a multipart one's parts, recursively; a single part itself). */
function leafParts(part: Part): Part[] {
  const type = part.headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith("multipart/") || !boundary) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1);
  return sections.filter((section) => !section.startsWith("--")).flatMap((section) => leafParts(splitPart(section.replace(/^\r?\n/, ""))));
}

/** Splits a message (plain text, or text and HTML alternatives as the shop sends) into headers, subject, text and HTML. */
export function readMail(raw: string): ReadMail {
  const message = splitPart(raw);
  const parts = leafParts(message);
  const ofType = (wanted: string) =>
    parts.find((part) => (part.headers.get("content-type") ?? "text/plain").toLowerCase().startsWith(wanted));
  const text = ofType("text/plain");
  const html = ofType("text/html");
  return {
    headers: message.headers,
    subject: message.headers.get("subject") ?? "",
    text: text ? decodeBody(text).replace(/\n$/, "") : "",
    html: html ? decodeBody(html) : null,
  };
}

export function codeInMail(mail: string | null): string | null {
  return mail ? (/code is: (\d{6})/.exec(readMail(mail).text)?.[1] ?? null) : null;
}

/** The e-mail link (register or reset page with `?link=<token>`) in a message, as written. */
export function linkInMail(mail: string | null): string | null {
  const pattern = new RegExp(`https?://\\S+\\?${EMAIL_LINK_PARAM}=[\\w.-]+`);
  return mail ? (pattern.exec(readMail(mail).text)?.[0] ?? null) : null;
}
