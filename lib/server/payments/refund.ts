import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Transaction } from "@/lib/db/client";
import { payments } from "@/lib/db/schema";
import { AppError } from "@/lib/server/http/errors";
import { PAYMENT_MESSAGES } from "./messages";
import { RefundRefusedError } from "./provider";
import { paymentProvider } from "./select";

/** What went back to the customer's card: the orders service applies it to the order. */
export interface RefundFact {
  paymentId: string;
  refundRef: string;
  amountCents: number;
  /** Everything refunded on this payment so far, this refund included. */
  refundedCents: number;
  /** The card it went back to, as the timeline names it. */
  brand: string | null;
  last4: string | null;
}

/**
 * Refunds part or all of an order's successful payment through the provider, inside the caller's
 * transaction (a cancellation, an after-sale refund), and raises the payment's refunded amount. The
 * provider's idempotency key is derived from the payment's state before this refund, so a caller
 * that retries after a lost commit gets the same refund back instead of a second one.
 */
export async function refundPayment(tx: Transaction, orderId: string, amountCents: number): Promise<RefundFact> {
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new Error("refundPayment needs a positive whole amount of cents");
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
  return { paymentId: payment.id, refundRef, amountCents, refundedCents, brand: payment.brand, last4: payment.last4 };
}
