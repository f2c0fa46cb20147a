// @vitest-environment jsdom
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Provider, createStore } from "jotai";
import { describe, expect, it, vi } from "vitest";
import type { Membership } from "@/lib/schemas/user";
import { cancelMembershipResponseSchema } from "@/lib/schemas/user";
import { toastsAtom } from "@/lib/state/notices";
import { MembershipActions, cancellationWords, cancelledWords } from "./membership-actions";

const api = vi.hoisted(() => ({
  callApi: vi.fn<(method: string, path: string, schema: unknown, options?: { json?: unknown }) => Promise<unknown>>(),
}));
vi.mock("@/lib/api/client", () => ({ callApi: api.callApi }));
const refresh = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));

const yearly: Membership = {
  plan: "LW-MEM-Y",
  name: "Lenwell Membership, yearly",
  status: "active",
  startsAt: "2028-03-10T15:00:00.000Z",
  endsAt: "2029-03-10T15:00:00.000Z",
  autoRenew: true,
  renewalCard: { id: "5b0c4f9e-7a53-4f55-9d6e-0c2d3e4f5a6b", label: "Visa •••• 4242" },
  renewalFailure: null,
  nextRenewalAttemptAt: null,
  renewalToConfirm: null,
  cancelledAt: null,
  cancellation: { mode: "now", refund: 102.8, unusedMonths: 9, card: "Visa •••• 4242" },
};

describe("cancellationWords", () => {
  it("states exactly what a monthly and a yearly cancel do", () => {
    expect(cancellationWords({ mode: "at_period_end", activeUntil: "2028-02-29T18:00:00.000Z" })).toBe(
      "Your membership stays active until Feb 29, 2028, then stops. It will not renew, and nothing more will be charged.",
    );
    expect(cancellationWords({ mode: "now", refund: 102.8, unusedMonths: 9, card: "Visa •••• 4242" })).toBe(
      "Your membership ends today. We refund $102.80 for 9 unused full months to Visa •••• 4242. Nothing more will be charged.",
    );
    expect(cancellationWords({ mode: "now", refund: 10.75, unusedMonths: 1, card: null })).toContain(
      "We refund $10.75 for 1 unused full month to the card you paid with.",
    );
    expect(cancellationWords({ mode: "now", refund: 0, unusedMonths: 0, card: "Visa •••• 4242" })).toContain("nothing to refund");
  });
});

describe("a cancelled membership on the account page", () => {
  it("says a yearly membership cancelled today ended today, not that it stays active until today", () => {
    // What the profile answers after a yearly cancel: ended at the cancel moment, unused months refunded.
    const cancelledAt = "2028-06-14T16:30:00.000Z";
    const ended: Membership = { ...yearly, status: "cancelled", endsAt: cancelledAt, autoRenew: false, cancelledAt, cancellation: null };
    render(
      <Provider store={createStore()}>
        <MembershipActions membership={ended} savedCards={[]} />
      </Provider>,
    );
    const renewal = screen.getByTestId("membership-renewal");
    expect(renewal.textContent).toContain("Your membership ended on Jun 14, 2028. Nothing more will be charged.");
    expect(renewal.textContent).not.toMatch(/active until|then it stops/);
    expect(screen.queryByRole("button", { name: "Cancel membership" })).toBeNull();
  });

  it("says a cancelled monthly membership that still runs stays active until the end of the month paid for", () => {
    const cancelledAt = "2028-06-14T16:30:00.000Z";
    const running = { status: "active", endsAt: "2028-07-01T15:00:00.000Z" } as const;
    expect(cancelledWords(running)).toBe("Cancelled: active until Jul 1, 2028, then it stops. Nothing more will be charged.");
    render(
      <Provider store={createStore()}>
        <MembershipActions
          membership={{ ...yearly, plan: "LW-MEM-M", ...running, autoRenew: false, cancelledAt, cancellation: null }}
          savedCards={[]}
        />
      </Provider>,
    );
    expect(screen.getByTestId("membership-renewal").textContent).toContain("Cancelled: active until Jul 1, 2028, then it stops.");
    // Once its month is over the profile calls it cancelled: then it has ended.
    expect(cancelledWords({ status: "cancelled", endsAt: running.endsAt })).toBe(
      "Your membership ended on Jul 1, 2028. Nothing more will be charged.",
    );
  });
});

