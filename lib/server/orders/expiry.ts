import "server-only";
import { and, eq, lte } from "drizzle-orm";
import { orders } from "@/lib/db/schema";
import { inTransaction } from "@/lib/server/transaction";
import { recordEvent, SYSTEM_ACTOR } from "./events";
import { moveOrders } from "./status";
import { stopPaymentsOfExpiring } from "./payment";
import { releaseStock } from "./stock";

// Unpaid orders past expiresAt are cancelled and their stock goes back on sale. The status change
// is a conditional UPDATE (still pending, still expired), so of two sweepers (two app instances, or
// a timer and a customer's request) only one gets each order and stock is released exactly once:
// on PostgreSQL the second waits for the first's row lock, re-checks the condition and skips it.
// A payment in progress holds the order row (payOrder), so an order is never expired under it; an
// attempt the provider still holds (a card being confirmed in the browser) is stopped first, or,
// when the customer paid first, applied, and that order is not expired.

export const EXPIRED_NOTE = "Not paid in time; the items went back on sale.";

/** Cancels the expired unpaid orders (of one customer, or all) and returns their ids. */
export async function sweepExpiredOrders(scope: { userId?: string } = {}, now: Date = new Date()): Promise<string[]> {
  const due = and(
    eq(orders.status, "pending_payment"),
    lte(orders.expiresAt, now),
    scope.userId ? eq(orders.userId, scope.userId) : undefined,
  );
  const dueIds = await inTransaction(async (tx) => (await tx.select({ id: orders.id }).from(orders).where(due)).map((row) => row.id));
  if (dueIds.length === 0) return [];
  await stopPaymentsOfExpiring(dueIds, now);
  return inTransaction(async (tx) => {
    const expired = await moveOrders(tx, "cancelled", due, { cancelledAt: now, cancelReason: "expired", expiresAt: null });
    const orderIds = expired.map(({ id }) => id);
    await releaseStock(tx, orderIds);
    for (const id of orderIds) await recordEvent(tx, id, "expired", SYSTEM_ACTOR, EXPIRED_NOTE);
    return orderIds;
  });
}
