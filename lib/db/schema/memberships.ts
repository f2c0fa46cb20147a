import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders";
import { purifiers } from "./purifiers";
import { products } from "./products";
import { users } from "./users";
import { createdAt } from "./columns";

export const PLAN_KINDS = ["membership", "care"] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

export const MEMBERSHIP_STATUSES = ["active", "cancelled", "expired"] as const;
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
    createdAt: createdAt(),
    /** Care plans: the purifier it covers (chosen when the plan is activated); null for memberships. */
    purifierId: uuid("purifier_id").references(() => purifiers.id, { onDelete: "set null" }),
  },
  (table) => [
    index("memberships_user_idx").on(table.userId, table.kind, table.endsAt),
    check("memberships_period_valid", sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

export type MembershipRow = typeof memberships.$inferSelect;
