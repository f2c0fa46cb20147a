import "server-only";
import { and, eq, lte, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { orders } from "@/lib/db/schema";
import { stockMoved } from "@/lib/server/catalog";
import { releaseStock } from "./stock";
import { recordEvent } from "./totals";

// Unpaid orders past expiresAt are cancelled and their stock goes back on sale. The status change
// is a conditional UPDATE (still pending, still expired), so of two sweepers (two app instances, or
// a timer and a customer's request) only one gets each order and stock is released exactly once:
// on PostgreSQL the second waits for the first's row lock, re-checks the condition and skips it.
// A payment in progress holds the order row (orderForPayment), so an order is never expired under it.

export const EXPIRED_NOTE = "Not paid in time; the items went back on sale.";

/** Cancels the expired unpaid orders (of one customer, or all) and returns their ids. */
export async function sweepExpiredOrders(scope: { userId?: string } = {}, now: Date = new Date()): Promise<string[]> {
  const db = await getDb();
  const swept = await db.transaction(async (tx) => {
    const expired = await tx
      .update(orders)
      .set({ status: "cancelled", cancelledAt: now, cancelReason: "expired", expiresAt: null, updatedAt: sql`now()` })
      .where(
        and(
          eq(orders.status, "pending_payment"),
          lte(orders.expiresAt, now),
          scope.userId ? eq(orders.userId, scope.userId) : undefined,
        ),
      )
      .returning({ id: orders.id });
    const released = await releaseStock(
      tx,
      expired.map(({ id }) => id),
    );
    for (const { id } of expired) {
      await recordEvent(tx, id, "expired", { actor: "system", userId: null }, EXPIRED_NOTE);
    }
    return { orderIds: expired.map(({ id }) => id), released };
  });
  stockMoved(swept.released);
  return swept.orderIds;
}
