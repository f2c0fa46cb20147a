import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { UsAddress } from "@/lib/schemas/auth";
import { ORDER_STATUS_VALUES, SHIPPING_METHOD_VALUES } from "../../schemas/order";
import type { ProductSpecRow } from "./products";
import { products } from "./products";
import { users } from "./users";
import { createdAt, updatedAt } from "./columns";
import { EVENT_ACTORS } from "@/lib/config/roles";

// The values are the API's (one list each); relative import, since drizzle-kit reads this file too.
export const ORDER_STATUSES = ORDER_STATUS_VALUES;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const SHIPPING_METHODS = SHIPPING_METHOD_VALUES;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

// An order's money is fixed when it is made (lines snapshotted) and recomputed only by the server
// (address or shipping change before payment). Ids are random UUIDs: not guessable.
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending_payment"),
    subtotalCents: integer("subtotal_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull().default(0),
    taxCents: integer("tax_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** The subtotal of the lines that ship (plans and the mail-in repair service do not): what shipping and its threshold count. */
    shippedSubtotalCents: integer("shipped_subtotal_cents").notNull().default(0),
    /** Made while the customer's membership ran: its lines are member-priced and UPS Ground is free. */
    memberPricing: boolean("member_pricing").notNull().default(false),
    /** Null: nothing in the order ships (only plans or services), so it has no address and no shipping fee. */
    shippingMethod: text("shipping_method", { enum: SHIPPING_METHODS }).default("ups_ground"),
    shippingAddress: jsonb("shipping_address").$type<UsAddress>(),
    /**
     * The order's quantities are off the products' stock: taken when it was made (checkout, buy now,
     * a membership's filter shipment) and given back once on cancel or expiry, which clears it. A
     * renewal's order takes none, so cancelling it gives none back.
     */
    stockHeld: boolean("stock_held").notNull().default(true),
    /** The `?c=` referral code remembered when the order was made. */
    referralCode: text("referral_code"),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    cancelReason: text("cancel_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** An unpaid order past this moment is cancelled and its stock released. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (table) => [
    index("orders_user_created_idx").on(table.userId, table.createdAt),
    index("orders_status_idx").on(table.status, table.createdAt),
    index("orders_referral_idx").on(table.referralCode),
    // The console's sales figures read orders by the moment they were paid.
    index("orders_paid_idx").on(table.paidAt),
    check("orders_status_known", sql`${table.status} in ('pending_payment', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded')`),
    check(
      "orders_money_not_negative",
      sql`${table.subtotalCents} >= 0 and ${table.shippingCents} >= 0 and ${table.taxCents} >= 0 and ${table.refundedCents} >= 0`,
    ),
    check("orders_total_adds_up", sql`${table.totalCents} = ${table.subtotalCents} + ${table.shippingCents} + ${table.taxCents}`),
    check("orders_shipped_within_subtotal", sql`${table.shippedSubtotalCents} between 0 and ${table.subtotalCents}`),
    check("orders_refund_within_total", sql`${table.refundedCents} <= ${table.totalCents}`),
  ],
);

// What was bought, as it was when bought: name, images, spec and prices are copies.
export const orderItems = pgTable(
  "order_items",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    sku: text("sku")
      .notNull()
      .references(() => products.sku, { onDelete: "restrict" }),
    name: text("name").notNull(),
    images: jsonb("images").$type<string[]>().notNull(),
    attributes: text("attributes").notNull(),
    spec: jsonb("spec").$type<ProductSpecRow[]>().notNull(),
    quantity: integer("quantity").notNull(),
    originalPriceCents: integer("original_price_cents").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    /**
     * What one unit cost anyone without a membership when the order was made (the discount price):
     * a line whose unit price is below it was member-priced, which is what "Member prices applied"
     * may say. The order's member_pricing alone cannot: it is set for every order made while a
     * membership runs, whether or not any of its lines has a member price.
     */
    regularPriceCents: integer("regular_price_cents").notNull(),
    lineTotalCents: integer("line_total_cents").notNull(),
    /** Purifier lines: the serial of each unit, as the operator entered them when shipping. */
    serials: jsonb("serials").$type<string[]>(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.sku] }),
    check("order_items_quantity_range", sql`${table.quantity} between 1 and 1000`),
    check("order_items_line_total", sql`${table.lineTotalCents} = ${table.unitPriceCents} * ${table.quantity}`),
  ],
);

export type OrderEventActor = (typeof EVENT_ACTORS)[number];

// The order's timeline, and the record of who did what to it (customers, operators, the system).
export const orderEvents = pgTable(
  "order_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** created, paid, payment_failed, address_changed, shipping_changed, shipped, delivered, cancelled, refunded, expired … */
    type: text("type").notNull(),
    actor: text("actor", { enum: EVENT_ACTORS }).notNull(),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note"),
    createdAt: createdAt(),
  },
  (table) => [index("order_events_order_idx").on(table.orderId, table.createdAt)],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
