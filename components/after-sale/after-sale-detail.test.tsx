// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Provider, createStore } from "jotai";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/envelope";
import type { AfterSale } from "@/lib/schemas/after-sale";
import { AfterSaleDetail } from "./after-sale-detail";
import { afterSaleSchema } from "@/lib/schemas/after-sale";

const api = vi.hoisted(() => ({
  callApi: vi.fn<(method: string, path: string, schema: unknown, options?: { json?: unknown }) => Promise<unknown>>(),
}));
vi.mock("@/lib/api/client", () => ({ callApi: api.callApi }));
// The page's links prefetch through the app router on intent; there is none in a unit test.
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), back: vi.fn(), forward: vi.fn(), prefetch: vi.fn() }),
}));

const AFTER_SALE_ID = "9b1d2c3e-4f5a-4b6c-8d7e-0a1b2c3d4e5f";

const approved: AfterSale = {
  afterSaleId: AFTER_SALE_ID,
  orderId: "3f2a9c1b-0d4e-4c5a-9b7e-1234567890ab",
  skuNum: "LW-RO600",
  name: "Lenwell RO600",
  image: null,
  quantity: 1,
  type: "return",
  reason: "Stopped working",
  description: "It stopped filtering after a week.",
  status: "approved",
  refundAmount: "381.44",
  refunded: "0.00",
  returnAddress: "Lenwell Service Centre, Returns Dept., 1200 Main Street, Houston, TX 77002",
  rejectReason: null,
  carrier: null,
  trackNumber: null,
  createdAt: "2026-11-20T15:00:00.000Z",
  updatedAt: "2026-11-21T15:00:00.000Z",
  timeline: [
    { type: "pending_review", actor: "customer", note: null, at: "2026-11-20T15:00:00.000Z" },
    { type: "approved", actor: "admin", note: null, at: "2026-11-21T15:00:00.000Z" },
  ],
  purifier: null,
  coveredByCare: null,
  diagnosisFee: null,
  canCancel: true,
  canSubmitTracking: true,
};

function renderDetail(request: AfterSale) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Provider store={createStore()}>
        <AfterSaleDetail initialRequest={request} />
      </Provider>
    </QueryClientProvider>,
  );
}

beforeEach(() => api.callApi.mockReset());

describe("an after-sale request's page", () => {
  it("shows the return address and takes carrier and tracking number, errors under the fields first", async () => {
    const returning: AfterSale = {
      ...approved,
      status: "returning",
      carrier: "UPS",
      trackNumber: "1Z999AA10123456784",
      canSubmitTracking: false,
      timeline: [...approved.timeline, { type: "returning", actor: "customer", note: null, at: "2026-11-22T15:00:00.000Z" }],
    };
    renderDetail(approved);
    expect(screen.getByText(approved.returnAddress ?? "")).toBeDefined();
    expect(screen.getByText("Refund due").nextElementSibling?.textContent).toBe("$381.44");

    await userEvent.type(screen.getByLabelText("Tracking number"), "1Z");
    await userEvent.click(screen.getByRole("button", { name: "Send tracking number" }));
    expect(screen.getByText("Enter the carrier.")).toBeDefined();
    expect(screen.getByText("Enter the tracking number (4 to 40 letters, digits, spaces or dashes).")).toBeDefined();
    expect(api.callApi).not.toHaveBeenCalled();

    api.callApi.mockResolvedValueOnce(returning);
    await userEvent.type(screen.getByLabelText("Carrier"), "UPS");
    await userEvent.type(screen.getByLabelText("Tracking number"), "999AA10123456784");
    await userEvent.click(screen.getByRole("button", { name: "Send tracking number" }));

    await waitFor(() => expect(screen.getByText("1Z999AA10123456784")).toBeDefined());
    expect(api.callApi).toHaveBeenCalledWith("post", "merchandise/order/afterSale/trackNumber/submit", afterSaleSchema, {
      json: { afterSaleId: AFTER_SALE_ID, carrier: "UPS", trackNumber: "1Z999AA10123456784" },
      blocking: true,
    });
    expect(screen.queryByRole("form", { name: "Tracking details" })).toBeNull();
    expect(within(screen.getByRole("list", { name: "Request history" })).getByText("Goods sent back")).toBeDefined();
  });

  it("cancels after a confirmation, and shows a refusal inside the dialog", async () => {
    renderDetail({ ...approved, status: "pending_review", returnAddress: null, canSubmitTracking: false });
    expect(screen.getByText(/We review your request within 2 business days/)).toBeDefined();

    api.callApi.mockRejectedValueOnce(new ApiError(409, "This request can no longer be cancelled."));
    await userEvent.click(screen.getByRole("button", { name: "Cancel request" }));
    await userEvent.click(screen.getByRole("button", { name: "Yes, cancel request" }));
    await waitFor(() =>
      expect(within(screen.getByRole("dialog")).getByRole("alert").textContent).toBe("This request can no longer be cancelled."),
    );

    api.callApi.mockResolvedValueOnce({
      ...approved,
      status: "cancelled",
      returnAddress: null,
      canCancel: false,
      canSubmitTracking: false,
    });
    await userEvent.click(screen.getByRole("button", { name: "Yes, cancel request" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByText("Cancelled")).toBeDefined();
    expect(screen.queryByRole("button", { name: "Cancel request" })).toBeNull();
    expect(api.callApi).toHaveBeenLastCalledWith("post", "order/afterSale/cancel", afterSaleSchema, {
      json: { afterSaleId: AFTER_SALE_ID },
      blocking: true,
    });
  });

  it("says why a request was rejected", () => {
    renderDetail({
      ...approved,
      status: "rejected",
      returnAddress: null,
      rejectReason: "Outside the 30-day window.",
      canCancel: false,
      canSubmitTracking: false,
    });
    expect(screen.getByRole("heading", { name: "Why it was rejected" })).toBeDefined();
    expect(screen.getByText("Outside the 30-day window.")).toBeDefined();
  });

  it("says a repair is covered by Lenwell Care, or states the diagnosis fee credited against the repair", () => {
    const repair: AfterSale = { ...approved, type: "repair", purifier: { purifierId: "p-1", serial: "RO-ABC123" } };
    renderDetail({ ...repair, coveredByCare: { carePlanId: "plan-1", endsOn: "2028-02-29" }, diagnosisFee: null });
    const covered = screen.getByRole("region", { name: "Covered by Lenwell Care" });
    expect(covered.textContent).toContain("RO-ABC123");
    expect(covered.textContent).toContain(
      "The plan covers this purifier until Feb 29, 2028: the diagnosis fee and the repair charge are waived, and return shipping is free.",
    );
    cleanup();

    renderDetail({ ...repair, coveredByCare: null, diagnosisFee: "39.00" });
    expect(screen.queryByRole("region", { name: "Covered by Lenwell Care" })).toBeNull();
    expect(screen.getByRole("region", { name: "Repair costs" }).textContent).toContain(
      "the diagnosis fee of $39.00 is credited against the repair if you go ahead.",
    );
    cleanup();

    // Not a repair: nothing about repair costs.
    renderDetail(approved);
    expect(screen.queryByRole("region", { name: "Repair costs" })).toBeNull();
  });
});
