// @vitest-environment jsdom
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Provider, createStore } from "jotai";
import { describe, expect, it, vi } from "vitest";
import type { SavedPaymentMethod } from "@/lib/schemas/order";
import type { Membership } from "@/lib/schemas/user";
import { MembershipActions } from "./membership-actions";

// The renewal-card form on a provider with card fields of its own (Stripe): its script loads only
// on the payment page and the saved cards page, so a new card is added there and chosen here; the
// form never shows card fields and never sends a card.

const api = vi.hoisted(() => ({
  callApi: vi.fn<(method: string, path: string, schema: unknown, options?: { json?: unknown }) => Promise<unknown>>(),
}));
vi.mock("@/lib/api/client", () => ({ callApi: api.callApi }));
const refresh = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));

const membership: Membership = {
  plan: "LW-MEM-Y",
  name: "Lenwell Membership, yearly",
  status: "active",
  startsAt: "2028-03-10T15:00:00.000Z",
  endsAt: "2029-03-10T15:00:00.000Z",
  autoRenew: true,
  renewalCard: null,
  renewalFailure: null,
  nextRenewalAttemptAt: null,
  cancelledAt: null,
  cancellation: null,
  renewalToConfirm: null,
};
const saved: SavedPaymentMethod = {
  id: "9d1f3c1e-2b7a-4c55-8e0f-1a2b3c4d5e6f",
  brand: "Visa",
  last4: "4242",
  expMonth: 3,
  expYear: 2031,
  isDefault: true,
  renewsMembership: false,
};

function show(savedCards: SavedPaymentMethod[]) {
  render(
    <Provider store={createStore()}>
      <MembershipActions membership={membership} savedCards={savedCards} cardsPageOnly />
    </Provider>,
  );
}

describe("the renewal card on a provider with its own card fields", () => {
  it("sends a new card to the saved cards page, with no card fields here", async () => {
    show([]);
    expect(screen.queryByLabelText("Card number")).toBeNull();
    expect(screen.getByRole("link", { name: "saved cards page" }).getAttribute("href")).toBe("/account/cards");
    await userEvent.click(screen.getByRole("button", { name: "Use this card for renewals" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Add the new card on your saved cards page first, then choose it here.");
    expect(api.callApi).not.toHaveBeenCalled();
  });

  it("sets the renewals to a saved card", async () => {
    api.callApi.mockResolvedValueOnce({ membership: { ...membership, renewalCard: { id: saved.id, label: "Visa •••• 4242" } } });
    show([saved]);
    await userEvent.click(screen.getByRole("button", { name: "Use this card for renewals" }));
    await waitFor(() => expect(api.callApi).toHaveBeenCalledTimes(1));
    expect(api.callApi).toHaveBeenCalledWith("put", "user/membership/card", expect.anything(), {
      json: { paymentMethodId: saved.id },
      blocking: true,
    });
    await waitFor(() => expect(refresh).toHaveBeenCalled());
  });
});
