import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

// The ledger of the sandbox gateway, the built-in payment provider of "Test mode" (its SQL tables
// keep their first names, test_provider_*). A real provider keeps these records on its side; the
// sandbox keeps them here so that its idempotency and refunds are real
// (a replayed key returns the first answer, a refund can never exceed what was charged).
// Like every part of the shop, it never holds a card number or security code: a test card is
// remembered by its behaviour (which outcome the documented number stands for), brand, last four
// digits and expiry.

// "decline_off_session": pays while the customer is at the checkout (and is saved) but is declined
// when charged without them (a renewal), like a card whose bank wants the holder present.
// "authenticate": the bank asks for its check (3-D Secure) on every charge with the holder present,
// and lets a charge without them (a renewal of the card once kept) through, like Stripe's
// 4000 0025 0000 3155; the sandbox stands in for the bank (answerBankCheck).
export const SANDBOX_CARD_OUTCOMES = [
  "succeed",
  "decline",
  "insufficient_funds",
  "processing_error",
  "decline_off_session",
  "authenticate",
] as const;
export type SandboxCardOutcome = (typeof SANDBOX_CARD_OUTCOMES)[number];

/**
 * A charge's state. "requires_action": it waits on the bank's check; it moves once, to "succeeded"
 * or "failed" as the bank answers, or to "canceled" when the shop stops it first.
 */
export const TEST_CHARGE_STATUSES = ["succeeded", "failed", "requires_action", "canceled"] as const;

export const sandboxCards = pgTable("test_provider_cards", {
  ref: text("ref").primaryKey(),
  outcome: text("outcome", { enum: SANDBOX_CARD_OUTCOMES }).notNull(),
  brand: text("brand").notNull(),
  last4: text("last4").notNull(),
  expMonth: integer("exp_month").notNull(),
  expYear: integer("exp_year").notNull(),
  createdAt: createdAt(),
  /** The customer removed it: it can no longer be charged (the row stays for the charges it made). */
  removedAt: timestamp("removed_at", { withTimezone: true }),
});

export const sandboxCharges = pgTable(
  "test_provider_charges",
  {
    ref: text("ref").primaryKey(),
    /** The caller's idempotency key: the same key always answers with this charge. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    status: text("status", { enum: TEST_CHARGE_STATUSES }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    refundedCents: integer("refunded_cents").notNull().default(0),
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    cardRef: text("card_ref").references(() => sandboxCards.ref, { onDelete: "restrict" }),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("test_provider_charges_refund_within", sql`${table.refundedCents} >= 0 and ${table.refundedCents} <= ${table.amountCents}`),
  ],
);

export const sandboxRefunds = pgTable(
  "test_provider_refunds",
  {
    ref: text("ref").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    chargeRef: text("charge_ref")
      .notNull()
      .references(() => sandboxCharges.ref, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("test_provider_refunds_charge_idx").on(table.chargeRef),
    check("test_provider_refunds_amount_positive", sql`${table.amountCents} > 0`),
  ],
);
