// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Provider, createStore } from "jotai";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/envelope";
import { cartDrawerOpenAtom } from "@/lib/state/atoms";
import type { Purifier } from "@/lib/schemas/purifier";
import { MyPurifiers } from "./my-purifiers";

const api = vi.hoisted(() => ({
  callApi: vi.fn<(method: string, path: string, schema: unknown, options?: { json?: unknown }) => Promise<unknown>>(),
}));
vi.mock("@/lib/api/client", () => ({ callApi: api.callApi }));
// The page's links prefetch through the app router on intent; there is none in a unit test.
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), back: vi.fn(), forward: vi.fn(), prefetch: vi.fn() }),
}));

const PURIFIER_ID = "6d1f8a2e-3b4c-4d5e-8f90-1a2b3c4d5e6f";
const TODAY = "2026-11-25";

const purifier: Purifier = {
  purifierId: PURIFIER_ID,
  skuNum: "LW-RO600",
  name: "Lenwell RO600",
  serial: "RO-ABC123",
  source: "customer",
  orderId: null,
  purchasedOn: "2026-08-25",
  installedOn: "2026-08-25",
  registeredAt: "2026-08-25T15:00:00.000Z",
  stages: [
    {
      stage: 1,
      skuNum: "LW-F1-PP",
      name: "PP sediment pre-filter",
      lifeMonths: 6,
      lastChangedOn: "2026-08-25",
      dueOn: "2027-02-25",
      daysLeft: 92,
      usedPercent: 49,
    },
    {
      stage: 2,
      skuNum: "LW-F2-RO",
      name: "RO membrane",
      lifeMonths: 24,
      lastChangedOn: "2026-08-25",
      dueOn: "2028-08-25",
      daysLeft: 639,
      usedPercent: 13,
    },
    {
      stage: 3,
      skuNum: "LW-F3-PC",
      name: "Post carbon filter",
      lifeMonths: 12,
      lastChangedOn: "2026-08-25",
      dueOn: "2027-08-25",
      daysLeft: 273,
      usedPercent: 25,
    },
  ],
  care: { planId: "plan-1", status: "active", startsOn: "2026-09-01", endsOn: "2028-09-01" },
  verification: "verified",
  rejectReason: null,
  proof: null,
};

function renderPage(initial: Purifier[]) {
  const store = createStore();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Provider store={store}>
        <MyPurifiers initial={initial} today={TODAY} />
      </Provider>
    </QueryClientProvider>,
  );
  return store;
}

// Braces: a function returned from beforeEach is run as its cleanup, and mockReset returns the mock itself.
beforeEach(() => {
  api.callApi.mockReset();
});

