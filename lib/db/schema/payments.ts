import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders";
import { users } from "./users";
import { createdAt, updatedAt } from "./columns";

export const PAYMENT_STATUSES = [
  "processing",
  "succeeded",
  "failed",
  "requires_action",
  "canceled",
  "refunded",
  "partially_refunded",
  // A second charge of an order that was already paid (two tabs confirming at once): given back whole.
  "duplicate_refunded",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

// One row per charge attempt. The customer's idempotency key is unique per customer, so a double
// click, a retry after a timeout or a second tab finds the first attempt instead of charging again;
// and at most one charge per order can succeed. Card numbers are never stored: only the provider's
// reference, the brand, the last four digits and the expiry.
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    idempotencyKey: text("idempotency_key").notNull(),
    /**
     * SHA-256 of what the request asked for (order, saved card or new card's last four and expiry),
     * so a key replayed with another order or card is refused instead of answered with this result.
     */
    requestFingerprint: text("request_fingerprint"),
    provider: text("provider").notNull(),
    providerRef: text("provider_ref"),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("processing"),
    amountCents: integer("amount_cents").notNull(),
    refundedCents: integer("refunded_cents").notNull().default(0),
    brand: text("brand"),
    last4: text("last4"),
    expMonth: integer("exp_month"),
    expYear: integer("exp_year"),
    failureMessage: text("failure_message"),
    /**
     * What to keep once a payment the browser confirms goes through (the provider tells the shop
     * later, by webhook or the page's re-check): the card, and the address as the default.
     */
    saveCard: boolean("save_card").notNull().default(false),
    saveAddress: boolean("save_address").notNull().default(false),
    /** The saved card this attempt was made with (null for a card typed for it): what a renewal keeps charging. */
    savedPaymentMethodId: uuid("saved_payment_method_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("payments_user_idempotency_key").on(table.userId, table.idempotencyKey),
    uniqueIndex("payments_one_success_per_order")
      .on(table.orderId)
      .where(sql`${table.status} in ('succeeded', 'refunded', 'partially_refunded')`),
    index("payments_order_idx").on(table.orderId),
    index("payments_provider_ref_idx").on(table.providerRef),
    check(
      "payments_amount_positive",
      sql`${table.amountCents} > 0 and ${table.refundedCents} >= 0 and ${table.refundedCents} <= ${table.amountCents}`,
    ),
  ],
);

// Cards a customer chose to keep, as the provider's reference and what identifies them on screen.
export const savedPaymentMethods = pgTable(
  "saved_payment_methods",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerRef: text("provider_ref").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index("saved_payment_methods_user_idx").on(table.userId),
    uniqueIndex("saved_payment_methods_provider_ref").on(table.provider, table.providerRef),
    check("saved_payment_methods_last4", sql`${table.last4} ~ '^[0-9]{4}$'`),
  ],
);

// The provider's customer record of a shop customer (a Stripe Customer), which saved cards belong to.
export const paymentCustomers = pgTable(
  "payment_customers",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    reference: text("reference").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.provider] }),
    uniqueIndex("payment_customers_reference").on(table.provider, table.reference),
  ],
);

// Each provider event (webhook) the shop has acted on, so a replay or a redelivery acts once.
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

export type PaymentRow = typeof payments.$inferSelect;
export type SavedPaymentMethodRow = typeof savedPaymentMethods.$inferSelect;
