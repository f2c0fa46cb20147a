// @vitest-environment jsdom
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Provider, createStore } from "jotai";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/envelope";
import type { SavedPaymentMethod } from "@/lib/schemas/order";
import { SavedCards } from "./saved-cards";

// The screen with the shop's own card fields (the sandbox gateway); the API client is stubbed, the
// schemas its answers are read with are the real ones.
const api = vi.hoisted(() => ({
  callApi: vi.fn<(method: string, path: string, schema: unknown, options?: { json?: unknown }) => Promise<unknown>>(),
}));
vi.mock("@/lib/api/client", () => ({ callApi: api.callApi }));

const nextYear = new Date().getFullYear() + 2;
const visa: SavedPaymentMethod = {
  id: "5b0c4f9e-7a53-4f55-9d6e-0c2d3e4f5a6b",
  brand: "Visa",
  last4: "4242",
  expMonth: 4,
  expYear: 2031,
  isDefault: true,
  renewsMembership: true,
};
const mastercard: SavedPaymentMethod = {
  id: "8d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a",
  brand: "Mastercard",
  last4: "4444",
  expMonth: 12,
  expYear: 2030,
  isDefault: false,
  renewsMembership: false,
};

function show(cards: SavedPaymentMethod[]) {
  render(
    <Provider store={createStore()}>
      <SavedCards initial={cards} providerFields={null} />
    </Provider>,
  );
}

const row = (name: string) => screen.getByRole("listitem", { name });

beforeEach(() => {
  api.callApi.mockReset();
});

