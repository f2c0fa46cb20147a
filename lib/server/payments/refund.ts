import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Transaction } from "@/lib/db/client";
import { orders, payments } from "@/lib/db/schema";
import { centsToAmount } from "@/lib/money";
import { AppError } from "@/lib/server/http/errors";
import { recordEvent, type EventActor } from "@/lib/server/orders";
import { PAYMENT_MESSAGES } from "./messages";
import { RefundRefusedError } from "./provider";
import { paymentProvider } from "./select";

export interface OrderRefund {
  paymentId: string;
  refundRef: string;
  amountCents: number;
  /** Everything refunded on this payment so far, this refund included. */
  refundedCents: number;
}

/**
 * Refunds part or all of an order's successful payment through the provider, inside the caller's
 * transaction (a cancellation, an after-sale refund): the payment's and the order's refunded
 * amounts go up and the timeline says so. The provider's idempotency key is derived from the
 * payment's state before this refund, so a caller that retries after a lost commit gets the same
 * refund back instead of a second one.
 */
export async function refundOrderPayment(tx: Transaction, orderId: string, amountCents: number, actor: EventActor): Promise<OrderRefund> {
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new Error("refundOrderPayment needs a positive whole amount of cents");
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ["succeeded", "partially_refunded"])))
    .for("update");
  if (!payment || !payment.providerRef) throw new AppError(409, PAYMENT_MESSAGES.noPaymentToRefund);
  if (payment.refundedCents + amountCents > payment.amountCents) throw new AppError(409, PAYMENT_MESSAGES.refundTooLarge);

  const provider = paymentProvider(tx);
  let refundRef: string;
  try {
    ({ refundRef } = await provider.refund({
      providerRef: payment.providerRef,
      amountCents,
      idempotencyKey: `refund:${payment.id}:${payment.refundedCents}:${amountCents}`,
    }));
  } catch (error) {
    if (error instanceof RefundRefusedError) throw new AppError(409, error.message);
    throw error;
  }

  const refundedCents = payment.refundedCents + amountCents;
  await tx
    .update(payments)
    .set({ refundedCents, status: refundedCents === payment.amountCents ? "refunded" : "partially_refunded", updatedAt: new Date() })
    .where(eq(payments.id, payment.id));
  // Everything paid has gone back: the order is "refunded" (a cancellation then makes it "cancelled"
  // in the same transaction); a partial refund leaves its status alone.
  await tx
    .update(orders)
    .set({
      refundedCents: sql`${orders.refundedCents} + ${amountCents}`,
      status: sql`case when ${orders.refundedCents} + ${amountCents} >= ${orders.totalCents}
        and ${orders.status} in ('paid', 'shipped', 'delivered') then 'refunded' else ${orders.status} end`,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, orderId));
  await recordEvent(tx, orderId, "refunded", actor, `${centsToAmount(amountCents)} refunded to ${payment.brand ?? "the card"} ending ${payment.last4 ?? "----"}`);
  return { paymentId: payment.id, refundRef, amountCents, refundedCents };
}
