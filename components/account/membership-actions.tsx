"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useSetAtom } from "jotai";
import { Button } from "@/components/ui/button";
import { CancelDialog } from "@/components/ui/cancel-dialog";
import { FormAlert } from "@/components/ui/form-alert";
import { ShopLink } from "@/components/ui/shop-link";
import { ApiError } from "@/lib/api/envelope";
import { cancelMembership, setRenewalCard } from "@/lib/api/memberships";
import { CardChoice, NEW_CARD, cardFromForm, type CardErrors } from "@/components/checkout/card-choice";
import type { CardInput } from "@/lib/rules/card-rules";
import { ROUTES, paymentPath } from "@/lib/config/routes";
import { formatUsd } from "@/lib/rules/money";
import { formatOrderDate } from "@/lib/display/order-display";
import type { SavedPaymentMethod } from "@/lib/schemas/order";
import type { CancellationPreview, Membership } from "@/lib/schemas/user";
import { showToastAtom } from "@/lib/state/notices";

function monthsText(months: number): string {
  return months === 1 ? "1 unused full month" : `${months} unused full months`;
}

/** Exactly what cancelling does, as the membership page promises it (the server computed the amounts). */
export function cancellationWords(preview: CancellationPreview): string {
  if (preview.mode === "at_period_end") {
    return `Your membership stays active until ${formatOrderDate(preview.activeUntil)}, then stops. It will not renew, and nothing more will be charged.`;
  }
  const cents = Math.round(preview.refund * 100);
  if (cents === 0)
    return "Your membership ends today. No full month of it is left unused, so there is nothing to refund. Nothing more will be charged.";
  return `Your membership ends today. We refund ${formatUsd(cents)} for ${monthsText(preview.unusedMonths)} to ${preview.card ?? "the card you paid with"}. Nothing more will be charged.`;
}

/**
 * A cancelled membership in words. Still running (a monthly cancel keeps the month paid for): until
 * when. Already over (a yearly cancel ends it at once and refunds the unused months, and a monthly
 * one ends at its month's end): since when, so "active until" never names a day that is gone.
 */
export function cancelledWords(membership: Pick<Membership, "status" | "endsAt">): string {
  const ended = membership.status === "cancelled" || membership.status === "expired";
  return ended
    ? `Your membership ended on ${formatOrderDate(membership.endsAt)}. Nothing more will be charged.`
    : `Cancelled: active until ${formatOrderDate(membership.endsAt)}, then it stops. Nothing more will be charged.`;
}

const ADD_ON_CARDS_PAGE = "Add the new card on your saved cards page first, then choose it here.";

/**
 * The member's renewal: when and with which card, a failing renewal's card change, and "Cancel
 * membership". `cardsPageOnly`: the payment provider takes new cards in its own field, which loads
 * only on the payment page and the saved cards page, so a new card is added there and chosen here.
 */
export function MembershipActions({
  membership,
  savedCards,
  cardsPageOnly = false,
}: {
  membership: Membership;
  savedCards: SavedPaymentMethod[];
  cardsPageOnly?: boolean;
}) {
  const router = useRouter();
  const showToast = useSetAtom(showToastAtom);
  const [method, setMethod] = useState<string>(membership.renewalCard?.id ?? savedCards[0]?.id ?? NEW_CARD);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  async function onCard(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setError(undefined);
    setCardErrors({});
    let chosen: { paymentMethodId: string } | { card: CardInput };
    if (method === NEW_CARD && cardsPageOnly) {
      setCardErrors({ number: ADD_ON_CARDS_PAGE });
      return;
    } else if (method === NEW_CARD) {
      const typed = cardFromForm(new FormData(event.currentTarget));
      if ("errors" in typed) {
        setCardErrors(typed.errors);
        return;
      }
      chosen = { card: typed.card };
    } else {
      chosen = { paymentMethodId: method };
    }
    setPending(true);
    try {
      const updated = await setRenewalCard(chosen);
      showToast({
        tone: "success",
        message:
          membership.status === "past_due" && updated?.status === "active"
            ? "Your membership is renewed with this card."
            : "Renewals will be charged to this card.",
      });
      router.refresh();
    } catch (failure) {
      setError(failure instanceof ApiError || failure instanceof Error ? failure.message : "Something went wrong. Please try again.");
    } finally {
      setPending(false);
    }
  }

  async function confirmCancel() {
    const answer = await cancelMembership();
    showToast({ tone: "success", message: `Your membership is cancelled. ${cancellationWords(answer.cancellation)}` });
    router.refresh();
  }

  return (
    <div className="mt-4 flex flex-col gap-4" data-testid="membership-renewal">
      {membership.status === "past_due" && membership.renewalToConfirm ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-[15px] text-red-900">
          Your bank asks you to confirm the renewal payment before it goes through. Your benefits continue meanwhile
          {membership.nextRenewalAttemptAt ? `; please confirm it by ${formatOrderDate(membership.nextRenewalAttemptAt)}` : ""}.{" "}
          <ShopLink href={paymentPath(membership.renewalToConfirm)} className="font-semibold underline">
            Confirm the payment
          </ShopLink>
        </div>
      ) : membership.status === "past_due" ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-[15px] text-red-900">
          We could not charge your card for the renewal: {membership.renewalFailure ?? "the payment did not go through."}{" "}
          {membership.nextRenewalAttemptAt
            ? `Your benefits continue; we try again on ${formatOrderDate(membership.nextRenewalAttemptAt)}. Choose another card below to try again now.`
            : ""}
        </div>
      ) : null}
      {membership.autoRenew ? (
        <p className="text-[15px] text-ink-soft">
          {membership.status === "past_due" ? "Renewal card" : `Renews on ${formatOrderDate(membership.endsAt)} with`}{" "}
          <span className="font-medium text-ink">{membership.renewalCard?.label ?? "no card yet: choose one below"}</span>.
        </p>
      ) : membership.cancelledAt ? (
        <p className="text-[15px] text-ink-soft">{cancelledWords(membership)}</p>
      ) : null}
      {membership.autoRenew ? (
        <form noValidate onSubmit={(event) => void onCard(event)} className="flex flex-col gap-3" aria-label="Card for renewals">
          <CardChoice
            idPrefix="renewal-card"
            legend="Card for renewals"
            legendVisible
            savedCards={savedCards}
            method={method}
            onMethod={setMethod}
            errors={cardErrors}
            providerCard={
              cardsPageOnly ? (
                <div className="flex flex-col gap-1 desk:col-span-2" data-testid="add-card-elsewhere">
                  <p className="text-[15px] text-ink-soft">
                    New cards are typed into the secure card field on your{" "}
                    <ShopLink href={ROUTES.savedCards} className="font-medium text-brand-700 underline">
                      saved cards page
                    </ShopLink>
                    . Add it there, then choose it here.
                  </p>
                  <FormAlert message={cardErrors.number} />
                </div>
              ) : undefined
            }
          />
          <FormAlert message={error} />
          <Button type="submit" disabled={pending} className="h-12">
            {membership.status === "past_due" ? "Use this card and try again" : "Use this card for renewals"}
          </Button>
        </form>
      ) : null}
      {membership.cancellation ? (
        <CancelDialog
          noun="membership"
          testId="cancel-membership-dialog"
          description={cancellationWords(membership.cancellation)}
          onConfirm={confirmCancel}
        />
      ) : null}
    </div>
  );
}
