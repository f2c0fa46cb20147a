import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { derivedKey } from "@/lib/server/base/signed";

// A secret-bearing message (a code, a sign-in link) waits in the outbox encrypted: a database dump,
// a replica or a backup taken while it waits shows no code. AES-256-GCM under a key derived from
// AUTH_SECRET, bound to the message's Message-ID, so a sealed box moved to another row does not
// open. Every instance that shares AUTH_SECRET opens what any of them sealed.

const PURPOSE = "mail-outbox-seal";
const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface MailContent {
  subject: string;
  text: string;
  html: string | null;
}

export function sealMail(content: MailContent, messageId: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", derivedKey(PURPOSE), iv);
  cipher.setAAD(Buffer.from(messageId, "utf8"));
  const data = Buffer.concat([cipher.update(JSON.stringify(content), "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64url")}`;
}

/** Why a sealed message could not be opened; its words are what the outbox keeps and logs, and hold nothing of the message. */
export class UnopenableMailError extends Error {
  constructor(reason: string) {
    super(`the sealed message cannot be opened: ${reason}`);
    this.name = "UnopenableMailError";
  }
}

function isMailContent(value: unknown): value is MailContent {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.subject === "string" && typeof record.text === "string" && (record.html === null || typeof record.html === "string");
}

export function openMail(sealed: string, messageId: string): MailContent {
  const [version, payload, extra] = sealed.split(".");
  if (version !== VERSION || !payload || extra !== undefined) throw new UnopenableMailError(`unknown format ${version ?? ""}`);
  const box = Buffer.from(payload, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", derivedKey(PURPOSE), box.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(messageId, "utf8"));
  decipher.setAuthTag(box.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  let plain: string;
  try {
    plain = Buffer.concat([decipher.update(box.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    // Another key (an instance started with another AUTH_SECRET, or the secret changed while it waited) or an altered row.
    throw new UnopenableMailError("sealed under another AUTH_SECRET, or altered");
  }
  const content: unknown = JSON.parse(plain);
  if (!isMailContent(content)) throw new UnopenableMailError("not a message");
  return content;
}