describe("My purifiers", () => {
  it("shows every filter stage with its dates and an accessible bar of life used, and the care cover", () => {
    renderPage([purifier]);
    const bars = screen.getAllByRole("progressbar");
    expect(bars.map((bar) => [bar.getAttribute("aria-valuenow"), bar.getAttribute("aria-valuemax")])).toEqual([
      ["49", "100"],
      ["13", "100"],
      ["25", "100"],
    ]);
    expect(screen.getByRole("progressbar", { name: "Stage 1: PP sediment pre-filter" })).toBeDefined();
    expect(screen.getByText(/Last changed Aug 25, 2026 · next due Feb 25, 2027/)).toBeDefined();
    expect(screen.getByText("Due in 92 days")).toBeDefined();
    expect(screen.getByText("Lenwell Care until Sep 1, 2028")).toBeDefined();
  });

  it("records I changed it and shows the stage as the server recomputed it", async () => {
    const changed: Purifier = {
      ...purifier,
      stages: purifier.stages.map((stage) =>
        stage.stage === 1 ? { ...stage, lastChangedOn: TODAY, dueOn: "2027-05-25", daysLeft: 181, usedPercent: 0 } : stage,
      ),
    };
    api.callApi.mockResolvedValueOnce(changed);
    renderPage([purifier]);
    const [first] = screen.getAllByRole("button", { name: "I changed it" });
    if (!first) throw new Error("no button");
    await userEvent.click(first);
    await waitFor(() =>
      expect(screen.getByRole("progressbar", { name: "Stage 1: PP sediment pre-filter" }).getAttribute("aria-valuenow")).toBe("0"),
    );
    expect(api.callApi).toHaveBeenCalledWith("post", "purifier/filter/change", expect.anything(), {
      json: { purifierId: PURIFIER_ID, stage: 1 },
      blocking: true,
    });
  });

  it("records a change on another day, and shows the server's refusal under the stage", async () => {
    api.callApi.mockRejectedValueOnce(
      new ApiError(422, "The change date cannot be before the purifier was installed.", [
        { path: "changedOn", message: "The change date cannot be before the purifier was installed." },
      ]),
    );
    renderPage([purifier]);
    const [other] = screen.getAllByRole("button", { name: "On another day…" });
    if (!other) throw new Error("no button");
    await userEvent.click(other);
    const form = screen.getByRole("form", { name: "When the PP sediment pre-filter was changed" });
    const date = within(form).getByLabelText("Changed on");
    await userEvent.clear(date);
    await userEvent.type(date, "2026-08-01");
    await userEvent.click(within(form).getByRole("button", { name: "Save change" }));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "The change date cannot be before the purifier was installed.");
  });

  it("puts the stage's cartridge in the cart and opens the cart drawer", async () => {
    api.callApi.mockResolvedValueOnce({
      cartList: [],
      shipping: "0.00",
      subTotal: "0.00",
      freeShippingThreshold: "37.00",
      amountToFreeShipping: "0.00",
      count: 1,
    });
    const store = renderPage([purifier]);
    const [, membrane] = screen.getAllByRole("button", { name: "Order this filter" });
    if (!membrane) throw new Error("no button");
    await userEvent.click(membrane);
    await waitFor(() => expect(store.get(cartDrawerOpenAtom)).toBe(true));
    expect(api.callApi).toHaveBeenCalledWith(
      "post",
      "order/cart/add/",
      expect.anything(),
      expect.objectContaining({ json: { skuNum: "LW-F2-RO", quantity: 1 } }),
    );
  });

  it("shows an empty state with a link to buy the purifier and the form to add one", async () => {
    api.callApi.mockRejectedValueOnce(
      new ApiError(409, "This purifier is already under My purifiers.", [
        { path: "serial", message: "This purifier is already under My purifiers." },
      ]),
    );
    renderPage([]);
    expect(screen.getByRole("link", { name: "Buy the RO600 purifier" }).getAttribute("href")).toBe("/mart/detail/LW-RO600");
    const form = screen.getByRole("form", { name: "Add a purifier" });
    await userEvent.click(within(form).getByRole("button", { name: "Add purifier" }));
    expect(within(form).getByText("Enter the serial number as printed on the label.")).toBeDefined();
    expect(api.callApi).not.toHaveBeenCalled();

    await userEvent.type(within(form).getByLabelText("Serial number"), "ro-taken1");
    await userEvent.type(within(form).getByLabelText("Purchase date"), "2026-03-01");
    await userEvent.click(within(form).getByRole("button", { name: "Add purifier" }));
    expect(await within(form).findByText("This purifier is already under My purifiers.")).toBeDefined();
    expect(api.callApi.mock.calls[0]?.[3]?.json).toEqual({ serial: "RO-TAKEN1", purchasedOn: "2026-03-01" });
  });

  /** The care cancel's answers, and the server's view of the purifier afterwards. */
  function answerCareCancel(after: Purifier) {
    const cancellation = { refund: "69.00", why: "cancelled within 30 days of buying it", card: "Visa •••• 4242" };
    api.callApi.mockImplementation((...args: unknown[]) => {
      if (args[1] === "user/care/cancel") return Promise.resolve(cancellation);
      if (args[1] === "purifier/list") return Promise.resolve({ list: [after], today: TODAY });
      return Promise.reject(new Error(`unexpected ${JSON.stringify(args)}`));
    });
  }

  it("cancels Lenwell Care after saying what the plan's rule gives back, and shows the cover ended", async () => {
    answerCareCancel({ ...purifier, care: { planId: "plan-1", status: "ended", startsOn: "2026-09-01", endsOn: TODAY } });
    renderPage([purifier]);
    await userEvent.click(screen.getByRole("button", { name: "Cancel Lenwell Care" }));
    const dialog = await screen.findByTestId("cancel-care-dialog");
    await waitFor(() =>
      expect(dialog.textContent).toContain("$69.00 comes back to Visa •••• 4242 (cancelled within 30 days of buying it)."),
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Yes, cancel Lenwell Care" }));
    await waitFor(() => expect(screen.getByText("Lenwell Care ended on Nov 25, 2026")).toBeDefined());
    expect(api.callApi).toHaveBeenCalledWith(
      "post",
      "user/care/cancel",
      expect.anything(),
      expect.objectContaining({ json: { planId: "plan-1" } }),
    );
  });

  it("shows what the server says after a queued plan is cancelled: it never started, so it did not end today", async () => {
    const queued: Purifier = { ...purifier, care: { planId: "plan-1", status: "scheduled", startsOn: "2027-01-10", endsOn: "2029-01-10" } };
    answerCareCancel({ ...purifier, care: null });
    renderPage([queued]);
    expect(screen.getByText("Lenwell Care from Jan 10, 2027 until Jan 10, 2029")).toBeDefined();
    await userEvent.click(screen.getByRole("button", { name: "Cancel Lenwell Care" }));
    const dialog = await screen.findByTestId("cancel-care-dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Yes, cancel Lenwell Care" }));
    await waitFor(() => expect(screen.getByText(/Not on Lenwell Care/)).toBeDefined());
    expect(screen.queryByText(/Lenwell Care ended/)).toBeNull();
  });

  describe("a purifier added by its owner", () => {
    const awaiting: Purifier = { ...purifier, care: null, verification: "awaiting_proof" };
    const receipt = new File(["%PDF-1.4 receipt"], "receipt.pdf", { type: "application/pdf" });

    it("says plainly why Lenwell Care waits, and sends the proof of purchase as a file", async () => {
      const inReview: Purifier = {
        ...awaiting,
        verification: "in_review",
        proof: { fileName: "receipt.pdf", contentType: "application/pdf", size: 120_000, uploadedAt: "2026-11-25T18:00:00.000Z" },
      };
      api.callApi.mockResolvedValueOnce(inReview);
      renderPage([awaiting]);
      const box = screen.getByRole("region", { name: "Awaiting verification" });
      expect(box.textContent).toContain("Lenwell Care covers purifiers we can vouch for: one we shipped you, or one we have verified");
      expect(box.textContent).toContain("Attach its proof of purchase: a receipt or invoice that names the purifier");

      const form = within(box).getByRole("form", { name: "Proof of purchase of Lenwell RO600" });
      await userEvent.click(within(form).getByRole("button", { name: "Send proof of purchase" }));
      expect(within(form).getByText("Choose the file of your proof of purchase.")).toBeDefined();
      expect(api.callApi).not.toHaveBeenCalled();

      await userEvent.upload(within(form).getByLabelText("Proof of purchase"), receipt);
      await userEvent.click(within(form).getByRole("button", { name: "Send proof of purchase" }));
      const review = await screen.findByRole("region", { name: "Awaiting verification: proof received" });
      expect(within(review).getByRole("link", { name: "receipt.pdf, 117 KB, sent Nov 25, 2026" }).getAttribute("href")).toBe(
        `/api/v1/c/purifier/proof?purifierId=${PURIFIER_ID}`,
      );
      const [method, path, , options] = api.callApi.mock.calls[0] ?? [];
      expect([method, path]).toEqual(["post", "purifier/proof"]);
      const sent = (options as { body?: FormData } | undefined)?.body;
      expect(sent?.get("purifierId")).toBe(PURIFIER_ID);
      expect((sent?.get("file") as File | null)?.name).toBe("receipt.pdf");
    });

    it("refuses a file over 5 MB before sending it", async () => {
      renderPage([awaiting]);
      const form = screen.getByRole("form", { name: "Proof of purchase of Lenwell RO600" });
      const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "scan.pdf", { type: "application/pdf" });
      await userEvent.upload(within(form).getByLabelText("Proof of purchase"), huge);
      await userEvent.click(within(form).getByRole("button", { name: "Send proof of purchase" }));
      expect(within(form).getByText("The file is too large: a proof of purchase may be at most 5 MB.")).toBeDefined();
      expect(api.callApi).not.toHaveBeenCalled();
    });

    it("gives a rejection's reason in the operator's words, and takes another proof", () => {
      renderPage([{ ...awaiting, verification: "rejected", rejectReason: "The receipt names another product." }]);
      const box = screen.getByRole("region", { name: "Not verified" });
      expect(box.textContent).toContain("Why we could not verify it: The receipt names another product.");
      expect(box.textContent).toContain("Attach another proof of purchase, and we will look again.");
      expect(within(box).getByRole("button", { name: "Send proof of purchase" })).toBeDefined();
    });

    it("says nothing of proofs for a purifier the shop shipped, and a line for one it verified", () => {
      renderPage([{ ...purifier, verification: "shipped", source: "order" }]);
      expect(screen.queryByTestId("purifier-verification")).toBeNull();
      expect(screen.queryByRole("button", { name: "Send proof of purchase" })).toBeNull();
      cleanup();
      renderPage([purifier]);
      expect(screen.getByText("Verified from proof of purchase.")).toBeDefined();
      expect(screen.queryByRole("button", { name: "Send proof of purchase" })).toBeNull();
    });
  });
});
