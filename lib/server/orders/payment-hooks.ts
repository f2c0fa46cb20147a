import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Transaction } from "@/lib/db/client";
import { orders, type OrderRow } from "@/lib/db/schema";
import { AppError } from "@/lib/server/http/errors";
import { activatePlans } from "@/lib/server/memberships";
import { ORDER_MESSAGES } from "./messages";
import { recordEvent } from "./totals";

// What the payment service needs from orders, inside ITS transaction.

/**
 * The customer's order, row-locked until the payment transaction ends (so neither a second payment,
 * an edit, a cancel nor the expiry sweep can change it meanwhile); 404 for another customer's or an
 * unknown id. Whether it can be paid (status, expiry, address) is the payment service's check, made
 * after it has looked for an earlier attempt with the same idempotency key: a replay of a payment
 * that succeeded must still get its answer.
 */
export async function orderForPayment(tx: Transaction, userId: string, orderId: string): Promise<OrderRow> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .for("update");
  if (!order) throw new AppError(404, ORDER_MESSAGES.notFound);
  return order;
}

/**
 * Marks a pending order paid (after the provider accepted the charge `paymentId`), records it on the
 * timeline and activates the membership and care plans it bought. The order must have been locked
 * with orderForPayment in the same transaction; anything else is a programming error.
 */
export async function markOrderPaid(tx: Transaction, orderId: string, paymentId: string): Promise<OrderRow> {
  const now = new Date();
  const [paid] = await tx
    .update(orders)
    .set({ status: "paid", paidAt: now, expiresAt: null, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending_payment")))
    .returning();
  if (!paid) throw new Error(`markOrderPaid: order ${orderId} is not pending payment`);
  await recordEvent(tx, orderId, "paid", { actor: "customer", userId: paid.userId }, `Payment ${paymentId}`);
  await activatePlans(tx, orderId, now);
  return paid;
}
