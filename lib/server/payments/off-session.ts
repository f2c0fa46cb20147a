import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb, type Transaction } from "@/lib/db/client";
import { describeError } from "@/lib/server/base/error-log";
import { log } from "@/lib/server/log";
import { payments, savedPaymentMethods } from "@/lib/db/schema";
import { providerCustomer } from "./customers";
import { PAYMENT_MESSAGES } from "./messages";
import { InvalidCardError, type ChargeResult } from "./provider";
import { paymentProvider } from "./select";

// Charges of a saved card with nobody at the screen (membership renewals). The provider is asked
// first, under an idempotency key the caller derives from what is being paid for (the membership
// and its period), so a run that dies after the charge and tries again gets the same charge back;
// a charge that succeeded, or that waits for the holder to confirm it with their bank, becomes a
// payment row on the order the caller then makes for it. A decline leaves no row.

export type OffSessionOutcome =
  | { status: "paid"; result: ChargeResult }
  /** The bank wants the holder present: the charge waits for the customer to confirm it in the browser. */
  | { status: "requires_action"; result: ChargeResult; message: string }
  | { status: "failed"; message: string }
  /** The provider could not be asked now: nothing is known, so nothing is counted. */
  | { status: "unavailable" };

export interface OffSessionCharge {
  userId: string;
  /** The customer's saved card (saved_payment_methods.id); another customer's or a missing one fails. */
  paymentMethodId: string | null;
  amountCents: number;
  idempotencyKey: string;
  description: string;
}

/** Asked outside any transaction: the provider may take its time, and no row waits on it. */
export async function chargeSavedCard(charge: OffSessionCharge): Promise<OffSessionOutcome> {
  const tx = await getDb();
  const provider = paymentProvider(tx);
  const [saved] = charge.paymentMethodId
    ? await tx
        .select()
        .from(savedPaymentMethods)
        .where(
          and(
            eq(savedPaymentMethods.id, charge.paymentMethodId),
            eq(savedPaymentMethods.userId, charge.userId),
            eq(savedPaymentMethods.provider, provider.name),
          ),
        )
        .limit(1)
    : [];
  if (!saved) return { status: "failed", message: PAYMENT_MESSAGES.noSavedCard };
  try {
    const result = await provider.chargeOffSession({
      amountCents: charge.amountCents,
      currency: "usd",
      reference: saved.providerRef,
      customer: await providerCustomer(tx, provider, charge.userId),
      idempotencyKey: charge.idempotencyKey,
      description: charge.description,
    });
    if (result.status === "succeeded") return { status: "paid", result };
    // What the result says, not which provider said it: one that never waits never answers this.
    if (result.status === "requires_action") {
      return { status: "requires_action", result, message: result.failureMessage ?? PAYMENT_MESSAGES.authenticate };
    }
    return { status: "failed", message: result.failureMessage ?? PAYMENT_MESSAGES.offSessionDeclined };
  } catch (error) {
    // An expired or removed card: nobody is there to correct it, so it is a failed renewal.
    if (error instanceof InvalidCardError) return { status: "failed", message: error.message };
    // The provider did not answer: not a decline, so no try is counted; the next run asks again
    // under the same key, and gets this charge back if it was made.
    log.warn({ userId: charge.userId, error: describeError(error) }, "The payment provider did not answer a renewal charge");
    return { status: "unavailable" };
  }
}

/**
 * The payment row of an off-session charge that succeeded or waits for the customer, on the order
 * made for it. A waiting one is then finished like any payment of the order: the payment page's
 * re-check or the provider's webhook (settlePayment), or stopped when the order expires.
 */
export async function recordOffSessionPayment(
  tx: Transaction,
  record: { orderId: string; userId: string; idempotencyKey: string; amountCents: number; result: ChargeResult; now: Date },
): Promise<string> {
  const provider = paymentProvider(tx);
  const [row] = await tx
    .insert(payments)
    .values({
      orderId: record.orderId,
      userId: record.userId,
      idempotencyKey: record.idempotencyKey,
      provider: provider.name,
      providerRef: record.result.providerRef,
      status: record.result.status,
      failureMessage: record.result.failureMessage,
      amountCents: record.amountCents,
      brand: record.result.card?.brand ?? null,
      last4: record.result.card?.last4 ?? null,
      expMonth: record.result.card?.expMonth ?? null,
      expYear: record.result.card?.expYear ?? null,
      createdAt: record.now,
      updatedAt: record.now,
    })
    .returning({ id: payments.id });
  if (!row) throw new Error("The renewal payment insert returned no row");
  return row.id;
}
