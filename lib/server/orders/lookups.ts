import "server-only";
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { DbExecutor, Transaction } from "@/lib/db/client";
import { orderItems, orders, type OrderItemRow, type OrderRow, type OrderStatus } from "@/lib/db/schema";
import type { UsAddress } from "@/lib/schemas/auth";
import { byKey, distinctKeys } from "@/lib/server/base/by-key";

// What the other domains read of an order (orders, their lines and timeline are this domain's:
// eslint.config.mjs TABLE_OWNERS), through the caller's executor so a read stays in its
// transaction. The one change made here is a line's serials, for the purifiers (storeLineSerials);
// every other change goes through the order's own rules (status.ts, payment.ts, refunds.ts).

export async function findOrder(db: DbExecutor, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row;
}

/** Whether the order waits to be paid (not paid yet, not cancelled or expired); false for no order. */
export async function awaitsPayment(db: DbExecutor, orderId: string | null): Promise<boolean> {
  if (!orderId) return false;
  return (await findOrder(db, orderId))?.status === "pending_payment";
}

/** The order's lines, in sku order. */
export async function linesOfOrder(db: DbExecutor, orderId: string): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.sku));
}

/** The orders named, by id; ids with no order are left out. */
export async function ordersById(db: DbExecutor, orderIds: readonly (string | null)[]): Promise<Map<string, OrderRow>> {
  const wanted = distinctKeys(orderIds);
  return byKey(wanted.length > 0 ? await db.select().from(orders).where(inArray(orders.id, wanted)) : [], (row) => row.id);
}

/** The orders paid at or after `since`, as a subquery for `inArray(x.orderId, …)`. */
export function ordersPaidSince(db: DbExecutor, since: Date) {
  return db.select({ id: orders.id }).from(orders).where(gte(orders.paidAt, since));
}

/** The cancelled orders, as a subquery for `inArray(x.orderId, …)`. */
export function cancelledOrders(db: DbExecutor) {
  return db.select({ id: orders.id }).from(orders).where(eq(orders.status, "cancelled"));
}

/** The address of the customer's latest order that has one. */
export async function latestShippingAddress(db: DbExecutor, userId: string): Promise<UsAddress | null> {
  const [latest] = await db
    .select({ address: orders.shippingAddress })
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.shippingAddress)))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return latest?.address ?? null;
}

/**
 * The orders that carried a purifier with `serial` to their customer (shipped or delivered; one
 * refunded or cancelled gave its units back): the shop's own record of where a serial went. Only
 * one customer's when `userId` is given; `exceptOrderId` left out. Oldest first.
 */
export async function ordersShippingSerial(
  db: DbExecutor,
  serial: string,
  where: { userId?: string; exceptOrderId?: string } = {},
): Promise<{ orderId: string; userId: string }[]> {
  return db
    .selectDistinct({ orderId: orders.id, userId: orders.userId, createdAt: orders.createdAt })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        sql`${orderItems.serials} @> ${JSON.stringify([serial])}::jsonb`,
        inArray(orders.status, ["shipped", "delivered"]),
        where.userId ? eq(orders.userId, where.userId) : undefined,
        where.exceptOrderId ? ne(orders.id, where.exceptOrderId) : undefined,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .then((rows) => rows.map(({ orderId, userId }) => ({ orderId, userId })));
}

/** Stores the serials entered for a line as it ships (the purifiers check them: the shipping event). */
export async function storeLineSerials(tx: Transaction, orderId: string, sku: string, serials: readonly string[]): Promise<void> {
  await tx
    .update(orderItems)
    .set({ serials: serials.length > 0 ? [...serials] : null })
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.sku, sku)));
}

/** The customer's orders in one of `statuses` that have a line of `sku`, newest first. */
export async function customerOrdersWithSku(
  db: DbExecutor,
  where: { userId: string; sku: string; statuses: readonly OrderStatus[] },
  limit: number,
): Promise<OrderRow[]> {
  const rows = await db
    .select({ order: orders })
    .from(orders)
    .innerJoin(orderItems, and(eq(orderItems.orderId, orders.id), eq(orderItems.sku, where.sku)))
    .where(and(eq(orders.userId, where.userId), inArray(orders.status, [...where.statuses])))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
  return rows.map((row) => row.order);
}

/** One line of an order, by its sku. */
export async function orderLine(db: DbExecutor, orderId: string, sku: string): Promise<OrderItemRow | undefined> {
  return (await linesOfOrder(db, orderId)).find((line) => line.sku === sku);
}

/**
 * Locks the order (of `ownerId`, when given) for the caller's transaction, as every money change
 * does first; undefined when there is none, for the caller to answer in its own words.
 */
export async function lockedOrder(tx: Transaction, orderId: string, ownerId?: string): Promise<OrderRow | undefined> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), ownerId === undefined ? undefined : eq(orders.userId, ownerId)))
    .for("update");
  return order;
}

/** The orders whose delivery address names someone matching an ILIKE pattern, as a subquery for `inArray(x.orderId, …)`. */
export function ordersShippedToName(db: DbExecutor, pattern: string) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(ilike(sql`${orders.shippingAddress}->>'fullName'`, pattern));
}
