"use client";

import type { PaymentResult } from "@/lib/api/payments";
import type { ProviderFields } from "@/lib/rules/provider-fields";
import type { ProviderCard } from "./provider-card-field";
import { confirmInBrowser, loadProvider, type ProviderAction } from "./provider-script";

/**
 * The provider's script confirms the payment in the browser (the card typed into its fields, or the
 * bank's check), then the shop is asked how it ended: it reads the provider's own answer, so a slow
 * webhook never keeps the customer waiting. The provider's words are shown when the shop has none.
 */
export async function confirmWithProvider(
  orderId: string,
  fields: ProviderFields,
  action: ProviderAction,
  card: ProviderCard | null,
): Promise<PaymentResult> {
  const { checkPayment } = await import("./payment-actions");
  let refused: string | null;
  try {
    refused = await confirmInBrowser(await loadProvider(fields), action, card?.element ?? null);
  } catch {
    refused = "The secure card fields could not be reached. Check your connection and press Pay again.";
  }
  const checked = await checkPayment({ orderId });
  return checked.status === "paid" || !refused ? checked : { ...checked, message: refused };
}
