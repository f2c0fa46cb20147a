// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type PurifierList } from "@/lib/schemas/purifier";
import { CARE_AWAITING_VERIFICATION_MESSAGE, CARE_NEEDS_PURIFIER_MESSAGE, CARE_NOT_VERIFIED_MESSAGE } from "@/lib/display/purifier-display";
import { hasSessionAtom, memberUntilAtom } from "@/lib/state/atoms";
import { BuyBox } from "./buy-box";
// Loaded up front: the box imports its calls on demand, and a first transform here is slow.
import "./buy-actions";

const api = vi.hoisted(() => ({
  callApi: vi.fn<(method: string, path: string, schema: unknown, options?: { json?: unknown }) => Promise<unknown>>(),
}));
vi.mock("@/lib/api/client", () => ({ callApi: api.callApi }));
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), back: vi.fn(), forward: vi.fn(), prefetch: vi.fn() }),
}));

function renderBox(signedIn: boolean, needsPurifier: boolean) {
  const store = createStore();
  store.set(hasSessionAtom, signedIn);
  render(
    <Provider store={store}>
      <BuyBox skuNum="LW-CARE-2Y" name="Lenwell Care, 2-year protection" stock={100} needsPurifier={needsPurifier} />
    </Provider>,
  );
}

type Verification = PurifierList["list"][number]["verification"];
const list = (count: number, verification: Verification = "shipped"): PurifierList => ({
  today: "2026-11-25",
  list: Array.from({ length: count }, () => ({ verification }) as PurifierList["list"][number]),
});

beforeEach(() => api.callApi.mockReset());

describe("the care plan's buy box", () => {
  it("sends a signed-in customer without a purifier to add one, instead of a buy button that fails", async () => {
    api.callApi.mockResolvedValue(list(0));
    renderBox(true, true);
    expect(await screen.findByText(CARE_NEEDS_PURIFIER_MESSAGE, {}, { timeout: 4_000 })).toBeDefined();
    expect(screen.getByRole("link", { name: "Add my purifier" }).getAttribute("href")).toBe("/account/purifiers");
    expect(screen.queryByRole("button", { name: "Add to cart" })).toBeNull();
    expect(api.callApi).toHaveBeenCalledWith("get", "purifier/list", expect.anything());
  });

  it("tells a customer whose purifier waits for verification why, and where to follow it", async () => {
    api.callApi.mockResolvedValue(list(1, "in_review"));
    renderBox(true, true);
    expect(await screen.findByText(CARE_AWAITING_VERIFICATION_MESSAGE, {}, { timeout: 4_000 })).toBeDefined();
    expect(screen.getByRole("link", { name: "Open My purifiers" }).getAttribute("href")).toBe("/account/purifiers");
    expect(screen.queryByRole("button", { name: "Add to cart" })).toBeNull();
    cleanup();
    api.callApi.mockResolvedValue(list(1, "rejected"));
    renderBox(true, true);
    expect(await screen.findByText(CARE_NOT_VERIFIED_MESSAGE, {}, { timeout: 4_000 })).toBeDefined();
    expect(screen.getByRole("link", { name: "Open My purifiers" })).toBeDefined();
  });

  it("sells it to an owner", async () => {
    api.callApi.mockResolvedValue(list(1));
    renderBox(true, true);
    await vi.waitFor(() => expect(api.callApi).toHaveBeenCalled(), { timeout: 4_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole("button", { name: "Add to cart" })).toBeDefined();
    expect(screen.queryByText(CARE_NEEDS_PURIFIER_MESSAGE)).toBeNull();
  });

  it("tells a visitor who it is for, and asks the server nothing for a visitor or another product", () => {
    renderBox(true, false);
    expect(screen.queryByText("For owners of a Lenwell purifier registered under My purifiers.")).toBeNull();
    cleanup();
    renderBox(false, true);
    expect(screen.getByText("For owners of a Lenwell purifier registered under My purifiers.")).toBeDefined();
    expect(screen.getByRole("button", { name: "Add to cart" })).toBeDefined();
    expect(api.callApi).not.toHaveBeenCalled();
  });
});

describe("the yearly membership's buy box (one per customer)", () => {
  function renderYearly(session: { signedIn: boolean; memberUntil?: string }) {
    const store = createStore();
    store.set(hasSessionAtom, session.signedIn);
    store.set(memberUntilAtom, session.memberUntil ?? null);
    render(
      <Provider store={store}>
        <BuyBox skuNum="LW-MEM-Y" name="Lenwell Membership, yearly" stock={10_000} onePerCustomer />
      </Provider>,
    );
  }

  it("offers no quantity to choose: one per customer", () => {
    renderYearly({ signedIn: true });
    expect(screen.queryByRole("group", { name: /Quantity of/ })).toBeNull();
    expect(screen.queryByRole("spinbutton", { name: "Quantity" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Increase quantity" })).toBeNull();
    expect(screen.getByText("One per customer.")).toBeDefined();
    expect(screen.getByRole("button", { name: "Add to cart" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Buy now" })).toBeDefined();
  });

  it("shows an active member until when the membership runs and where it renews, instead of stock and the buy buttons", () => {
    renderYearly({ signedIn: true, memberUntil: "2029-03-10T15:00:00.000Z" });
    const notice = screen.getByTestId("member-until");
    expect(notice.textContent).toContain("You are a member until Mar 10, 2029.");
    expect(screen.getByRole("link", { name: "Renewal settings" }).getAttribute("href")).toBe("/account/user#membership");
    expect(screen.queryByTestId("stock-state")).toBeNull();
    expect(screen.queryByText("In stock")).toBeNull();
    expect(screen.queryByRole("button", { name: "Add to cart" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Buy now" })).toBeNull();
  });

  it("keeps the quantity for other products, and the buy buttons for a member on them", () => {
    const store = createStore();
    store.set(hasSessionAtom, true);
    store.set(memberUntilAtom, "2029-03-10T15:00:00.000Z");
    render(
      <Provider store={store}>
        <BuyBox skuNum="LW-MEM-M" name="Lenwell Membership, monthly" stock={10_000} />
      </Provider>,
    );
    expect(screen.getByRole("group", { name: /Quantity of Lenwell Membership, monthly/ })).toBeDefined();
    expect(screen.getByRole("button", { name: "Buy now" })).toBeDefined();
    expect(screen.queryByTestId("member-until")).toBeNull();
  });
});
