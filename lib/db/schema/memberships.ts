import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders";
import { purifiers } from "./purifiers";
import { savedPaymentMethods } from "./payments";
import { products } from "./products";
import { users } from "./users";
import { createdAt } from "./columns";

export const PLAN_KINDS = ["membership", "care"] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

// "past_due": the renewal charge failed and is being retried; the member keeps the benefits until
// the last try fails (then "expired"). "cancelled": ended by the member or an operator.
export const MEMBERSHIP_STATUSES = ["active", "past_due", "cancelled", "expired"] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

// A membership or care plan a customer holds, made when the order that bought it is paid. A plan
// bought while one of the same kind is running starts when that one ends.
export const memberships = pgTable(
  "memberships",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PLAN_KINDS }).notNull(),
    sku: text("sku")
      .notNull()
      .references(() => products.sku, { onDelete: "restrict" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    status: text("status", { enum: MEMBERSHIP_STATUSES }).notNull().default("active"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** Memberships renew at endsAt by charging paymentMethodId; off once cancelled (care plans never renew). */
    autoRenew: boolean("auto_renew").notNull().default(false),
    /** The saved card renewals charge: the one the member joined with, or the one chosen since. */
    paymentMethodId: uuid("payment_method_id").references(() => savedPaymentMethods.id, { onDelete: "set null" }),
    /** The order that paid the period running now (the first order, then each renewal's): a yearly refund goes back to it. */
    periodOrderId: uuid("period_order_id").references(() => orders.id, { onDelete: "set null" }),
    /**
     * The unpaid renewal order of the period ending at endsAt, made when the off-session charge needed
     * the member to confirm it with their bank: paying it renews the membership. Cleared when it does.
     */
    renewalOrderId: uuid("renewal_order_id").references(() => orders.id, { onDelete: "set null" }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** Who cancelled: the member, or the operator's user id for a cancel from the console. */
    cancelledByUserId: uuid("cancelled_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Failed renewal charges for the period ending at endsAt; back to 0 when a renewal succeeds. */
    renewalAttempts: integer("renewal_attempts").notNull().default(0),
    /** When the renewal job next tries to charge after a failure (null: at endsAt). */
    nextRenewalAttemptAt: timestamp("next_renewal_attempt_at", { withTimezone: true }),
    /** What the card's bank answered to the last failed renewal, as the member is told. */
    lastRenewalFailure: text("last_renewal_failure"),
    /** The endsAt the advance e-mail (yearly renewal notice, care plan ending reminder) was sent for: once per period. */
    endNoticeSentFor: timestamp("end_notice_sent_for", { withTimezone: true }),
    createdAt: createdAt(),
    /** Care plans: the purifier it covers (chosen when the plan is activated); null for memberships. */
    purifierId: uuid("purifier_id").references(() => purifiers.id, { onDelete: "set null" }),
  },
  (table) => [
    index("memberships_user_idx").on(table.userId, table.kind, table.endsAt),
    index("memberships_ends_idx").on(table.status, table.endsAt),
    check("memberships_period_valid", sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

export type MembershipRow = typeof memberships.$inferSelect;
