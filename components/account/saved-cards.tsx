"use client";

import { useRef, useState, type FormEvent } from "react";
import { Dialog, DialogPanel, DialogTitle, Description } from "@headlessui/react";
import { Button, ButtonRow } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { StatusBadge } from "@/components/ui/status-badge";
import { CardChoice, NEW_CARD, cardFromForm, type CardErrors } from "@/components/checkout/card-choice";
import { CARD_INCOMPLETE, ProviderCardField, type ProviderCard } from "@/components/checkout/provider-card-field";
import { ApiError } from "@/lib/api/envelope";
import { addSavedCard, makeDefaultCard, removeSavedCard } from "@/lib/api/saved-cards";
import type { CardField } from "@/lib/rules/card-rules";
import type { ProviderFields } from "@/lib/rules/provider-fields";
import type { SavedCardAnswer, SavedPaymentMethod } from "@/lib/schemas/order";
import { saveCardInProviderFields } from "./provider-card-setup";

const GENERIC_FAILURE = "Something went wrong. Please try again.";
const CARD_FIELDS: readonly CardField[] = ["number", "expiry", "cvc", "name"];

function cardName(card: SavedPaymentMethod): string {
  return `${card.brand} ending ${card.last4}`;
}

function messageOf(failure: unknown): string {
  return failure instanceof Error ? failure.message : GENERIC_FAILURE;
}

