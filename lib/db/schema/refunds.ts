import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders";
import { payments } from "./payments";
import { users } from "./users";
import { createdAt, updatedAt } from "./columns";
import { EVENT_ACTORS } from "@/lib/config/roles";

// The money ledger: every amount that went back (or is on its way back) to a customer, whatever the
// path, one row each, allocated to the order's lines. The order's and the payment's refunded amounts
// are sums of it, and the checks "refunded ≤ paid" per line, per order and per charge are asked of it.
//
// A refund the shop decides is written here first ("pending"), in the transaction that decides it
// (a cancel, an after-sale completion, a plan's cancellation), with an idempotency key of its own;
// the provider is called after that transaction commits, outside any row lock, and the outcome is
// applied in a short transaction. A process that dies in between leaves the row pending, and the
// refunds job asks the provider again with the same key, which answers the same refund.

export const REFUND_STATUSES = [
  /** Decided and counted; the provider has not answered yet. */
  "pending",
  /** The provider took it. */
  "succeeded",
  /** The provider refused it or it failed later: the money is owed again, and the operator sees it. */
  "failed",
  /** A dispute the shop won: the bank gave the money back to the shop. */
  "reversed",
] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const REFUND_REASONS = [
  /** The order was cancelled (by the customer or an operator) before it shipped. */
  "order_cancelled",
  /** An after-sale return or refund was completed. */
  "after_sale",
  /** A membership or Lenwell Care plan was cancelled under its own rule. */
  "plan_cancelled",
  /** A payment arrived for an order that had closed meanwhile, or for a renewal nothing waited for. */
  "paid_after_close",
  /** A second charge of an order another charge had paid. */
  "duplicate_charge",
  /** Money sent back from the provider's dashboard, outside the shop. */
  "provider_dashboard",
  /** The cardholder's bank took the money back (a chargeback). */
  "dispute",
  /** Refunded before this ledger existed: the amount is known, not the lines it paid back. */
  "before_ledger",
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("pending"),
    reason: text("reason", { enum: REFUND_REASONS }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** The key the provider is called with: a retry after a crash gets the same refund back. */
    idempotencyKey: text("idempotency_key").notNull(),
    /** The provider's id of the refund (re_…) or dispute (dp_…), once known. */
    providerRef: text("provider_ref"),
    /** Why the provider refused it or why it failed later, in the shop's words. */
    failureMessage: text("failure_message"),
    /** Who decided it: "customer", an operator ("admin") or "system", and the account when a person did. */
    actor: text("actor", { enum: EVENT_ACTORS }).notNull(),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The after-sale request or the plan (memberships.id) it pays back, when it is one. */
    afterSaleId: uuid("after_sale_id"),
    membershipId: uuid("membership_id"),
    /** What the timeline says of it besides the amount and card. */
    note: text("note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("refunds_idempotency_key").on(table.idempotencyKey),
    index("refunds_order_idx").on(table.orderId),
    index("refunds_payment_idx").on(table.paymentId),
    index("refunds_pending_idx").on(table.status, table.createdAt),
    index("refunds_provider_ref_idx").on(table.providerRef),
    // The console's figures read the refunds of a period.
    index("refunds_created_idx").on(table.createdAt),
    check("refunds_amount_positive", sql`${table.amountCents} > 0`),
  ],
);

/**
 * Which parts of the order a refund pays back: a line (by sku) or the shipping (sku null). Each
 * line's allocations never exceed what the line was paid (its price and its share of the tax);
 * the shipping's never exceed the shipping charged.
 */
export const refundAllocations = pgTable(
  "refund_allocations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    refundId: uuid("refund_id")
      .notNull()
      .references(() => refunds.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** The order line's sku; null: the order's shipping. */
    sku: text("sku"),
    amountCents: integer("amount_cents").notNull(),
  },
  (table) => [
    index("refund_allocations_refund_idx").on(table.refundId),
    index("refund_allocations_order_idx").on(table.orderId),
    check("refund_allocations_amount_positive", sql`${table.amountCents} > 0`),
  ],
);

export type RefundRow = typeof refunds.$inferSelect;
export type RefundAllocationRow = typeof refundAllocations.$inferSelect;
