"use client";

import type { ReactNode } from "react";
import { Field } from "@/components/account/field";
import { FormAlert } from "@/components/ui/form-alert";
import { readCard, type CardField, type CardInput } from "@/lib/rules/card-rules";
import type { SavedPaymentMethod } from "@/lib/schemas/order";

/** The choice that means "type a new card" rather than one of the saved cards' ids. */
export const NEW_CARD = "new";

export type CardErrors = Partial<Record<CardField, string>>;

/** The card typed into a `CardChoice`'s fields, or what is wrong with it field by field. */
export function cardFromForm(data: FormData): { card: CardInput } | { errors: CardErrors } {
  const field = (name: CardField) => String(data.get(name) ?? "");
  return readCard({ number: field("number"), expiry: field("expiry"), cvc: field("cvc"), name: field("name") });
}

/**
 * Which card pays (at checkout) or renews (a membership): one of the customer's saved cards, or a new
 * one typed into the fields below, which show only while "A new card" is chosen (or when nothing is
 * saved). `children` go under the new card's fields (the payment page's "Save this card" box).
 * With `providerCard`, the payment provider's own fields take the new card instead of the shop's.
 */
export function CardChoice({
  idPrefix,
  legend,
  legendVisible = false,
  savedCards,
  method,
  onMethod,
  errors,
  providerCard,
  children,
}: {
  /** The payment provider's own card fields, in place of the shop's (the card never reaches the shop). */
  providerCard?: ReactNode;
  idPrefix: string;
  legend: string;
  legendVisible?: boolean;
  savedCards: readonly SavedPaymentMethod[];
  method: string;
  onMethod: (method: string) => void;
  errors: CardErrors;
  children?: ReactNode;
}) {
  const option = "flex min-h-11 cursor-pointer items-center gap-3 rounded-2xl border border-line p-4";
  return (
    <>
      <fieldset className="flex flex-col gap-3">
        <legend className={legendVisible ? "mb-1 text-sm font-medium text-ink" : "sr-only"}>{legend}</legend>
        {savedCards.map((card) => (
          <label key={card.id} className={option}>
            <input
              type="radio"
              name="method"
              value={card.id}
              checked={method === card.id}
              onChange={() => onMethod(card.id)}
              className="size-4 accent-brand-600"
            />
            <span className="text-ink">
              {card.brand} ending {card.last4}
              <span className="text-sm text-ink-soft">
                {" "}
                · expires {String(card.expMonth).padStart(2, "0")}/{card.expYear}
                {card.isDefault ? " · default" : ""}
              </span>
            </span>
          </label>
        ))}
        {savedCards.length > 0 ? (
          <label className={option}>
            <input
              type="radio"
              name="method"
              value={NEW_CARD}
              checked={method === NEW_CARD}
              onChange={() => onMethod(NEW_CARD)}
              className="size-4 accent-brand-600"
            />
            <span className="text-ink">A new card</span>
          </label>
        ) : null}
      </fieldset>
      {method === NEW_CARD && providerCard ? (
        <div className="grid gap-4 desk:grid-cols-2">
          {providerCard}
          {children}
        </div>
      ) : method === NEW_CARD ? (
        <div className="grid gap-4 desk:grid-cols-2">
          <div className="desk:col-span-2">
            <Field
              id={`${idPrefix}-number`}
              name="number"
              label="Card number"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              error={errors.number}
            />
          </div>
          <Field
            id={`${idPrefix}-expiry`}
            name="expiry"
            label="Expiry (MM / YY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            error={errors.expiry}
          />
          <Field
            id={`${idPrefix}-cvc`}
            name="cvc"
            label="Security code (CVC)"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            error={errors.cvc}
          />
          <div className="desk:col-span-2">
            <Field id={`${idPrefix}-name`} name="name" label="Name on the card" autoComplete="cc-name" error={errors.name} />
          </div>
          {children}
        </div>
      ) : (
        // A saved card the server refused (expired, removed) is answered on the number's key.
        <FormAlert message={errors.number} />
      )}
    </>
  );
}
