import { cleanup, render, screen } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CARE_NEEDS_PURIFIER_MESSAGE, type PurifierList } from "@/lib/schemas/purifier";
import { hasSessionAtom } from "@/lib/state/atoms";
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

const list = (count: number): PurifierList => ({
  today: "2026-11-25",
  list: Array.from({ length: count }, () => ({}) as PurifierList["list"][number]),
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