describe("the membership's renewal and cancel on the account page", () => {
  it("names the renewal card, confirms the cancel with its outcome, and calls the API", async () => {
    api.callApi.mockResolvedValueOnce({
      membership: { ...yearly, status: "cancelled", autoRenew: false, cancellation: null },
      cancellation: yearly.cancellation,
    });
    const store = createStore();
    render(
      <Provider store={store}>
        <MembershipActions membership={yearly} savedCards={[]} />
      </Provider>,
    );
    expect(screen.getByText(/Renews on Mar 10, 2029 with/)).toBeDefined();
    await userEvent.click(screen.getByRole("button", { name: "Cancel membership" }));
    expect(
      screen.getByText(
        "Your membership ends today. We refund $102.80 for 9 unused full months to Visa •••• 4242. Nothing more will be charged.",
      ),
    ).toBeDefined();
    await userEvent.click(screen.getByRole("button", { name: "Yes, cancel membership" }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(api.callApi).toHaveBeenCalledWith("post", "user/membership/cancel", cancelMembershipResponseSchema, {
      json: {},
      blocking: true,
    });
    expect(store.get(toastsAtom).at(-1)?.message).toContain("Your membership is cancelled.");
  });

  it("tells a past-due member why the renewal failed and when it is tried again", () => {
    const store = createStore();
    render(
      <Provider store={store}>
        <MembershipActions
          membership={{
            ...yearly,
            status: "past_due",
            renewalFailure: "Your card was declined.",
            nextRenewalAttemptAt: "2029-03-13T15:00:00.000Z",
          }}
          savedCards={[]}
        />
      </Provider>,
    );
    expect(screen.getByRole("alert").textContent).toContain("We could not charge your card for the renewal: Your card was declined.");
    expect(screen.getByRole("alert").textContent).toContain("we try again on Mar 13, 2029");
    expect(screen.getByRole("button", { name: "Use this card and try again" })).toBeDefined();
  });

  it("sends a member whose bank asks to confirm the renewal to the renewal order's payment page", () => {
    render(
      <Provider store={createStore()}>
        <MembershipActions
          membership={{
            ...yearly,
            status: "past_due",
            renewalFailure: "Your bank asks you to confirm this payment.",
            nextRenewalAttemptAt: "2029-03-20T15:00:00.000Z",
            renewalToConfirm: "4b3c2d1e-0f9a-4b8c-9d7e-6f5a4b3c2d1e",
          }}
          savedCards={[]}
        />
      </Provider>,
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Your bank asks you to confirm the renewal payment");
    expect(alert.textContent).toContain("please confirm it by Mar 20, 2029");
    expect(alert.textContent).not.toContain("we try again");
    expect(screen.getByRole("link", { name: "Confirm the payment" }).getAttribute("href")).toBe(
      "/mart/payment?orderId=4b3c2d1e-0f9a-4b8c-9d7e-6f5a4b3c2d1e",
    );
  });

  it("changes the renewal card to a saved one, or to a new one checked field by field before any call", async () => {
    const user = userEvent.setup();
    api.callApi.mockReset();
    api.callApi.mockResolvedValue({ ...yearly });
    const saved = {
      id: "9d1f3c1e-2b7a-4c55-8e0f-1a2b3c4d5e6f",
      brand: "Mastercard",
      last4: "4444",
      expMonth: 3,
      expYear: 2031,
      isDefault: false,
      renewsMembership: false,
    };
    render(
      <Provider store={createStore()}>
        <MembershipActions membership={yearly} savedCards={[saved]} />
      </Provider>,
    );
    // A saved card is offered with its expiry; the new card's fields wait until they are asked for.
    await user.click(screen.getByRole("radio", { name: /Mastercard ending 4444\s*· expires 03\/2031/ }));
    expect(screen.queryByLabelText("Card number")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Use this card for renewals" }));
    await waitFor(() => expect(api.callApi).toHaveBeenCalledTimes(1));
    expect(api.callApi.mock.calls[0]?.[3]?.json).toEqual({ paymentMethodId: saved.id });

    await user.click(screen.getByRole("radio", { name: "A new card" }));
    await user.type(screen.getByLabelText("Card number"), "4242");
    await user.click(screen.getByRole("button", { name: "Use this card for renewals" }));
    expect(await screen.findByText(/card number/i, { selector: "[id$='-error']" })).toBeDefined();
    expect(api.callApi).toHaveBeenCalledTimes(1);
  });
});
