import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { getDb, type Transaction } from "@/lib/db/client";
import { payments, type PaymentRow } from "@/lib/db/schema";
import { AppError } from "@/lib/server/base/errors";
import { describeError } from "@/lib/server/base/error-log";
import { log } from "@/lib/server/log";
import { PAYMENT_MESSAGES } from "./messages";
import { RefundRefusedError, type RefundResult } from "./provider";
import { paymentProvider } from "./select";

// The payment side of a refund. The orders service keeps the ledger (which lines an amount pays
// back, lib/server/orders/refunds.ts); here the charge's own count moves, and the provider is asked,
// always outside a transaction: an amount is reserved on the payment first (`reserveRefund`, in the
// transaction that decides the refund), then sent (`refundAtProvider`), and given back to the
// payment's count if the provider refuses it or it fails later (`releaseRefund`).

/** The order's charge that money can go back to (its one successful payment), locked; 409 when there is none. */
export async function refundablePayment(tx: Transaction, orderId: string): Promise<PaymentRow> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ["succeeded", "partially_refunded", "refunded"])))
    .for("update");
  if (!payment || !payment.providerRef) throw new AppError(409, PAYMENT_MESSAGES.noPaymentToRefund);
  return payment;
}

/** The payment row `paymentId`, locked until the caller's transaction ends. */
export async function lockPayment(tx: Transaction, paymentId: string): Promise<PaymentRow> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
  if (!payment) throw new Error(`No payment ${paymentId}`);
  return payment;
}

function statusAfter(payment: PaymentRow, refundedCents: number): PaymentRow["status"] {
  if (payment.status === "duplicate_refunded") return payment.status;
  if (refundedCents === 0) return "succeeded";
  return refundedCents >= payment.amountCents ? "refunded" : "partially_refunded";
}

/**
 * Counts `amountCents` as going back on the locked payment (refused with the shop's words when it
 * is more than what is left of the charge), before the provider is asked.
 */
export async function reserveRefund(tx: Transaction, payment: PaymentRow, amountCents: number, now: Date): Promise<void> {
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new Error("A refund needs a positive whole amount of cents");
  const refundedCents = payment.refundedCents + amountCents;
  if (refundedCents > payment.amountCents) throw new AppError(409, PAYMENT_MESSAGES.refundRefused.amount_too_large);
  await tx
    .update(payments)
    .set({ refundedCents, status: statusAfter(payment, refundedCents), updatedAt: now })
    .where(eq(payments.id, payment.id));
}

/** An amount counted as going back did not (refused, or failed later): the charge's count gives it back. */
export async function releaseRefund(tx: Transaction, paymentId: string, amountCents: number, now: Date): Promise<void> {
  const payment = await lockPayment(tx, paymentId);
  const refundedCents = Math.max(0, payment.refundedCents - amountCents);
  await tx
    .update(payments)
    .set({ refundedCents, status: statusAfter(payment, refundedCents), updatedAt: now })
    .where(eq(payments.id, paymentId));
}

/**
 * Money that went back outside the shop (the provider's dashboard): the charge's count follows the
 * provider's total. Answers the amount that is new to the shop, 0 when there is none.
 */
export async function followProviderRefunds(tx: Transaction, paymentId: string, refundedCents: number, now: Date): Promise<number> {
  const payment = await lockPayment(tx, paymentId);
  if (payment.status === "duplicate_refunded") return 0;
  const total = Math.min(refundedCents, payment.amountCents);
  const more = total - payment.refundedCents;
  if (more <= 0) return 0;
  await tx
    .update(payments)
    .set({ refundedCents: total, status: statusAfter(payment, total), updatedAt: now })
    .where(eq(payments.id, paymentId));
  return more;
}

/** What the provider said of a refund: its answer, or its refusal in the shop's words. Null: it could not be asked now. */
export type RefundOutcome = RefundResult | { status: "refused"; code: string; failureMessage: string };

/**
 * Asks the provider to send `amountCents` of the charge `providerRef` back, under the refund's own
 * key (a retry after a crash gets the same refund), outside any transaction.
 */
export async function refundAtProvider(providerRef: string, amountCents: number, idempotencyKey: string): Promise<RefundOutcome | null> {
  const provider = paymentProvider(await getDb());
  try {
    return await provider.refund({ providerRef, amountCents, idempotencyKey });
  } catch (error) {
    if (error instanceof RefundRefusedError) return { status: "refused", code: error.code, failureMessage: error.message };
    log.warn({ providerRef, error: describeError(error) }, "The payment provider did not answer a refund; it is asked again later");
    return null;
  }
}
