// @vitest-environment jsdom
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Provider, createStore } from "jotai";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/envelope";
import { orderQueryKey } from "@/lib/api/orders";
import { toastsAtom } from "@/lib/state/notices";
import { ApplyAfterSaleButton, type AfterSaleItem, type RepairPurifier } from "./apply-after-sale-dialog";
import { afterSaleIdResponseSchema } from "@/lib/schemas/after-sale";

const api = vi.hoisted(() => ({
  callApi: vi.fn<(method: string, path: string, schema: unknown, options?: { json?: unknown }) => Promise<unknown>>(),
  push: vi.fn<(href: string) => void>(),
}));
vi.mock("@/lib/api/client", () => ({ callApi: api.callApi }));
vi.mock("next/navigation", () => ({ useRouter: () => ({ push: api.push }) }));

const ORDER_ID = "3f2a9c1b-0d4e-4c5a-9b7e-1234567890ab";
const AFTER_SALE_ID = "9b1d2c3e-4f5a-4b6c-8d7e-0a1b2c3d4e5f";
const item: AfterSaleItem = { orderId: ORDER_ID, skuNum: "LW-RO600", name: "Lenwell RO600", remaining: 2 };

function renderButton(props: { fixedType?: "repair"; purifiers?: RepairPurifier[]; diagnosisFee?: string } = {}) {
  const store = createStore();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Provider store={store}>
        <ApplyAfterSaleButton item={item} {...props} />
      </Provider>
    </QueryClientProvider>,
  );
  return { store, queryClient };
}

const errorOf = (label: string) => {
  const field = screen.getByLabelText(label);
  const id = field
    .getAttribute("aria-describedby")
    ?.split(" ")
    .find((part) => part.endsWith("-error"));
  return id ? document.getElementById(id)?.textContent : undefined;
};

beforeEach(() => {
  api.callApi.mockReset();
  api.push.mockReset();
});

describe("asking for after-sale service", () => {
  it("sends nothing until type, reason and a description are given, each error under its field", async () => {
    renderButton();
    await userEvent.click(screen.getByRole("button", { name: "Request after-sale service for Lenwell RO600" }));
    await userEvent.type(screen.getByLabelText("Description"), "short");
    await userEvent.click(screen.getByRole("button", { name: "Send request" }));

    expect(screen.getByText("Choose return, refund, exchange or repair.")).toBeDefined();
    expect(errorOf("Reason")).toBe("Choose a reason from the list.");
    expect(errorOf("Description")).toBe("Describe the problem in at least 10 characters.");
    expect(screen.getByLabelText("Description").getAttribute("aria-invalid")).toBe("true");
    expect(api.callApi).not.toHaveBeenCalled();
  });

  it("refuses more than the units left, then sends the request and opens its page", async () => {
    api.callApi.mockResolvedValueOnce({ afterSaleId: AFTER_SALE_ID });
    const { store, queryClient } = renderButton();
    queryClient.setQueryData(orderQueryKey(ORDER_ID), { orderId: ORDER_ID });
    await userEvent.click(screen.getByRole("button", { name: /Request after-sale service/ }));
    await userEvent.click(screen.getByRole("radio", { name: /Return/ }));
    const quantity = screen.getByLabelText("Quantity");
    await userEvent.clear(quantity);
    await userEvent.type(quantity, "3");
    await userEvent.selectOptions(screen.getByLabelText("Reason"), "Stopped working");
    await userEvent.type(screen.getByLabelText("Description"), "  It stopped filtering after a week.  ");
    await userEvent.click(screen.getByRole("button", { name: "Send request" }));
    expect(errorOf("Quantity")).toBe("You can ask for at most 2.");
    expect(api.callApi).not.toHaveBeenCalled();

    await userEvent.clear(quantity);
    await userEvent.type(quantity, "2");
    await userEvent.click(screen.getByRole("button", { name: "Send request" }));

    await waitFor(() => expect(api.push).toHaveBeenCalledWith(`/account/after-sale/${AFTER_SALE_ID}`));
    expect(api.callApi).toHaveBeenCalledWith("post", "order/afterSale/apply", afterSaleIdResponseSchema, {
      json: {
        orderId: ORDER_ID,
        skuNum: "LW-RO600",
        quantity: 2,
        type: "return",
        reason: "Stopped working",
        description: "It stopped filtering after a week.",
      },
      blocking: true,
    });
    expect(store.get(toastsAtom).map((toast) => toast.message)).toEqual([
      "Request #9B1D2C3E is sent. We review it within 2 business days.",
    ]);
    // The order's units left are read again rather than shown from the cache.
    expect(queryClient.getQueryState(orderQueryKey(ORDER_ID))?.isInvalidated).toBe(true);
  });

  it("asks only for a repair from the repair page, and shows the server's field error under its field", async () => {
    api.callApi.mockRejectedValueOnce(
      new ApiError(400, "Check the request.", [{ path: "quantity", message: "Only 1 left to request for this item." }]),
    );
    renderButton({ fixedType: "repair" });
    await userEvent.click(screen.getByRole("button", { name: /Request after-sale service/ }));
    expect(screen.getByRole("dialog", { name: "Repair request" })).toBeDefined();
    expect(screen.queryByRole("radio")).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText("Reason"), "Stopped working");
    await userEvent.type(screen.getByLabelText("Description"), "The pump makes a grinding noise.");
    await userEvent.click(screen.getByRole("button", { name: "Send request" }));

    await waitFor(() => expect(errorOf("Quantity")).toBe("Only 1 left to request for this item."));
    const sent = api.callApi.mock.calls[0]?.[3]?.json as { type: string };
    expect(sent.type).toBe("repair");
    expect(api.push).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Send request" })).toBeDefined();
  });

  it("asks which purifier a repair is for, states what it costs, and sends that one unit", async () => {
    api.callApi.mockResolvedValueOnce({ afterSaleId: AFTER_SALE_ID });
    const covered = "6d1f8a2e-3b4c-4d5e-8f90-1a2b3c4d5e6f";
    const plain = "7e2a9b3f-4c5d-4e6f-9a01-2b3c4d5e6f70";
    renderButton({
      fixedType: "repair",
      diagnosisFee: "$39.00",
      purifiers: [
        { purifierId: covered, label: "Serial RO-1, on Lenwell Care", careUntil: "Feb 28, 2030" },
        { purifierId: plain, label: "Serial RO-2", careUntil: null },
      ],
    });
    await userEvent.click(screen.getByRole("button", { name: /Request after-sale service/ }));
    expect(screen.queryByLabelText("Quantity")).toBeNull();
    expect(screen.getByTestId("repair-terms").textContent).toBe(
      "Covered by Lenwell Care until Feb 28, 2030: the diagnosis fee and the repair charge are waived, and return shipping is free.",
    );
    await userEvent.selectOptions(screen.getByLabelText("Which purifier?"), plain);
    expect(screen.getByTestId("repair-terms").textContent).toBe(
      "Not covered by Lenwell Care: the diagnosis fee of $39.00 is credited against the repair.",
    );
    await userEvent.selectOptions(screen.getByLabelText("Reason"), "Stopped working");
    await userEvent.type(screen.getByLabelText("Description"), "No water comes out at all.");
    await userEvent.click(screen.getByRole("button", { name: "Send request" }));

    await waitFor(() => expect(api.push).toHaveBeenCalledWith(`/account/after-sale/${AFTER_SALE_ID}`));
    expect(api.callApi.mock.calls[0]?.[3]?.json).toMatchObject({ type: "repair", quantity: 1, purifierId: plain });
  });
});
