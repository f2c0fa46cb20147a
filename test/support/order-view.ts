import type { Order } from "@/lib/schemas/order";

/** The id of the order orderView() makes. */
export const TEST_ORDER_ID = "3f2a9c1b-0d4e-4c5a-9b7e-1234567890ab";

/**
 * An order as the API shows it to its customer, for component and template tests: waiting for
 * payment, one post-carbon cartridge at $24.00 by UPS Ground, no address yet. Each test names what
 * it changes.
 */
export function orderView(overrides: Partial<Order> = {}): Order {
  return {
    orderId: TEST_ORDER_ID,
    status: "pending_payment",
    createdAt: "2026-11-20T15:00:00.000Z",
    expiresAt: "2026-11-20T15:30:00.000Z",
    items: [
      {
        skuNum: "LW-F3-PC",
        name: "Post-carbon taste cartridge",
        image: [],
        attributes: "12-month life",
        spec: [],
        quantity: 1,
        originalPrice: "29.00",
        discountPrice: "24.00",
        stock: 600,
      },
    ],
    subTotal: "24.00",
    shippingFee: "11.90",
    tax: "0.00",
    total: "35.90",
    refunded: "0.00",
    shippingAddress: null,
    shippingMethod: "ups_ground",
    shippingOptions: [{ label: "UPS Ground", desc: "3 business days", value: "ups_ground", price: "11.90", realDate: "2026-11-25" }],
    memberPricing: false,
    memberPricesApplied: false,
    paidAt: null,
    shippedAt: null,
    deliveredAt: null,
    carrier: null,
    trackingNumber: null,
    referralCode: null,
    timeline: [],
    canCancel: true,
    canEdit: true,
    canPay: true,
    paymentReceived: false,
    canApplyAfterSale: false,
    afterSaleRemaining: {},
    ...overrides,
  };
}
