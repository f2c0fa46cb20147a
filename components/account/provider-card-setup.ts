"use client";

import type { StripeCardElement } from "@stripe/stripe-js";
import { confirmSetupInBrowser, loadProvider } from "@/components/checkout/provider-script";
import { newIdempotencyKey } from "@/lib/api/payments";
import { checkCardSetup, startCardSetup } from "@/lib/api/saved-cards";
import type { ProviderFields } from "@/lib/rules/provider-fields";
import type { SavedCardAnswer } from "@/lib/schemas/order";

export const SETUP_UNREACHABLE = "The secure card fields could not be reached. Check your connection and try again.";

/**
 * Saves the card typed into the payment provider's own fields: the shop makes a setup for the
 * customer, the provider's script confirms the card (3-D Secure included), then the shop reads how
 * it ended from the provider and records the card. `attempt` keeps the key of a try whose setup
 * answer was lost, so pressing again gets the same setup; it is cleared once the setup is made.
 * The provider's words are shown over the shop's when the browser was refused.
 */
export async function saveCardInProviderFields(
  fields: ProviderFields,
  card: StripeCardElement,
  attempt: { current: string | null },
): Promise<SavedCardAnswer> {
  attempt.current ??= newIdempotencyKey();
  const setup = await startCardSetup(attempt.current);
  attempt.current = null;
  let refused: string | null;
  try {
    refused = await confirmSetupInBrowser(await loadProvider(fields), setup.clientSecret, card);
  } catch {
    refused = SETUP_UNREACHABLE;
  }
  const checked = await checkCardSetup(setup.setupIntentId);
  if (checked.status === "saved" || !refused) return checked;
  return { ...checked, status: "failed", message: refused };
}