describe("the saved-cards screen", () => {
  it("lists the cards the server rendered, with expiry, default and renewal, without calling the API", () => {
    show([visa, mastercard]);
    expect(api.callApi).not.toHaveBeenCalled();
    const first = row("Visa ending 4242");
    expect(within(first).getByText("Expires 04/2031")).toBeDefined();
    expect(within(first).getByText("Default")).toBeDefined();
    expect(within(first).getByText("Renews your membership")).toBeDefined();
    expect(within(first).queryByRole("button", { name: /Make default/ })).toBeNull();
    const second = row("Mastercard ending 4444");
    expect(within(second).getByText("Expires 12/2030")).toBeDefined();
    expect(within(second).queryByText("Default")).toBeNull();
    expect(within(second).getByRole("button", { name: "Make default Mastercard ending 4444" })).toBeDefined();
  });

  it("says so when there is no card yet", () => {
    show([]);
    expect(screen.getByText(/No saved cards yet/)).toBeDefined();
  });

  it("makes a card the default and announces it", async () => {
    api.callApi.mockResolvedValueOnce([
      { ...mastercard, isDefault: true },
      { ...visa, isDefault: false },
    ]);
    show([visa, mastercard]);
    await userEvent.click(screen.getByRole("button", { name: "Make default Mastercard ending 4444" }));
    expect(api.callApi).toHaveBeenCalledWith("put", "user/saved_payments_methods/default", expect.anything(), {
      json: { id: mastercard.id },
      blocking: true,
    });
    expect(await screen.findByText("Mastercard ending 4444 is now your default card.")).toBeDefined();
    expect(within(row("Mastercard ending 4444")).getByText("Default")).toBeDefined();
    expect(within(row("Visa ending 4242")).getByRole("button", { name: "Make default Visa ending 4242" })).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(row("Mastercard ending 4444")));
  });

  it("removes a card only once confirmed, then moves focus to the list", async () => {
    api.callApi.mockResolvedValueOnce([visa]);
    show([visa, mastercard]);
    await userEvent.click(screen.getByRole("button", { name: "Remove Mastercard ending 4444" }));
    const dialog = screen.getByTestId("remove-card-dialog");
    expect(within(dialog).getByText("Remove Mastercard ending 4444?")).toBeDefined();
    await userEvent.click(within(dialog).getByRole("button", { name: "Keep card" }));
    await waitFor(() => expect(screen.queryByTestId("remove-card-dialog")).toBeNull());
    expect(api.callApi).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Remove Mastercard ending 4444" }));
    await userEvent.click(screen.getByRole("button", { name: "Yes, remove card" }));
    expect(api.callApi).toHaveBeenCalledWith("delete", "user/saved_payments_methods", expect.anything(), {
      json: { id: mastercard.id },
      blocking: true,
    });
    expect(await screen.findByText("Mastercard ending 4444 was removed.")).toBeDefined();
    expect(screen.queryByRole("listitem", { name: "Mastercard ending 4444" })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Your cards" })));
  });

  it("shows the server's refusal of a card that renews the membership in the dialog, and keeps the card", async () => {
    const refusal = "Your membership renews on this card. Choose another card for the renewals first, then remove it.";
    api.callApi.mockRejectedValueOnce(new ApiError(409, refusal));
    show([visa, mastercard]);
    await userEvent.click(screen.getByRole("button", { name: "Remove Visa ending 4242" }));
    await userEvent.click(screen.getByRole("button", { name: "Yes, remove card" }));
    const alert = await within(screen.getByTestId("remove-card-dialog")).findByRole("alert");
    expect(alert.textContent).toBe(refusal);
    // Still listed (behind the open dialog, so hidden from the accessibility tree for now).
    expect(screen.getByRole("listitem", { name: "Visa ending 4242", hidden: true })).toBeDefined();
  });

  it("adds a card typed into the shop's fields, checked in the browser first", async () => {
    const added = { ...mastercard, id: "0f1e2d3c-4b5a-4968-8776-655443322110", last4: "5556", brand: "Visa" };
    api.callApi.mockResolvedValueOnce({ status: "saved", message: null, card: added, cards: [visa, mastercard, added] });
    const user = userEvent.setup();
    show([visa, mastercard]);
    const form = screen.getByRole("form", { name: "Add a card" });

    await user.click(within(form).getByRole("button", { name: "Save card" }));
    expect(api.callApi).not.toHaveBeenCalled();
    expect(within(form).getByText("Enter the card number.")).toBeDefined();
    expect(document.activeElement).toBe(within(form).getByLabelText("Card number"));

    await user.type(within(form).getByLabelText("Card number"), "4000 0566 5566 5556");
    await user.type(within(form).getByLabelText("Expiry (MM / YY)"), `12 / ${nextYear}`);
    await user.type(within(form).getByLabelText("Security code (CVC)"), "123");
    await user.type(within(form).getByLabelText("Name on the card"), "Ada Park");
    await user.click(within(form).getByRole("button", { name: "Save card" }));
    expect(api.callApi).toHaveBeenCalledWith("post", "user/saved_payments_methods", expect.anything(), {
      json: { card: { number: "4000056655665556", expMonth: 12, expYear: nextYear, cvc: "123", name: "Ada Park" } },
      blocking: true,
    });
    expect(await screen.findByText("Visa ending 5556 is saved.")).toBeDefined();
    expect(row("Visa ending 5556")).toBeDefined();
    expect((within(form).getByLabelText("Card number") as HTMLInputElement).value).toBe("");
  });

  it("shows the provider's refusal of a typed card on its field", async () => {
    api.callApi.mockRejectedValueOnce(
      new ApiError(422, "card.number: Your card number is incorrect.", [
        { path: "card.number", message: "Your card number is incorrect." },
      ]),
    );
    const user = userEvent.setup();
    show([]);
    await user.type(screen.getByLabelText("Card number"), "4242 4242 4242 4241");
    await user.type(screen.getByLabelText("Expiry (MM / YY)"), `12 / ${nextYear}`);
    await user.type(screen.getByLabelText("Security code (CVC)"), "123");
    await user.type(screen.getByLabelText("Name on the card"), "Ada Park");
    await user.click(screen.getByRole("button", { name: "Save card" }));
    expect(await screen.findByText("Your card number is incorrect.")).toBeDefined();
    expect(screen.getByLabelText("Card number").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(/No saved cards yet/)).toBeDefined();
  });
});
