import "server-only";
import { and, asc, desc, eq, gte, inArray, isNotNull } from "drizzle-orm";
import type { DbExecutor } from "@/lib/db/client";
import { orderItems, orders, type OrderItemRow, type OrderRow } from "@/lib/db/schema";
import type { UsAddress } from "@/lib/schemas/auth";

// What the other domains read of an order (orders, their lines and timeline are this domain's:
// eslint.config.mjs TABLE_OWNERS), through the caller's executor so a read stays in its
// transaction. Changes go through the order's own rules (status.ts, payment.ts, refunds.ts).

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
  const wanted = [...new Set(orderIds.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(orders).where(inArray(orders.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The orders paid at or after `since`, as a subquery for `inArray(x.orderId, …)`. */
export function ordersPaidSince(db: DbExecutor, since: Date) {
  return db.select({ id: orders.id }).from(orders).where(gte(orders.paidAt, since));
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
