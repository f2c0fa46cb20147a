import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders";
import { purifiers } from "./purifiers";
import { users } from "./users";
import { createdAt, updatedAt } from "./columns";

export const FILTER_SHIPMENT_STATUSES = ["ordered", "skipped", "postponed"] as const;
export type FilterShipmentStatus = (typeof FILTER_SHIPMENT_STATUSES)[number];

// One member's filter shipment for one purifier and one due date: every stage falling due that day
// goes in it. The row is the claim: (purifier, due date) is unique, so however many job instances
// run, one order is made per due date. A member's skip or postpone is the same row, written before
// the order exists ("skipped": no order ever; "postponed": ordered before `postponedTo` instead).
export const filterShipments = pgTable(
  "filter_shipments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    purifierId: uuid("purifier_id")
      .notNull()
      .references(() => purifiers.id, { onDelete: "cascade" }),
    /** The stages' due date (shop's calendar day), the key of the schedule. */
    dueOn: date("due_on", { mode: "string" }).notNull(),
    /** The filter stages the shipment is for (all those due on `dueOn` when it was written). */
    stages: integer("stages").array().notNull(),
    status: text("status", { enum: FILTER_SHIPMENT_STATUSES }).notNull(),
    /** A postponed shipment's new due date; its order is made the lead time before it. */
    postponedTo: date("postponed_to", { mode: "string" }),
    /** The zero-price order, once made. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("filter_shipments_due_key").on(table.purifierId, table.dueOn),
    index("filter_shipments_order_idx").on(table.orderId),
    check("filter_shipments_status_known", sql`${table.status} in ('ordered', 'skipped', 'postponed')`),
    check("filter_shipments_postponed_later", sql`${table.postponedTo} is null or ${table.postponedTo} > ${table.dueOn}`),
    check("filter_shipments_postponed_has_date", sql`${table.status} <> 'postponed' or ${table.postponedTo} is not null`),
  ],
);

// A member whose purifier's filters fall due but who has no address to ship to is told once per
// due date; the row is that once (claimed with the mail in one transaction).
export const filterAddressRequests = pgTable(
  "filter_address_requests",
  {
    purifierId: uuid("purifier_id")
      .notNull()
      .references(() => purifiers.id, { onDelete: "cascade" }),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.purifierId, table.dueOn] })],
);

// A filter-due reminder sent to an owner who is not a member: one per purifier, stage and due date,
// whatever the number of job instances (the row is written in the transaction that queues the mail).
export const filterReminders = pgTable(
  "filter_reminders",
  {
    purifierId: uuid("purifier_id")
      .notNull()
      .references(() => purifiers.id, { onDelete: "cascade" }),
    stage: integer("stage").notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.purifierId, table.stage, table.dueOn] })],
);

export const MAIL_LISTS = ["reminders"] as const;
export type MailList = (typeof MAIL_LISTS)[number];

// Customers who unsubscribed from a list of non-transactional mail (reminders). No row: subscribed.
// Order and account e-mails are not on any list and always go.
export const mailOptOuts = pgTable(
  "mail_opt_outs",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    list: text("list", { enum: MAIL_LISTS }).notNull(),
    optedOutAt: timestamp("opted_out_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.list] }), check("mail_opt_outs_list_known", sql`${table.list} in ('reminders')`)],
);

export type FilterShipmentRow = typeof filterShipments.$inferSelect;
