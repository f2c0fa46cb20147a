import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

// E-mails waiting to be sent (lib/server/mail/outbox.ts). A message is written in the transaction
// of the change it reports, so it exists exactly when the change does; a worker sends it, retrying
// with back-off until the mail server takes it. `claimed_until` is a worker's lease on a message:
// while it lasts no other worker takes it, and when it lapses (the worker died mid-send) another does.
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order messages were queued in, which is the order they are sent in (same-transaction ones too). */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    /** The Message-ID header, the same on every try, so a resend after a crash is recognisable. */
    messageId: text("message_id").notNull().unique(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    /** The plain-text part. */
    body: text("body").notNull(),
    /** The HTML part, rendered from the same template as `body` when the message was queued (null for older rows: sent as text only). */
    html: text("html"),
    /** Extra headers the message carries (List-Unsubscribe on reminders); null for none. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: createdAt(),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Set when the shop gave up (too many tries); an operator finds it here and in the log. */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (table) => [
    index("mail_outbox_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
