// @vitest-environment jsdom
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { UsAddress } from "@/lib/schemas/auth";
import type { Order } from "@/lib/schemas/order";
import type * as PaymentActions from "./payment-actions";
import type { ProviderAction } from "./provider-script";
import { PaymentForm } from "./payment-form";
import { TEST_ORDER_ID, orderView } from "@/test/support/order-view";

// The calls are stubbed; the schemas the page checks with are the real ones.
const calls = vi.hoisted(() => ({
  quoteOrderAddress: vi.fn<(body: { orderId: string; shippingAddress?: UsAddress }) => Promise<Order>>(),
  payOrder: vi.fn<(body: Record<string, unknown>) => Promise<{ status: string; message: string | null; order: Order }>>(),
  checkPayment: vi.fn<(body: { orderId: string }) => Promise<{ status: string; message: string | null; action: null; order: Order }>>(),
  confirmInBrowser: vi.fn<(stripe: unknown, action: ProviderAction, card: unknown) => Promise<string | null>>(),
}));
vi.mock("./payment-actions", async (importOriginal) => ({
  ...(await importOriginal<typeof PaymentActions>()),
  quoteOrderAddress: calls.quoteOrderAddress,
  payOrder: calls.payOrder,
  checkPayment: calls.checkPayment,
}));
// Stripe.js is not loaded in jsdom: the script's client is a stand-in, and the browser step is stubbed.
vi.mock("./provider-script", () => ({
  loadProvider: () => Promise.resolve({}),
  confirmInBrowser: calls.confirmInBrowser,
}));

// The result's "View your order" link prefetches through the router.
vi.mock("next/navigation", () => ({ useRouter: () => ({ prefetch: () => undefined, push: () => undefined }) }));

const HOUSTON: UsAddress = { fullName: "Sam Rivers", line1: "1200 Main Street", city: "Houston", state: "TX", zip: "77002" };
const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, "0");

const quoted = orderView({ shippingAddress: HOUSTON, tax: "1.50", total: "37.40" });
const scrolled = vi.fn<(options?: ScrollIntoViewOptions) => void>();

// For the whole file, not per test: a result that arrives as a test ends is revealed after that
// test's cleanup, and jsdom has no scrollIntoView of its own (a busy machine met it).
beforeAll(() => {
  Element.prototype.scrollIntoView = scrolled as unknown as Element["scrollIntoView"];
});
afterAll(() => {
  Reflect.deleteProperty(Element.prototype, "scrollIntoView");
});

async function typeAddress(user: ReturnType<typeof userEvent.setup>, address: Partial<UsAddress> = HOUSTON) {
  if (address.fullName) await user.type(screen.getByLabelText("Recipient"), address.fullName);
  if (address.line1) await user.type(screen.getByLabelText("Street address"), address.line1);
  if (address.city) await user.type(screen.getByLabelText("City"), address.city);
  if (address.state) await user.selectOptions(screen.getByLabelText("State"), address.state);
  if (address.zip) await user.type(screen.getByLabelText("ZIP code"), address.zip);
}

async function typeCard(user: ReturnType<typeof userEvent.setup>, number = "4242 4242 4242 4242") {
  await user.type(screen.getByLabelText("Card number"), number);
  await user.type(screen.getByLabelText("Expiry (MM / YY)"), `12 / ${nextYear}`);
  await user.type(screen.getByLabelText("Security code (CVC)"), "123");
  await user.type(screen.getByLabelText("Name on the card"), "Sam Rivers");
}

