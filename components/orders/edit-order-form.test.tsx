// @vitest-environment jsdom
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Provider, createStore } from "jotai";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/envelope";
import { orderQueryKey } from "@/lib/api/orders";
import type { Order } from "@/lib/schemas/order";
import { EditOrderForm } from "./edit-order-form";
import { TEST_ORDER_ID, orderView } from "@/test/support/order-view";
import { orderSchema } from "@/lib/schemas/order";

const api = vi.hoisted(() => ({
  callApi: vi.fn<(method: string, path: string, schema: unknown, options?: { json?: unknown }) => Promise<unknown>>(),
}));
vi.mock("@/lib/api/client", () => ({ callApi: api.callApi }));

function order(overrides: Partial<Order> = {}): Order {
  return orderView({
    tax: "1.50",
    total: "37.40",
    shippingAddress: { fullName: "Sam Rivers", line1: "1200 Main Street", city: "Houston", state: "TX", zip: "77002" },
    shippingOptions: [
      { label: "UPS Ground", desc: "3 business days", value: "ups_ground", price: "11.90", realDate: "2026-11-25" },
      { label: "UPS 2nd Day Air", desc: "2 business days", value: "ups_2nd_day_air", price: "22.90", realDate: "2026-11-24" },
    ],
    timeline: [{ type: "created", actor: "customer", note: null, at: "2026-11-20T15:00:00.000Z" }],
    ...overrides,
  });
}

function renderForm(current: Order) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <Provider store={createStore()}>
        <EditOrderForm order={current} onDone={onDone} />
      </Provider>
    </QueryClientProvider>,
  );
  return { queryClient, onDone };
}

describe("changing the delivery of an order", () => {
  it("sends only what changed and shows the order the server answers", async () => {
    const updated = order({ shippingMethod: "ups_2nd_day_air", shippingFee: "22.90", total: "48.40" });
    api.callApi.mockResolvedValueOnce(updated);
    const { queryClient, onDone } = renderForm(order());

    await userEvent.click(screen.getByRole("radio", { name: /UPS 2nd Day Air/ }));
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.callApi).toHaveBeenCalledWith("put", "merchandise/order/edit", orderSchema, {
      json: { orderId: TEST_ORDER_ID, shippingMethod: "ups_2nd_day_air" },
      blocking: true,
    });
    expect(queryClient.getQueryData(orderQueryKey(TEST_ORDER_ID))).toEqual(updated);
  });

  it("checks the address before sending and puts each error under its field", async () => {
    renderForm(order());
    const zip = screen.getByLabelText("ZIP code");
    await userEvent.clear(zip);
    await userEvent.type(zip, "7700");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));

    expect(await screen.findByText("Enter a 5-digit ZIP code (or ZIP+4).")).toBeDefined();
    expect(zip.getAttribute("aria-invalid")).toBe("true");
    expect(api.callApi).not.toHaveBeenCalled();
  });

  it("says so when nothing changed, without a call", async () => {
    renderForm(order());
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Change the address or the shipping option.");
    expect(api.callApi).not.toHaveBeenCalled();
  });

  it("offers no shipping options for a paid order and shows the server's refusal on the form", async () => {
    const message =
      "A paid order can only be re-addressed within the same state, since the tax charged depends on the state. Cancel it and order again, or contact us.";
    api.callApi.mockRejectedValueOnce(new ApiError(409, message));
    const { onDone } = renderForm(
      order({ status: "paid", paidAt: "2026-11-20T15:05:00.000Z", shippingOptions: [], canPay: false, paymentReceived: true }),
    );

    expect(screen.queryByRole("radio")).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText("State"), "CA");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));

    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(api.callApi).toHaveBeenCalledWith("put", "merchandise/order/edit", orderSchema, {
      json: {
        orderId: TEST_ORDER_ID,
        shippingAddress: { fullName: "Sam Rivers", line1: "1200 Main Street", city: "Houston", state: "CA", zip: "77002" },
      },
      blocking: true,
    });
    expect(onDone).not.toHaveBeenCalled();
  });

  it("puts the server's field errors under the address fields", async () => {
    api.callApi.mockRejectedValueOnce(
      new ApiError(422, "shippingAddress.city: Enter the city.", [{ path: "shippingAddress.city", message: "Enter the city." }]),
    );
    renderForm(order());
    await userEvent.type(screen.getByLabelText("Street address"), " Apt 4");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Enter the city.")).toBeDefined();
    expect(screen.getByLabelText("City").getAttribute("aria-invalid")).toBe("true");
  });
});
