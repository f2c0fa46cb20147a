import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Transaction } from "@/lib/db/client";
import { orderItems, orders, type ProductRow } from "@/lib/db/schema";
import { stockMovedAfterCommit } from "@/lib/server/catalog";
import { putBackStock, stockStanding, takeStock } from "@/lib/server/catalog/stock";
import { AppError } from "@/lib/server/base/errors";
import { ORDER_MESSAGES } from "./messages";

// Stock is taken in the statement that checks it (`stock >= q`), so two checkouts can never both
// take the last piece: on PostgreSQL the second waits for the first's row lock and re-checks the
// condition against the committed stock. Rows are always locked in sku order (reserve and release
// alike), so checkouts, cancellations and the expiry sweep cannot deadlock on each other. Both
// have the products' cached stock read again once the transaction has committed.

export interface WantedLine {
  sku: string;
  quantity: number;
}

/**
 * Reserves every line or throws (404 unknown/unlisted product, 409 not enough stock); the caller's
 * transaction then rolls back whatever was reserved before. Returns the product rows as they are
 * after the reservation: the order's snapshot.
 */
export async function reserveStock(
  tx: Transaction,
  lines: readonly WantedLine[],
): Promise<Array<{ product: ProductRow; quantity: number }>> {
  const sorted = [...lines].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
  const reserved: Array<{ product: ProductRow; quantity: number }> = [];
  for (const line of sorted) {
    const product = await takeStock(tx, line.sku, line.quantity);
    if (product) {
      reserved.push({ product, quantity: line.quantity });
      continue;
    }
    const current = await stockStanding(tx, line.sku);
    if (!current || !current.listed) {
      throw new AppError(404, ORDER_MESSAGES.unknownProduct, [{ path: "skuNum", message: ORDER_MESSAGES.unknownProduct }]);
    }
    const message = current.stock <= 0 ? ORDER_MESSAGES.outOfStock(current.name) : ORDER_MESSAGES.onlyLeft(current.stock, current.name);
    throw new AppError(409, message, [{ path: "quantity", message }]);
  }
  stockMovedAfterCommit(
    tx,
    reserved.map(({ product }) => product.sku),
  );
  return reserved;
}

/**
 * Puts the quantities of orders back on sale (cancel, expiry): one update per sku, in sku order.
 * Only what an order took comes back, and only once: a renewal's order took none, and an order
 * released before is no longer holding any (orders.stockHeld).
 */
export async function releaseStock(tx: Transaction, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const holding = await tx
    .update(orders)
    .set({ stockHeld: false })
    .where(and(inArray(orders.id, [...orderIds]), eq(orders.stockHeld, true)))
    .returning({ id: orders.id });
  if (holding.length === 0) return;
  const lines = await tx
    .select({ sku: orderItems.sku, quantity: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        holding.map((order) => order.id),
      ),
    )
    .groupBy(orderItems.sku)
    .orderBy(asc(orderItems.sku));
  for (const line of lines) await putBackStock(tx, line.sku, line.quantity);
  stockMovedAfterCommit(
    tx,
    lines.map((line) => line.sku),
  );
}
