import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { MailLane } from "@/lib/config/mail";
import { createdAt } from "./columns";

// E-mails waiting to be sent (lib/server/mail/outbox.ts). A message is written in the transaction
// of the change it reports, so it exists exactly when the change does; a worker sends it, retrying
// with back-off until the mail server takes it. `claimed_until` is a worker's lease on a message:
// while it lasts no other worker takes it, and when it lapses (the worker died mid-send) another does.
// Two lanes (lib/server/mail/lanes.ts): urgent messages (codes, sign-in links) go first, newest
// first; standard ones after them, oldest first. A message carrying a secret is sealed while it
// waits and its contents are removed once it is sent or expired (docs/decisions/0039).
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order messages were queued in (same-transaction ones too): oldest first in the standard lane, newest first in the urgent one. */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    /** The Message-ID header, the same on every try, so a resend after a crash is recognisable. */
    messageId: text("message_id").notNull().unique(),
    recipient: text("recipient").notNull(),
    /** The template that made it (lib/server/mail/lanes.ts); `unnamed` for messages queued before templates were named. */
    template: text("template").notNull(),
    /** `urgent` (sent first, newest first) or `standard` (oldest first). */
    lane: text("lane").$type<MailLane>().notNull().default("standard"),
    /** Empty while `sealed` holds the message, and once a secret-bearing message's contents are removed. */
    subject: text("subject").notNull(),
    /** The plain-text part; empty like `subject`. */
    body: text("body").notNull(),
    /** The HTML part, rendered from the same template as `body` when the message was queued (null for older rows: sent as text only, and for sealed or removed contents). */
    html: text("html"),
    /** A secret-bearing message's subject and parts, encrypted (lib/server/mail/sealed.ts) until it is sent or expires; then null. */
    sealed: text("sealed"),
    /** When what a secret-bearing message carries stops working: it is not sent after (null: it never expires). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Extra headers the message carries (List-Unsubscribe on reminders); null for none. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: createdAt(),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Set when the shop gave up (too many tries); an operator finds it here and in the log. */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    /** Set when a secret-bearing message was still unsent at `expires_at`: never sent, its contents removed. */
    expiredAt: timestamp("expired_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (table) => [
    // The standard lane's claim: due messages, oldest first.
    index("mail_outbox_due_idx")
      .on(table.lane, table.nextAttemptAt, table.seq)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null and ${table.expiredAt} is null`),
    // The urgent lane's claim: newest first.
    index("mail_outbox_urgent_idx")
      .on(table.seq)
      .where(sql`${table.lane} = 'urgent' and ${table.sentAt} is null and ${table.failedAt} is null and ${table.expiredAt} is null`),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
