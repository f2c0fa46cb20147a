import "server-only";
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { GENERATED_AUTH_SECRET_PATH } from "@/lib/config/auth";
import { env } from "@/lib/config/env";

// Short signed values (links in e-mails, trusted-device cookies): the payload is readable, only
// this server can make one, and each purpose has its own key so one kind never passes as another.
// The same secret also gives the keys of what is encrypted at rest (derivedKey).

let secret: string | null = null;

/**
 * AUTH_SECRET (or the content of AUTH_SECRET_FILE, read with the settings), else one generated on
 * first start and kept in GENERATED_AUTH_SECRET_PATH (mode 0600).
 */
function serverSecret(): string {
  if (secret) return secret;
  if (env.AUTH_SECRET) return (secret = env.AUTH_SECRET);
  const file = path.resolve(GENERATED_AUTH_SECRET_PATH);
  try {
    secret = readFileSync(file, "utf8").trim();
  } catch {
    secret = "";
  }
  if (secret.length < 32) {
    secret = randomBytes(32).toString("base64url");
    mkdirSync(path.dirname(file), { recursive: true });
    // "wx" fails if another process wrote it meanwhile; then that one's value is the one to use.
    try {
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    } catch {
      secret = readFileSync(file, "utf8").trim();
    }
  }
  return secret;
}

function mac(purpose: string, body: string): Buffer {
  return createHmac("sha256", `${purpose}\0${serverSecret()}`).update(body).digest();
}

/**
 * A 32-byte key for `purpose`, derived from the same secret (the mail outbox's sealed messages).
 * Every instance with the same AUTH_SECRET derives the same key.
 */
export function derivedKey(purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", serverSecret(), Buffer.alloc(0), purpose, 32));
}

/** A token carrying `payload` for `purpose`, valid for `ttlSeconds`. */
export function signValue(purpose: string, payload: Record<string, unknown>, ttlSeconds: number): string {
  const body = Buffer.from(JSON.stringify({ ...payload, exp: Math.floor(Date.now() / 1000) + ttlSeconds })).toString("base64url");
  return `${body}.${mac(purpose, body).toString("base64url")}`;
}

/** The payload of a token made by signValue for the same purpose, or null (forged, altered, expired). */
export function verifySignedValue(purpose: string, token: string): Record<string, unknown> | null {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return null;
  const expected = mac(purpose, body);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return null;
  const record = payload as Record<string, unknown>;
  if (typeof record.exp !== "number" || record.exp * 1000 <= Date.now()) return null;
  return record;
}
