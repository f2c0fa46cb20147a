import "server-only";
import type { Transaction } from "@/lib/db/client";
import type { ProductRow } from "@/lib/db/schema";
import { SYSTEM_ACTOR, recordEvent } from "./events";
import { insertOrder } from "./insert";
import { refundCapacity, requestRefund } from "./refunds";
import { moveOrder } from "./status";

// A membership renewal is an order like any other, so the member finds it under Orders with its
// receipt: one plan line, paid by the renewal's off-session charge. It ships nothing, so it has no
// address, no shipping charge and no sales tax (tax follows the delivery address). When the bank
// wants the member to confirm the charge, the order is made unpaid instead, and is paid on its
// payment page like any order; it stays payable until `payableUntil` (the membership's lapse), not
// the usual minutes, and then expires like any unpaid order, which stops the waiting charge.

export type RenewalPayment = { paid: true; note: string } | { paid: false; payableUntil: Date };

/** The order of one renewal period; the caller records its payment (recordOffSessionPayment). */
export async function createRenewalOrder(
  tx: Transaction,
  renewal: { userId: string; product: ProductRow; unitPriceCents: number; payment: RenewalPayment; now: Date },
): Promise<string> {
  const { product, unitPriceCents, payment, now } = renewal;
  const orderId = await insertOrder(
    tx,
    {
      userId: renewal.userId,
      status: payment.paid ? "paid" : "pending_payment",
      subtotalCents: unitPriceCents,
      shippingCents: 0,
      taxCents: 0,
      totalCents: unitPriceCents,
      // A plan is not a parcel: nothing to ship, no address, no fee.
      shippingMethod: null,
      shippingAddress: null,
      createdAt: now,
      updatedAt: now,
      paidAt: payment.paid ? now : null,
      expiresAt: payment.paid ? null : payment.payableUntil,
      // A plan's period is not taken off the shelf: a renewal never fails for stock.
      stockHeld: false,
    },
    // The plan's price for the period, the same for anyone renewing it.
    [{ product, quantity: 1, unitPriceCents, regularPriceCents: unitPriceCents }],
    { by: SYSTEM_ACTOR, note: "Membership renewal" },
  );
  if (payment.paid) await recordEvent(tx, orderId, "paid", SYSTEM_ACTOR, payment.note);
  else await recordEvent(tx, orderId, "payment_failed", SYSTEM_ACTOR, RENEWAL_AWAITS_BANK);
  return orderId;
}

const RENEWAL_AWAITS_BANK = "The bank asks the member to confirm the renewal payment; the link to this order's payment page was e-mailed.";

/**
 * A renewal order whose charge went through after its membership had stopped renewing: cancelled,
 * and the whole payment goes back through the ledger.
 */
export async function cancelPaidRenewalOrder(tx: Transaction, orderId: string, paymentId: string, now: Date): Promise<void> {
  const order = await moveOrder(tx, orderId, "cancelled", { cancelledAt: now, cancelReason: "renewal_ended", expiresAt: null });
  const parts = (await refundCapacity(tx, order))
    .filter((part) => part.leftCents > 0)
    .map((part) => ({ sku: part.sku, cents: part.leftCents }));
  if (parts.length === 0) return;
  await requestRefund(tx, {
    orderId,
    paymentId,
    reason: "paid_after_close",
    by: SYSTEM_ACTOR,
    parts,
    note: RENEWAL_NOT_WANTED,
    cancelling: true,
    now,
  });
}

const RENEWAL_NOT_WANTED = "Charged after the membership had stopped renewing: the payment went back in full.";