/** The server's refusal of a typed card, on the field it names ("card.number"; the expiry's month and year share one field). */
function cardErrorsOf(failure: unknown): CardErrors {
  const errors: CardErrors = {};
  if (!(failure instanceof ApiError)) return errors;
  for (const issue of failure.errors) {
    const name = issue.path.replace(/^card\.?/, "");
    const field = name === "expMonth" || name === "expYear" ? "expiry" : CARD_FIELDS.find((known) => known === name);
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The saved-cards screen: the customer's cards (rendered by the server, then kept from the API's
 * answers), made the default or removed after a confirmation, and a new card added. With
 * `providerFields` the card is typed into the payment provider's own fields and saved through a
 * setup the provider confirms; without, into the shop's fields.
 */
export function SavedCards({ initial, providerFields }: { initial: SavedPaymentMethod[]; providerFields: ProviderFields | null }) {
  const [cards, setCards] = useState(initial);
  const [notice, setNotice] = useState("");
  const [listError, setListError] = useState<string | undefined>();
  const [switching, setSwitching] = useState<string | null>(null);
  const [removing, setRemoving] = useState<SavedPaymentMethod | null>(null);
  const [removeError, setRemoveError] = useState<string | undefined>();
  const [removePending, setRemovePending] = useState(false);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [addError, setAddError] = useState<string | undefined>();
  const [adding, setAdding] = useState(false);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const providerCard = useRef<ProviderCard | null>(null);
  const setupAttempt = useRef<string | null>(null);

  /** Focus to `id`'s row once the list shows the answer (its own button may be gone), or to the list's heading. */
  function focusAfterChange(id: string | null) {
    requestAnimationFrame(() => {
      const row = id ? document.getElementById(`saved-card-${id}`) : null;
      (row ?? listHeading.current)?.focus();
    });
  }

  async function makeDefault(card: SavedPaymentMethod) {
    setListError(undefined);
    setSwitching(card.id);
    try {
      setCards(await makeDefaultCard(card.id));
      setNotice(`${cardName(card)} is now your default card.`);
      focusAfterChange(card.id);
    } catch (failure) {
      setListError(messageOf(failure));
    } finally {
      setSwitching(null);
    }
  }

  function closeRemove() {
    if (removePending) return;
    setRemoving(null);
    setRemoveError(undefined);
  }

  async function confirmRemove(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!removing) return;
    setRemovePending(true);
    setRemoveError(undefined);
    try {
      setCards(await removeSavedCard(removing.id));
      setNotice(`${cardName(removing)} was removed.`);
      setRemoving(null);
      focusAfterChange(null);
    } catch (failure) {
      // A card that renews the membership is refused (409): the server's words say what to do first.
      setRemoveError(messageOf(failure));
    } finally {
      setRemovePending(false);
    }
  }

  function showAdded(answer: SavedCardAnswer, form: HTMLFormElement) {
    setCards(answer.cards);
    if (answer.status === "saved" && answer.card) {
      setNotice(`${cardName(answer.card)} is saved.`);
      form.reset();
      providerCard.current?.element.clear();
      focusAfterChange(answer.card.id);
    } else {
      setAddError(answer.message ?? "The card could not be saved. Please try again.");
    }
  }

  async function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (adding) return;
    const form = event.currentTarget;
    setAddError(undefined);
    setCardErrors({});
    setNotice("");
    if (providerFields) {
      const typed = providerCard.current;
      if (!typed?.complete) {
        setCardErrors({ number: typed?.problem ?? CARD_INCOMPLETE });
        typed?.element.focus();
        return;
      }
      setAdding(true);
      try {
        showAdded(await saveCardInProviderFields(providerFields, typed.element, setupAttempt), form);
      } catch (failure) {
        setAddError(messageOf(failure));
      } finally {
        setAdding(false);
      }
      return;
    }
    const typed = cardFromForm(new FormData(form));
    if ("errors" in typed) {
      setCardErrors(typed.errors);
      const first = CARD_FIELDS.find((name) => typed.errors[name]);
      if (first) document.getElementById(`add-card-${first}`)?.focus();
      return;
    }
    setAdding(true);
    try {
      showAdded(await addSavedCard(typed.card), form);
    } catch (failure) {
      const fieldErrors = cardErrorsOf(failure);
      setCardErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setAddError(messageOf(failure));
    } finally {
      setAdding(false);
    }
  }

  return (
    <div className="grid gap-8 desk:grid-cols-[3fr_2fr]">
      <section aria-labelledby="saved-cards-title" className="flex flex-col gap-4">
        <div>
          <h2 id="saved-cards-title" ref={listHeading} tabIndex={-1} className="text-xl font-semibold text-ink outline-none">
            Your cards
          </h2>
          {/* Always in the page, so what is put in it is announced. */}
          <p role="status" className="mt-1 text-[15px] font-medium text-green-800">
            {notice}
          </p>
        </div>
        <FormAlert message={listError} />
        {cards.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line p-6 text-ink-soft">
            No saved cards yet. A card you save here, or at checkout, can pay your next order and renew your membership.
          </p>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="saved-cards">
            {cards.map((card) => (
              <li
                key={card.id}
                id={`saved-card-${card.id}`}
                tabIndex={-1}
                aria-label={cardName(card)}
                className="flex flex-col gap-4 rounded-2xl border border-line p-5 outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex flex-col gap-1">
                  <p className="font-medium text-ink">{cardName(card)}</p>
                  <p className="text-sm text-ink-soft">
                    Expires {String(card.expMonth).padStart(2, "0")}/{card.expYear}
                  </p>
                  {card.isDefault || card.renewsMembership ? (
                    <p className="mt-1 flex flex-wrap gap-2">
                      {card.isDefault ? <StatusBadge label="Default" tone="bg-brand-50 text-brand-800" /> : null}
                      {card.renewsMembership ? <StatusBadge label="Renews your membership" tone="bg-amber-50 text-amber-900" /> : null}
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-col gap-2 sm:flex-row">
                  {card.isDefault ? null : (
                    <Button
                      variant="secondary"
                      className="h-11 px-5 text-sm disabled:cursor-wait disabled:opacity-60"
                      disabled={switching !== null}
                      onClick={() => void makeDefault(card)}
                      aria-label={`Make default ${cardName(card)}`}
                    >
                      Make default
                    </Button>
                  )}
                  <button
                    type="button"
                    aria-haspopup="dialog"
                    aria-label={`Remove ${cardName(card)}`}
                    onClick={() => setRemoving(card)}
                    className="h-11 rounded-full border border-red-300 bg-white px-5 text-sm font-semibold text-red-800 hover:bg-red-50"
                  >
                    Remove
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="add-card-title" className="self-start rounded-2xl border border-line p-6">
        <h2 id="add-card-title" className="mb-4 text-xl font-semibold text-ink">
          Add a card
        </h2>
        <form noValidate onSubmit={(event) => void onAdd(event)} className="flex flex-col gap-4" aria-labelledby="add-card-title">
          <CardChoice
            idPrefix="add-card"
            legend="New card"
            savedCards={[]}
            method={NEW_CARD}
            onMethod={() => undefined}
            errors={cardErrors}
            providerCard={
              providerFields ? <ProviderCardField fields={providerFields} cardRef={providerCard} error={cardErrors.number} /> : undefined
            }
          />
          <FormAlert message={addError} />
          <Button type="submit" disabled={adding} className="h-12 disabled:cursor-wait disabled:bg-brand-300">
            {adding ? "Saving…" : "Save card"}
          </Button>
          <p className="text-sm text-ink-soft">
            {providerFields
              ? "The card number goes straight to our payment provider; the shop keeps only its brand, last four digits and expiry."
              : "The shop keeps only the card's brand, last four digits and expiry; the payment provider keeps the rest."}
          </p>
        </form>
      </section>

      <Dialog open={removing !== null} onClose={closeRemove} className="relative z-[60]">
        <div className="fixed inset-0 bg-ink/40" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel data-testid="remove-card-dialog" className="w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl">
            <DialogTitle className="text-xl font-semibold text-ink">Remove {removing ? cardName(removing) : "this card"}?</DialogTitle>
            <Description className="mt-2 text-[15px] text-ink-soft">
              It will no longer be offered at checkout, and nothing can be charged to it from this shop again. You can add it again later.
            </Description>
            <form noValidate onSubmit={(event) => void confirmRemove(event)} className="mt-5 flex flex-col gap-4">
              <FormAlert message={removeError} />
              <ButtonRow primaryFirstOnPhone>
                <button
                  type="button"
                  onClick={closeRemove}
                  className="h-12 rounded-full border border-line font-semibold text-ink hover:bg-canvas"
                >
                  Keep card
                </button>
                <button
                  type="submit"
                  disabled={removePending}
                  className="h-12 rounded-full bg-red-700 font-semibold text-white hover:bg-red-800 disabled:cursor-wait disabled:bg-red-300"
                >
                  {removePending ? "Removing…" : "Yes, remove card"}
                </button>
              </ButtonRow>
            </form>
          </DialogPanel>
        </div>
      </Dialog>
    </div>
  );
}
