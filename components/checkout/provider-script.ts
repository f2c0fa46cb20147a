"use client";

import type { Stripe, StripeCardElement, StripeConstructor } from "@stripe/stripe-js";
import type { ProviderFields } from "@/lib/rules/provider-fields";

// The payment provider's browser script (Stripe.js), loaded only by the pages where a card is typed
// or confirmed, from where the server says (Stripe's own host in production), once per page.

const loading = new Map<string, Promise<Stripe>>();

function injectScript(src: string): Promise<StripeConstructor> {
  return new Promise((resolve, reject) => {
    const found = (window as Window & { Stripe?: StripeConstructor }).Stripe;
    if (found) return resolve(found);
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.addEventListener("load", () => {
      const loaded = (window as Window & { Stripe?: StripeConstructor }).Stripe;
      if (loaded) resolve(loaded);
      else reject(new Error("The payment script loaded but did not start."));
    });
    script.addEventListener("error", () => reject(new Error("The payment script could not be loaded.")));
    document.head.append(script);
  });
}

/** The provider's client for `fields`, loading its script the first time. A failed load is tried again next time. */
export function loadProvider(fields: ProviderFields): Promise<Stripe> {
  const key = `${fields.scriptUrl} ${fields.publishableKey}`;
  let client = loading.get(key);
  if (!client) {
    client = injectScript(fields.scriptUrl).then((StripeJs) => StripeJs(fields.publishableKey));
    client.catch(() => loading.delete(key));
    loading.set(key, client);
  }
  return client;
}

/** What the server asked the browser to do for a payment (lib/schemas/order.ts `action`). */
export interface ProviderAction {
  kind: "confirm" | "authenticate";
  clientSecret: string;
  /** A charge the bank refused off-session (a renewal): the saved card to confirm it with, now on-session. */
  paymentMethod?: string;
}

/**
 * Confirms the payment in the browser: with the card typed into the provider's fields, or (a saved
 * card, a renewal the bank wants confirmed) by passing the bank's check. A renewal refused
 * off-session is confirmed again with its card, which brings the bank's check up here (Stripe sends
 * such an intent back to "requires_payment_method", which handleNextAction cannot take). Answers
 * the provider's message when it did not go through, null when it did; the server is asked how it
 * ended either way.
 */
export async function confirmInBrowser(stripe: Stripe, action: ProviderAction, card: StripeCardElement | null): Promise<string | null> {
  const result =
    action.kind === "confirm"
      ? await stripe.confirmCardPayment(action.clientSecret, card ? { payment_method: { card } } : undefined)
      : action.paymentMethod
        ? await stripe.confirmCardPayment(action.clientSecret, { payment_method: action.paymentMethod })
        : await stripe.handleNextAction({ clientSecret: action.clientSecret });
  return result.error ? (result.error.message ?? "The payment did not go through.") : null;
}

/**
 * Saves the card typed into the provider's fields for later charges (a SetupIntent): the provider's
 * script confirms it, passing the bank's check when it asks for one. Answers the provider's message
 * when it did not go through, null when it did; the server is asked how it ended either way.
 */
export async function confirmSetupInBrowser(stripe: Stripe, clientSecret: string, card: StripeCardElement): Promise<string | null> {
  const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
  return result.error ? (result.error.message ?? "The card could not be saved.") : null;
}