describe("the payment page", () => {
  it("quotes a typed address once the typing stops, with no Save button, and shows its tax", async () => {
    calls.quoteOrderAddress.mockResolvedValue(quoted);
    const user = userEvent.setup();
    render(<PaymentForm initialOrder={orderView()} defaultAddress={null} savedCards={[]} />);

    expect(screen.queryByRole("button", { name: /Save address/ })).toBeNull();
    expect(screen.getByText("After the address")).toBeDefined();
    await typeAddress(user);

    await waitFor(() => expect(screen.getByText("Sales tax (TX)")).toBeDefined(), { timeout: 3000 });
    expect(calls.quoteOrderAddress).toHaveBeenCalledTimes(1);
    expect(calls.quoteOrderAddress).toHaveBeenCalledWith({ orderId: TEST_ORDER_ID, shippingAddress: HOUSTON });
    expect(screen.getByRole("button", { name: "Pay $37.40" })).toHaveProperty("disabled", false);
  });

  it("pays with the typed address, keeps it as the default, and brings the result into view with focus", async () => {
    calls.quoteOrderAddress.mockResolvedValue(quoted);
    calls.payOrder.mockResolvedValue({
      status: "paid",
      message: "Payment received.",
      order: { ...quoted, status: "paid", canPay: false, paymentReceived: true },
    });
    const user = userEvent.setup();
    render(<PaymentForm initialOrder={orderView()} defaultAddress={null} savedCards={[]} />);

    const keep = screen.getByRole("checkbox", { name: "Save as my default address" });
    expect(keep).toHaveProperty("checked", true);
    await typeAddress(user);
    await waitFor(() => expect(screen.getByRole("button", { name: "Pay $37.40" })).toBeDefined(), { timeout: 3000 });
    await typeCard(user);
    await user.click(screen.getByRole("button", { name: /^Pay \$/ }));

    const heading = await screen.findByRole("heading", { name: "Payment received" });
    expect(calls.payOrder).toHaveBeenCalledWith(
      expect.objectContaining({ orderId: TEST_ORDER_ID, shippingAddress: HOUSTON, saveAddressAsDefault: true }),
    );
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.closest("[role=status]")).not.toBeNull();
    expect(scrolled).toHaveBeenCalledWith({ behavior: "smooth", block: "start" });
  });

  it("does not pay when the total changed with the address after Pay was pressed, and says the new total", async () => {
    calls.quoteOrderAddress.mockResolvedValue(quoted);
    const user = userEvent.setup({ delay: null });
    render(<PaymentForm initialOrder={orderView()} defaultAddress={null} savedCards={[]} />);
    await typeCard(user);
    await typeAddress(user);
    await user.click(screen.getByRole("button", { name: /^Pay \$35.90/ }));

    expect((await screen.findByRole("alert")).textContent).toBe("With this address the total is $37.40. Check it and press Pay again.");
    expect(calls.payOrder).not.toHaveBeenCalled();
  });

  it("puts an incomplete address's errors under its fields on Pay and focuses the first, without paying", async () => {
    const user = userEvent.setup();
    render(<PaymentForm initialOrder={orderView()} defaultAddress={null} savedCards={[]} />);
    await typeAddress(user, { fullName: "Sam Rivers", line1: "1200 Main Street", city: "Houston", state: "TX", zip: "7700" });
    await typeCard(user);
    await user.click(screen.getByRole("button", { name: /^Pay \$/ }));

    expect(await screen.findByText("Enter a 5-digit ZIP code (or ZIP+4).")).toBeDefined();
    expect(document.activeElement).toBe(screen.getByLabelText("ZIP code"));
    expect(calls.payOrder).not.toHaveBeenCalled();
    expect(calls.quoteOrderAddress).not.toHaveBeenCalled();
  });

  it("offers no default box to a customer who has one, and shows a decline by the button, in view and focused", async () => {
    calls.payOrder.mockResolvedValue({ status: "failed", message: "Your card was declined.", order: quoted });
    const user = userEvent.setup();
    render(<PaymentForm initialOrder={quoted} defaultAddress={HOUSTON} savedCards={[]} />);

    expect(screen.queryByRole("checkbox", { name: "Save as my default address" })).toBeNull();
    expect(screen.getByLabelText("Street address")).toHaveProperty("value", HOUSTON.line1);
    await typeCard(user, "4000 0000 0000 0002");
    await user.click(screen.getByRole("button", { name: "Pay $37.40" }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Your card was declined.");
    const body = calls.payOrder.mock.calls[0]?.[0];
    expect(body).toMatchObject({ shippingAddress: HOUSTON });
    expect(body).not.toHaveProperty("saveAddressAsDefault");
    expect(calls.quoteOrderAddress).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement?.contains(alert)).toBe(true));
    expect(scrolled).toHaveBeenCalledWith({ behavior: "smooth", block: "center" });
  });

  it("an order with nothing to ship asks for no address or shipping option and pays without an address", async () => {
    const plans = orderView({
      shippingMethod: null,
      shippingOptions: [],
      shippingFee: "0.00",
      subTotal: "99.00",
      total: "99.00",
      items: [{ ...orderView().items[0]!, skuNum: "LW-MEM-Y", name: "Lenwell Membership, yearly", discountPrice: "99.00" }],
    });
    calls.payOrder.mockResolvedValue({
      status: "paid",
      message: null,
      order: { ...plans, status: "paid", canPay: false, paymentReceived: true },
    });
    const user = userEvent.setup();
    render(<PaymentForm initialOrder={plans} defaultAddress={HOUSTON} savedCards={[]} />);

    expect(screen.queryByLabelText("ZIP code")).toBeNull();
    expect(screen.queryByRole("group", { name: "Shipping option" })).toBeNull();
    expect(screen.getByText(/Nothing in this order is shipped/)).toBeDefined();
    expect(screen.getByTestId("summary-shipping").textContent).toBe("None (nothing to ship)");
    await typeCard(user);
    await user.click(screen.getByRole("button", { name: "Pay $99.00" }));

    await waitFor(() => expect(calls.payOrder).toHaveBeenCalledTimes(1));
    expect(calls.quoteOrderAddress).not.toHaveBeenCalled();
    expect(calls.payOrder.mock.calls[0]?.[0]).not.toHaveProperty("shippingAddress");
  });

  describe("a payment waiting for the bank's check (a renewal the bank would not let through off-session)", () => {
    const renewal = orderView({
      shippingMethod: null,
      shippingOptions: [],
      shippingFee: "0.00",
      subTotal: "9.90",
      total: "9.90",
      items: [{ ...orderView().items[0]!, skuNum: "LW-MEM-M", name: "Lenwell Membership, monthly", discountPrice: "9.90" }],
    });
    const stripeFields = { publishableKey: "pk_test_page", scriptUrl: "https://js.stripe.test/v3" };
    const bankCheck: ProviderAction = { kind: "authenticate", clientSecret: "pi_renewal_secret_abc", paymentMethod: "pm_saved" };
    const savedCard = { id: "card-1", brand: "Visa", last4: "3184", expMonth: 12, expYear: 2040, isDefault: true, renewsMembership: false };

    it("says so, runs the bank's check with the provider's script on Confirm with your bank, re-checks, and shows the order paid", async () => {
      calls.confirmInBrowser.mockResolvedValue(null);
      calls.checkPayment.mockResolvedValue({
        status: "paid",
        message: "Payment received.",
        action: null,
        order: { ...renewal, status: "paid", canPay: false, paymentReceived: true },
      });
      const user = userEvent.setup();
      render(
        <PaymentForm
          initialOrder={renewal}
          defaultAddress={HOUSTON}
          savedCards={[savedCard]}
          keepsCardForRenewals
          providerFields={stripeFields}
          bankCheck={bankCheck}
        />,
      );

      expect(screen.getByRole("heading", { name: "Your bank asks you to confirm this payment" })).toBeDefined();
      expect(screen.getByRole("heading", { name: "Or pay another way" })).toBeDefined();
      expect(screen.getByRole("button", { name: "Pay $9.90" })).toBeDefined();
      await user.click(screen.getByRole("button", { name: "Confirm with your bank" }));

      expect(await screen.findByRole("heading", { name: "Payment received" })).toBeDefined();
      expect(calls.confirmInBrowser).toHaveBeenCalledWith({}, bankCheck, null);
      expect(calls.checkPayment).toHaveBeenCalledWith({ orderId: TEST_ORDER_ID });
      expect(calls.payOrder).not.toHaveBeenCalled();
    });

    it("after a failed check shows the bank's words and leaves paying another way", async () => {
      calls.confirmInBrowser.mockResolvedValue("We are unable to authenticate your payment method.");
      calls.checkPayment.mockResolvedValue({ status: "failed", message: "Your card was declined.", action: null, order: renewal });
      const user = userEvent.setup();
      render(
        <PaymentForm
          initialOrder={renewal}
          defaultAddress={HOUSTON}
          savedCards={[savedCard]}
          providerFields={stripeFields}
          bankCheck={bankCheck}
        />,
      );
      await user.click(screen.getByRole("button", { name: "Confirm with your bank" }));

      expect((await screen.findByRole("alert")).textContent).toBe("We are unable to authenticate your payment method.");
      expect(screen.queryByRole("button", { name: "Confirm with your bank" })).toBeNull();
      expect(screen.getByRole("heading", { name: "Payment" })).toBeDefined();
      expect(screen.getByRole("button", { name: "Pay $9.90" })).toHaveProperty("disabled", false);
    });

    it("is not offered without the provider's fields (the sandbox gateway) or without a waiting check", () => {
      const { unmount } = render(<PaymentForm initialOrder={renewal} defaultAddress={HOUSTON} savedCards={[]} bankCheck={bankCheck} />);
      expect(screen.queryByRole("button", { name: "Confirm with your bank" })).toBeNull();
      unmount();
      render(<PaymentForm initialOrder={renewal} defaultAddress={HOUSTON} savedCards={[]} providerFields={stripeFields} />);
      expect(screen.queryByRole("button", { name: "Confirm with your bank" })).toBeNull();
    });
  });

  it("a member's order says its UPS Ground is free with the membership and its prices are member prices", () => {
    const member = orderView({
      memberPricing: true,
      memberPricesApplied: true,
      shippingFee: "0.00",
      total: "24.00",
      shippingOptions: [
        { label: "UPS Ground", desc: "Free, 3 business days", value: "ups_ground", price: "0.00", realDate: "2026-11-25" },
        { label: "UPS 2nd Day Air", desc: "2 business days", value: "ups_2nd_day_air", price: "22.90", realDate: "2026-11-24" },
      ],
    });
    render(<PaymentForm initialOrder={member} defaultAddress={null} savedCards={[]} />);
    expect(screen.getByTestId("member-shipping").textContent).toBe("Free UPS Ground with your membership");
    expect(screen.getByTestId("member-pricing").textContent).toBe("Member prices applied");
    expect(screen.getByTestId("summary-shipping").textContent).toBe("Free");
    expect(screen.getByRole("radio", { name: /UPS 2nd Day Air/ })).toBeDefined();
  });

  it("a member's care-plan order, whose plan has no member price, does not say member prices were applied", () => {
    const carePlan = orderView({
      memberPricing: true,
      memberPricesApplied: false,
      items: [
        {
          skuNum: "LW-CARE-2Y",
          name: "Lenwell Care, 2-year protection",
          image: [],
          attributes: "",
          spec: [],
          quantity: 1,
          originalPrice: "89.00",
          discountPrice: "69.00",
          stock: 10_000,
        },
      ],
      subTotal: "69.00",
      shippingFee: "0.00",
      total: "69.00",
      shippingMethod: null,
      shippingOptions: [],
    });
    render(<PaymentForm initialOrder={carePlan} defaultAddress={null} savedCards={[]} />);
    expect(screen.getByRole("heading", { name: "Order summary" })).toBeDefined();
    expect(screen.queryByTestId("member-pricing")).toBeNull();
    expect(screen.queryByText("Member prices applied")).toBeNull();
  });
});
