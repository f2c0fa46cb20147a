// @vitest-environment jsdom
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Provider, createStore } from "jotai";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/envelope";
import { orderQueryKey } from "@/lib/api/orders";
import type { Order } from "@/lib/schemas/order";
import { toastsAtom } from "@/lib/state/notices";
import { CancelOrderButton } from "./cancel-order-dialog";
import { TEST_ORDER_ID, orderView } from "@/test/support/order-view";
import { orderSchema } from "@/lib/schemas/order";

const api = vi.hoisted(() => ({
  callApi: vi.fn<(method: string, path: string, schema: unknown, options?: { json?: unknown }) => Promise<unknown>>(),
}));
vi.mock("@/lib/api/client", () => ({ callApi: api.callApi }));

const base: Order = orderView({
  status: "paid",
  expiresAt: null,
  items: [],
  subTotal: "359.00",
  shippingFee: "0.00",
  tax: "22.44",
  total: "381.44",
  shippingOptions: [],
  paidAt: "2026-11-20T15:05:00.000Z",
  canPay: false,
  paymentReceived: true,
});

function renderButton(order: Order) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const store = createStore();
  render(
    <QueryClientProvider client={queryClient}>
      <Provider store={store}>
        <CancelOrderButton order={order} />
      </Provider>
    </QueryClientProvider>,
  );
  return { queryClient, store };
}

describe("cancelling an order", () => {
  it("tells a customer who paid that the money comes back, sends the reason, and confirms the refund", async () => {
    const cancelled: Order = { ...base, status: "cancelled", refunded: "381.44", canCancel: false, canEdit: false };
    api.callApi.mockResolvedValueOnce(cancelled);
    const { queryClient, store } = renderButton(base);

    await userEvent.click(screen.getByRole("button", { name: "Cancel order" }));
    expect(
      screen.getByText("You paid $381.44. It will be refunded to the card you paid with, and the items go back on sale."),
    ).toBeDefined();
    await userEvent.type(screen.getByLabelText("Reason (optional)"), "  Found a better fit  ");
    await userEvent.click(screen.getByRole("button", { name: "Yes, cancel order" }));

    await waitFor(() => expect(queryClient.getQueryData(orderQueryKey(TEST_ORDER_ID))).toEqual(cancelled));
    expect(api.callApi).toHaveBeenCalledWith("post", "merchandise/order/cancel", orderSchema, {
      json: { orderId: TEST_ORDER_ID, reason: "Found a better fit" },
      blocking: true,
    });
    expect(store.get(toastsAtom).map((toast) => toast.message)).toEqual(["Your order is cancelled. $381.44 is refunded to your card."]);
  });

  it("leaves an unpaid order alone on Keep order, and shows a refusal inside the dialog", async () => {
    const unpaid: Order = { ...base, status: "pending_payment", paidAt: null, canPay: true, paymentReceived: false };
    api.callApi.mockRejectedValueOnce(
      new ApiError(409, "This order has already shipped, so it can no longer be cancelled. You can ask for a return once it arrives."),
    );
    renderButton(unpaid);

    await userEvent.click(screen.getByRole("button", { name: "Cancel order" }));
    expect(screen.getByText("You have not been charged for it. The items go back on sale.")).toBeDefined();
    await userEvent.click(screen.getByRole("button", { name: "Keep order" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Yes, cancel order" })).toBeNull());
    expect(api.callApi).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Cancel order" }));
    await userEvent.click(screen.getByRole("button", { name: "Yes, cancel order" }));
    expect((await screen.findByRole("alert")).textContent).toContain("already shipped");
    expect(api.callApi).toHaveBeenCalledWith("post", "merchandise/order/cancel", orderSchema, {
      json: { orderId: TEST_ORDER_ID },
      blocking: true,
    });
  });
});
