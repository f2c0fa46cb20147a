import "server-only";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/config/env";
import type { Transaction } from "@/lib/db/client";
import { SMTP_TIMEOUTS_MS } from "@/lib/config/mail";
import { AppError } from "@/lib/server/http/errors";
import { afterCommit } from "@/lib/server/transaction";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

let transporter: Transporter | null = null;
// Outbox file names sort in the order the shop asked for the messages, even within one
// millisecond and even when a later message renders faster than an earlier one.
let sequence = 0;

function transport(): Transporter {
  // Without SMTP the message is only rendered (streamTransport) and kept in the outbox folder.
  transporter ??= env.SMTP_URL
    ? nodemailer.createTransport({ url: env.SMTP_URL, ...SMTP_TIMEOUTS_MS })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return transporter;
}

export function mailIsConfigured(): boolean {
  return Boolean(env.SMTP_URL);
}

export function outboxDir(): string {
  return path.resolve(env.MAIL_OUTBOX_DIR);
}

/**
 * Sends one message now; a failure is logged and becomes a 503 the customer can act on. Services
 * send through sendMailAfterCommit (ESLint keeps sendMail inside this folder and its tests).
 */
export async function sendMail(message: MailMessage): Promise<void> {
  sequence = (sequence + 1) % 1_000_000;
  const stamp = `${Date.now()}${String(sequence).padStart(6, "0")}`;
  try {
    const info = await transport().sendMail({ from: env.MAIL_FROM, ...message });
    if (!env.SMTP_URL) {
      const raw: unknown = info.message;
      const body = Buffer.isBuffer(raw) ? raw : Buffer.from(String(raw));
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, "_");
      await mkdir(outboxDir(), { recursive: true });
      const name = `${stamp}-${safeTo}-${crypto.randomUUID().slice(0, 8)}.eml`;
      await writeFile(path.join(outboxDir(), name), body);
    }
  } catch (error) {
    console.error("Mail could not be sent:", error);
    throw new AppError(503, "We could not send the e-mail right now. Please try again in a few minutes.");
  }
}

interface MailOptions {
  /** The caller's answer is the e-mail (a code): its failure fails the call, with a 503. */
  required?: boolean;
  /** Undoes what the e-mail was for when it could not be sent (a code nobody received). */
  onFailure?: () => Promise<void>;
}

/**
 * The one way the shop sends e-mail: once `tx` has committed, so no e-mail announces a change that
 * was rolled back. A failure is logged and never undoes the change, unless the mail is `required`.
 */
export function sendMailAfterCommit(tx: Transaction, message: MailMessage, options: MailOptions = {}): void {
  afterCommit(tx, {
    label: `the e-mail "${message.subject}"`,
    required: options.required ?? false,
    run: async () => {
      try {
        await sendMail(message);
      } catch (error) {
        await options.onFailure?.();
        throw error;
      }
    },
  });
}
