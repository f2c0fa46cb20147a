import "server-only";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { env } from "@/lib/config/env";
import { SMTP_POOL, SMTP_TIMEOUTS_MS } from "@/lib/config/mail";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML part, rendered from the same template as `text` (lib/server/mail/render.ts). */
  html?: string;
  /** Extra headers (List-Unsubscribe on reminders). */
  headers?: Record<string, string>;
}

/** A message as the outbox hands it to the transport: with the Message-ID it keeps on every try. */
export interface OutgoingMail extends MailMessage {
  messageId: string;
}

let transporter: Promise<Transporter> | null = null;
// Outbox file names sort in the order the messages were sent, even within one millisecond.
let sequence = 0;

// nodemailer is loaded with the first message, not with every module that can queue one: it is a
// third of a second of every server start and of every test file that touches an order.
async function makeTransport(): Promise<Transporter> {
  const { default: nodemailer } = await import("nodemailer");
  // Without SMTP the message is only rendered (streamTransport) and kept in the outbox folder.
  return env.SMTP_URL
    ? nodemailer.createTransport({ url: env.SMTP_URL, ...SMTP_POOL, ...SMTP_TIMEOUTS_MS })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
}

function transport(): Promise<Transporter> {
  transporter ??= makeTransport().catch((error: unknown) => {
    transporter = null;
    throw error;
  });
  return transporter;
}

/** Closes the kept SMTP connection (a stopping instance); the next message opens a new one. */
export function closeMailTransport(): void {
  const closing = transporter;
  transporter = null;
  void closing?.then(
    (open) => open.close(),
    () => undefined,
  );
}

export function mailIsConfigured(): boolean {
  return Boolean(env.SMTP_URL);
}

export function outboxDir(): string {
  return path.resolve(env.MAIL_OUTBOX_DIR);
}

/**
 * Hands one message to the mail server (or, without SMTP_URL, writes it to the outbox folder);
 * rejects with the transport's error. Only the outbox worker calls it (ESLint keeps it in this
 * folder): services queue mail with queueMail.
 */
export async function sendMail(message: OutgoingMail): Promise<void> {
  sequence = (sequence + 1) % 1_000_000;
  const stamp = `${Date.now()}${String(sequence).padStart(6, "0")}`;
  const info = await (await transport()).sendMail({ from: env.MAIL_FROM, ...message });
  if (!env.SMTP_URL) {
    const raw: unknown = info.message;
    const body = Buffer.isBuffer(raw) ? raw : Buffer.from(String(raw));
    const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, "_");
    await mkdir(outboxDir(), { recursive: true });
    const name = `${stamp}-${safeTo}-${crypto.randomUUID().slice(0, 8)}.eml`;
    await writeFile(path.join(outboxDir(), name), body);
  }
}
