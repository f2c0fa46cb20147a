import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Provider, createStore } from "jotai";
import { useEffect } from "react";
import { describe, expect, it, vi } from "vitest";
import type { SavedCardAnswer, SavedPaymentMethod } from "@/lib/schemas/order";
import type { Membership } from "@/lib/schemas/user";
import { MembershipActions } from "./membership-actions";

// The renewal-card form on a provider with card fields of its own (Stripe): "A new card" is typed
// into the provider's field (a stand-in here, already complete), saved through a setup, and the
// renewals are then set to the saved card's id; the card itself never reaches the shop's API.

const api = vi.hoisted(() => ({
  callApi: vi.fn<(method: string, path: string, schema: unknown, options?: { json?: unknown }) => Promise<unknown>>(),
  saveCardInProviderFields: vi.fn<(fields: unknown, card: unknown, attempt: unknown) => Promise<SavedCardAnswer>>(),
}));
vi.mock("@/lib/api/client", () => ({ callApi: api.callApi }));
vi.mock("./provider-card-setup", () => ({ saveCardInProviderFields: api.saveCardInProviderFields }));
const refresh = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));

// What the form uses of Stripe's card Element.
const element = { focus: vi.fn(), clear: vi.fn() };
vi.mock("@/components/checkout/provider-card-field", () => ({
  CARD_INCOMPLETE: "Enter the card number, expiry date and security code.",
  ProviderCardField: ({
    cardRef,
  }: {
    cardRef: { current: { element: typeof element; complete: boolean; problem: string | null } | null };
  }) => {
    useEffect(() => {
      cardRef.current = { element, complete: true, problem: null };
    }, [cardRef]);
    return <div data-testid="provider-card">Card</div>;
  },
}));

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
};
const fields = { publishableKey: "pk_test_x", scriptUrl: "https://js.stripe.com/v3" };
const saved: SavedPaymentMethod = {
  id: "9d1f3c1e-2b7a-4c55-8e0f-1a2b3c4d5e6f",
  brand: "Visa",
  last4: "4242",
  expMonth: 3,
  expYear: 2031,
  isDefault: true,
  renewsMembership: false,
};

function show() {
  render(
    <Provider store={createStore()}>
      <MembershipActions membership={membership} savedCards={[]} providerFields={fields} />
    </Provider>,
  );
}

describe("the renewal card on a provider with its own card fields", () => {
  it("saves the new card through the provider, then sets the renewals to its saved id", async () => {
    api.saveCardInProviderFields.mockResolvedValueOnce({ status: "saved", message: null, card: saved, cards: [saved] });
    api.callApi.mockResolvedValueOnce({ membership: { ...membership, renewalCard: { id: saved.id, label: "Visa •••• 4242" } } });
    show();
    expect(screen.getByTestId("provider-card")).toBeDefined();
    expect(screen.queryByLabelText("Card number")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Use this card for renewals" }));
    await waitFor(() => expect(api.callApi).toHaveBeenCalledTimes(1));
    expect(api.saveCardInProviderFields).toHaveBeenCalledWith(fields, element, expect.anything());
    expect(api.callApi).toHaveBeenCalledWith("put", "user/membership/card", expect.anything(), {
      json: { paymentMethodId: saved.id },
      blocking: true,
    });
    await waitFor(() => expect(refresh).toHaveBeenCalled());
  });

  it("shows why the card was not saved, and leaves the renewals as they were", async () => {
    api.callApi.mockReset();
    api.saveCardInProviderFields.mockResolvedValueOnce({ status: "failed", message: "Your card was declined.", card: null, cards: [] });
    show();
    await userEvent.click(screen.getByRole("button", { name: "Use this card for renewals" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Your card was declined.");
    expect(api.callApi).not.toHaveBeenCalled();
  });
});
