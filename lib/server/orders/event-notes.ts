import "server-only";
import { AFTER_SALE_TYPE_LABELS, afterSaleNumber } from "@/lib/display/after-sale-display";
import { formatUsd } from "@/lib/rules/money";
import type { AfterSaleType } from "@/lib/schemas/after-sale";

// The notes written under timeline steps, in the words and formats the pages use elsewhere: money
// with its currency ("$61.62"), request numbers as the request page shows them ("5E461C55").

/** "$61.62 refunded to Visa ending 4242" (the card's brand and last digits when the provider knows them). */
export function refundNote(amountCents: number, card: { brand: string | null; last4: string | null }): string {
  const to = card.brand && card.last4 ? `${card.brand} ending ${card.last4}` : "the card it was paid with";
  return `${formatUsd(amountCents)} refunded to ${to}`;
}

/**
 * "Visa •••• 4242 · pi_3N…": the "paid" step's note, naming the payment as the operator finds it in
 * the provider's dashboard (its reference) and the customer on their statement (the card, labelled
 * as the pages label it: memberships' cardLabel). Null when the payment has neither.
 */
export function paymentNote(payment: { card: string | null; providerRef: string | null }): string | null {
  const parts = [payment.card, payment.providerRef].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(" · ") : null;
}

/** "$61.62 refunded from the payment provider's dashboard": money given back outside the shop. */
export function providerRefundNote(amountCents: number): string {
  return `${formatUsd(amountCents)} refunded from the payment provider's dashboard`;
}

/** "The cardholder disputes $61.62 with their bank (fraudulent)": a chargeback, for the operator to answer. */
export function disputeNote(amountCents: number, reason: string): string {
  return `The cardholder disputes ${formatUsd(amountCents)} with their bank (${reason.replace(/_/g, " ")}). Answer it in the payment provider's dashboard.`;
}

/** "Return request 5E461C55: 1 × Lenwell RO600, $61.62 refunded" (the refund only when there was one). */
export function afterSaleCompletedNote(
  request: { id: string; type: AfterSaleType; quantity: number; name: string },
  refundedCents: number,
): string {
  const what = `${AFTER_SALE_TYPE_LABELS[request.type]} request ${afterSaleNumber(request.id)}: ${request.quantity} × ${request.name}`;
  return refundedCents > 0 ? `${what}, ${formatUsd(refundedCents)} refunded` : what;
}
