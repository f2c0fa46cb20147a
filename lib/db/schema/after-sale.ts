import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { AFTER_SALE_STATUSES, AFTER_SALE_TYPES } from "../../config/after-sale";
import { memberships } from "./memberships";
import { EVENT_ACTORS } from "@/lib/config/roles";
import { orders } from "./orders";
import { purifiers } from "./purifiers";
import { users } from "./users";
import { createdAt, updatedAt } from "./columns";

// Returns, refunds, exchanges and repairs for one line of a shipped or delivered order. Name and
// image are copied from the order line so the request reads the same whatever the catalogue does.
// Ids are random UUIDs: not guessable.
export const afterSaleRequests = pgTable(
  "after_sale_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    sku: text("sku").notNull(),
    name: text("name").notNull(),
    image: text("image"),
    quantity: integer("quantity").notNull(),
    type: text("type", { enum: AFTER_SALE_TYPES }).notNull(),
    reason: text("reason").notNull(),
    description: text("description").notNull(),
    status: text("status", { enum: AFTER_SALE_STATUSES }).notNull().default("pending_review"),
    /** Unit price × quantity plus that share of the order's tax, fixed when applied. */
    refundCents: integer("refund_cents").notNull(),
    /** What was refunded on completion. */
    refundedCents: integer("refunded_cents").notNull().default(0),
    returnAddress: text("return_address"),
    rejectReason: text("reject_reason"),
    carrier: text("carrier"),
    trackNumber: text("track_number"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Repairs: which of the customer's purifiers it is for. */
    purifierId: uuid("purifier_id").references(() => purifiers.id, { onDelete: "set null" }),
    /** The care plan that covered that purifier on the request day (fees waived); null when none did. */
    carePlanId: uuid("care_plan_id").references(() => memberships.id, { onDelete: "set null" }),
  },
  (table) => [
    index("after_sale_user_created_idx").on(table.userId, table.createdAt),
    index("after_sale_status_created_idx").on(table.status, table.createdAt),
    index("after_sale_order_sku_idx").on(table.orderId, table.sku),
    check("after_sale_quantity_range", sql`${table.quantity} between 1 and 1000`),
    check("after_sale_money_not_negative", sql`${table.refundCents} >= 0 and ${table.refundedCents} >= 0`),
    check(
      "after_sale_status_known",
      sql`${table.status} in ('pending_review', 'approved', 'returning', 'received', 'completed', 'rejected', 'cancelled')`,
    ),
    check("after_sale_type_known", sql`${table.type} in ('return', 'refund', 'exchange', 'repair')`),
  ],
);

// A request's timeline, and the record of who moved it (customer or operator) and when.
export const afterSaleEvents = pgTable(
  "after_sale_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    afterSaleId: uuid("after_sale_id")
      .notNull()
      .references(() => afterSaleRequests.id, { onDelete: "cascade" }),
    /** The status entered, or "refunded". */
    type: text("type").notNull(),
    actor: text("actor", { enum: EVENT_ACTORS }).notNull(),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note"),
    createdAt: createdAt(),
  },
  (table) => [index("after_sale_events_request_idx").on(table.afterSaleId, table.createdAt)],
);

export type AfterSaleRow = typeof afterSaleRequests.$inferSelect;
export type AfterSaleEventRow = typeof afterSaleEvents.$inferSelect;
