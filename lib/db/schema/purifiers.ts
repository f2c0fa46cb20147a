import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders";
import { products } from "./products";
import { users } from "./users";
import { createdAt, updatedAt } from "./columns";

export const PURIFIER_SOURCES = ["order", "customer"] as const;
export type PurifierSource = (typeof PURIFIER_SOURCES)[number];

// A purifier registered to its owner: one row per RO600 unit of a delivered order (`order`), or one
// the customer added, bought elsewhere (`customer`). Dates are calendar days in the shop's time
// zone (America/Chicago): a filter falls due on a day, not at an instant.
export const purifiers = pgTable(
  "purifiers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sku: text("sku")
      .notNull()
      .references(() => products.sku, { onDelete: "restrict" }),
    /** As printed on the unit's label; null until the operator or the owner enters it. Stored upper-cased. */
    serial: text("serial"),
    source: text("source", { enum: PURIFIER_SOURCES }).notNull(),
    /** The delivered order it came from, and which unit of that order's line (0-based). */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    orderUnit: integer("order_unit"),
    purchasedOn: date("purchased_on", { mode: "string" }).notNull(),
    /** When the owner set it up; the filters' clock starts here. Defaults to the purchase (delivery) day. */
    installedOn: date("installed_on", { mode: "string" }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("purifiers_user_idx").on(table.userId, table.createdAt),
    uniqueIndex("purifiers_serial_key").on(table.serial),
    uniqueIndex("purifiers_order_unit_key").on(table.orderId, table.orderUnit),
    check("purifiers_installed_after_purchase", sql`${table.installedOn} >= ${table.purchasedOn}`),
    check("purifiers_serial_upper", sql`${table.serial} is null or ${table.serial} = upper(${table.serial})`),
  ],
);

export const FILTER_CHANGE_SOURCES = ["customer", "shipment"] as const;
export type FilterChangeSource = (typeof FILTER_CHANGE_SOURCES)[number];

// A cartridge change on one purifier's stage. No row for a stage means the cartridge it came with,
// counted from the installation day.
export const filterChanges = pgTable(
  "filter_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    purifierId: uuid("purifier_id")
      .notNull()
      .references(() => purifiers.id, { onDelete: "cascade" }),
    stage: integer("stage").notNull(),
    changedOn: date("changed_on", { mode: "string" }).notNull(),
    source: text("source", { enum: FILTER_CHANGE_SOURCES }).notNull().default("customer"),
    createdAt: createdAt(),
  },
  (table) => [index("filter_changes_purifier_idx").on(table.purifierId, table.stage, table.changedOn)],
);

export type PurifierRow = typeof purifiers.$inferSelect;
export type FilterChangeRow = typeof filterChanges.$inferSelect;
