"use client";

import { useEffect, useId, useRef, useState } from "react";
import type { StripeCardElement } from "@stripe/stripe-js";
import type { ProviderFields } from "@/lib/rules/provider-fields";
import { loadProvider } from "./provider-script";

/** The provider's card fields as the payment form sees them: ready to confirm, or what is missing. */
export interface ProviderCard {
  element: StripeCardElement;
  complete: boolean;
  /** What the provider's fields say is wrong with the card as typed; null when nothing. */
  problem: string | null;
}

export const CARD_INCOMPLETE = "Enter the card number, expiry date and security code.";

/**
 * The card typed into the payment provider's own fields (Stripe's card Element, in its own frame):
 * the number and security code never reach this page's script or the shop's server. `cardRef`
 * holds the element for the form's Pay; `error` is the form's message for the card.
 */
export function ProviderCardField({
  fields,
  cardRef,
  error,
}: {
  fields: ProviderFields;
  cardRef: { current: ProviderCard | null };
  error?: string;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const [problem, setProblem] = useState<string | null>(null);
  const labelId = useId();
  const errorId = useId();

  useEffect(() => {
    let element: StripeCardElement | null = null;
    let cancelled = false;
    loadProvider(fields)
      .then((stripe) => {
        const mountPoint = holder.current;
        if (cancelled || !mountPoint) return;
        const card = stripe.elements().create("card", { hidePostalCode: true, style: { base: { fontSize: "16px", color: "#0f172a" } } });
        element = card;
        const shown: ProviderCard = { element: card, complete: false, problem: null };
        cardRef.current = shown;
        card.on("change", (event) => {
          shown.complete = event.complete;
          shown.problem = event.error?.message ?? null;
          setProblem(shown.problem);
        });
        card.on("ready", () => setState("ready"));
        card.mount(mountPoint);
      })
      .catch(() => {
        if (!cancelled) setState("failed");
      });
    return () => {
      cancelled = true;
      cardRef.current = null;
      element?.destroy();
    };
  }, [fields, cardRef]);

  const message = state === "failed" ? "The secure card fields could not be loaded. Reload the page to try again." : (error ?? problem);
  return (
    <div className="flex flex-col gap-1.5 desk:col-span-2" data-testid="provider-card">
      <span id={labelId} className="text-sm font-medium text-ink">
        Card
      </span>
      <div
        ref={holder}
        role="group"
        aria-labelledby={labelId}
        aria-describedby={message ? errorId : undefined}
        aria-busy={state === "loading"}
        className={`min-h-12 rounded-xl border bg-white px-3 py-3 ${message ? "border-red-600" : "border-line"}`}
      />
      {state === "loading" ? <span className="text-sm text-ink-soft">Loading the secure card fields…</span> : null}
      {message ? (
        <span id={errorId} role="alert" className="text-sm text-red-700">
          {message}
        </span>
      ) : null}
    </div>
  );
}
