// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Provider, createStore } from "jotai";
import { describe, expect, it, vi } from "vitest";
import type { Order } from "@/lib/schemas/order";
import { OrderDetail } from "./order-detail";
import { orderView } from "@/test/support/order-view";

const api = vi.hoisted(() => ({
  callApi: vi.fn<(method: string, path: string, schema: unknown, options?: { json?: unknown }) => Promise<unknown>>(),
}));
vi.mock("@/lib/api/client", () => ({ callApi: api.callApi }));
// The page's links prefetch through the app router on intent; there is none in a unit test.
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), back: vi.fn(), forward: vi.fn(), prefetch: vi.fn() }),
}));

type Line = Order["items"][number];

const PEN: Line = {
  skuNum: "LW-ACC-TDS",
  name: "TDS water-quality tester pen",
  image: [],
  attributes: "0–9990 ppm",
  spec: [],
  quantity: 1,
  originalPrice: "19.00",
  discountPrice: "15.00",
  stock: 500,
};

const YEARLY_MEMBERSHIP: Line = {
  skuNum: "LW-MEM-Y",
  name: "Lenwell Membership, yearly",
  image: [],
  attributes: "Billed yearly · best value",
  spec: [],
  quantity: 1,
  originalPrice: "178.80",
  discountPrice: "129.00",
  stock: 10_000,
};

const CARE_PLAN: Line = {
  skuNum: "LW-CARE-2Y",
  name: "Lenwell Care, 2-year protection",
  image: [],
  attributes: "2 years · for one RO600",
  spec: [],
  quantity: 1,
  originalPrice: "89.00",
  discountPrice: "69.00",
  stock: 10_000,
};

/**
 * A delivered order of the pen and one plan, as the API shows it: the pen ships, so one unit may
 * still be asked for; the plan does not, so none (lib/server/orders/view.ts). A plan is refunded
 * only by its own cancel rule, never through after-sale.
 */
function deliveredWith(plan: Line): Order {
  const subTotal = (Number(PEN.discountPrice) + Number(plan.discountPrice)).toFixed(2);
  return orderView({
    status: "delivered",
    expiresAt: null,
    items: [PEN, plan],
    subTotal,
    shippingFee: "11.90",
    tax: "0.00",
    total: (Number(subTotal) + 11.9).toFixed(2),
    shippingAddress: { fullName: "Sam Rivers", line1: "1200 Main Street", city: "Houston", state: "TX", zip: "77002" },
    shippingOptions: [],
    paidAt: "2026-11-20T15:05:00.000Z",
    shippedAt: "2026-11-21T10:00:00.000Z",
    deliveredAt: "2026-11-24T16:30:00.000Z",
    carrier: "UPS",
    trackingNumber: "1Z999AA10123456784",
    canCancel: false,
    canEdit: false,
    canPay: false,
    paymentReceived: true,
    canApplyAfterSale: true,
    afterSaleRemaining: { [PEN.skuNum]: 1, [plan.skuNum]: 0 },
  });
}

function renderDetail(order: Order) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Provider store={createStore()}>
        <OrderDetail initialOrder={order} paidDeliveryEstimate={null} />
      </Provider>
    </QueryClientProvider>,
  );
}

/** The order line (list item) under Items whose product link carries this name. */
function lineOf(name: string): HTMLElement {
  const items = screen.getByRole("region", { name: "Items" });
  const line = within(items)
    .getAllByRole("listitem")
    .find((item) => within(item).queryByRole("link", { name }) !== null);
  if (!line) throw new Error(`No order line for ${name}`);
  return line;
}

describe("after-sale service on an order's page", () => {
  it.each<[string, Line]>([
    ["the yearly membership", YEARLY_MEMBERSHIP],
    ["a Lenwell Care plan", CARE_PLAN],
  ])("is offered on the TDS pen's line and never on %s's line", (_plan, line) => {
    renderDetail(deliveredWith(line));

    const offers = screen.getAllByRole("button", { name: /^Request after-sale service\b/ });
    expect(offers).toHaveLength(1);
    expect(within(lineOf(PEN.name)).getByRole("button", { name: `Request after-sale service for ${PEN.name}` })).toBe(offers[0]);

    // The plan's line is on the page, with no way to ask for a return or refund of it.
    const planLine = lineOf(line.name);
    expect(within(planLine).queryByRole("button", { name: /after-sale/i })).toBeNull();
    expect(api.callApi).not.toHaveBeenCalled();
  });
});
