import type { RefObject } from "react";
import type { CardInput } from "@/lib/rules/card-rules";
import type { ProviderFields } from "@/lib/rules/provider-fields";
import type { SavedPaymentMethod } from "@/lib/schemas/order";
import { CardChoice, NEW_CARD, cardFromForm, type CardErrors } from "./card-choice";
import { CARD_INCOMPLETE, ProviderCardField, type ProviderCard } from "./provider-card-field";

type CardPayment = { paymentMethodId: string } | { card: CardInput; savePaymentMethod: boolean } | { savePaymentMethod: boolean };

/**
 * How Pay pays with what `CardEntry` holds: a saved card, or the new card typed into the shop's
 * fields. With the provider's fields (`provider`) the card stays with the provider, and only the wish
 * to keep it goes to the shop. Or, field by field, what is wrong with the new card.
 */
export function cardPaymentOf(
  data: FormData,
  method: string,
  provider: { card: ProviderCard | null } | null,
): { payment: CardPayment } | { errors: CardErrors } {
  if (method !== NEW_CARD) return { payment: { paymentMethodId: method } };
  const savePaymentMethod = data.get("save") === "on";
  if (provider) {
    return provider.card?.complete ? { payment: { savePaymentMethod } } : { errors: { number: provider.card?.problem ?? CARD_INCOMPLETE } };
  }
  const typed = cardFromForm(data);
  return "errors" in typed ? typed : { payment: { card: typed.card, savePaymentMethod } };
}

/**
 * The payment page's card: a saved one, or a new one typed into the shop's fields or the provider's
 * (`providerFields`, reached through `providerCard`). A membership's card is kept for its renewals,
 * which the page says instead of offering to save it.
 */
export function CardEntry({
  savedCards,
  method,
  onMethod,
  errors,
  providerFields,
  providerCard,
  keepsCardForRenewals,
}: {
  savedCards: readonly SavedPaymentMethod[];
  method: string;
  onMethod: (method: string) => void;
  errors: CardErrors;
  providerFields: ProviderFields | null;
  providerCard: RefObject<ProviderCard | null>;
  keepsCardForRenewals: boolean;
}) {
  return (
    <>
      <CardChoice
        idPrefix="card"
        legend="Pay with"
        savedCards={savedCards}
        method={method}
        onMethod={onMethod}
        errors={errors}
        providerCard={
          providerFields ? <ProviderCardField fields={providerFields} cardRef={providerCard} error={errors.number} /> : undefined
        }
      >
        {keepsCardForRenewals ? null : (
          <label className="flex min-h-11 items-center gap-2 text-ink desk:col-span-2">
            <input type="checkbox" name="save" className="size-4 accent-brand-600" />
            Save this card for next time
          </label>
        )}
      </CardChoice>
      {keepsCardForRenewals ? (
        <p className="text-sm text-ink-soft" data-testid="renewal-card-note">
          Your membership renews automatically: we keep this card and charge the renewals to it until you cancel. You can choose another
          card or cancel any time from your account.
        </p>
      ) : null}
    </>
  );
}
