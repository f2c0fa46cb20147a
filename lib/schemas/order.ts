import { z } from "zod";
import { multiLineText, singleLineText, uuidText } from "./text";
import { CUSTOMER_PAGE_FIELDS, pageSchema } from "./paging";
import {
  CARD_CVC_PATTERN,
  CARD_EXPIRY_YEARS,
  CARD_MESSAGES,
  CARD_NAME_MAX_LENGTH,
  CARD_NUMBER_PATTERN,
  cardDigits,
  type CardInput,
} from "@/lib/rules/card-rules";
import { SKU_PATTERN } from "@/lib/config/catalog";
import { SHIPPING_METHOD_VALUES, type ShippingMethodValue } from "@/lib/config/shipping";
import { usAddressSchema } from "./auth";
import { cartItemSchema, money } from "./cart";
import { EVENT_ACTORS } from "@/lib/config/roles";

// Orders, shipping and payment as docs/api.md describes them: the request bodies the server
// validates and the answers the browser reads. Money travels as "12.90" strings.

export const ORDER_STATUS_VALUES = ["pending_payment", "paid", "shipped", "delivered", "cancelled", "refunded"] as const;
export const orderStatusSchema = z.enum(ORDER_STATUS_VALUES);
export type OrderStatusValue = z.infer<typeof orderStatusSchema>;

// The values live in lib/config/shipping.ts (zod-free, for pages that only display them).
export { SHIPPING_METHOD_VALUES, type ShippingMethodValue };
export const shippingMethodSchema = z.enum(SHIPPING_METHOD_VALUES, { message: "Choose a shipping option." });

const skuField = singleLineText().trim().regex(SKU_PATTERN, "Unknown product.");
const quantityField = z
  .number({ message: "Enter a quantity." })
  .int("The quantity must be a whole number.")
  .min(1, "The quantity must be at least 1.")
  .max(1000, "The quantity can be at most 1000.");
const orderIdField = uuidText("Unknown order.");

export const skuQuantityBodySchema = z.strictObject({ skuNum: skuField, quantity: quantityField });
export const skuBodySchema = z.strictObject({ skuNum: skuField });
export const emptyBodySchema = z.strictObject({});
export const orderIdQuerySchema = z.strictObject({ orderId: orderIdField });

export const shippingOptionSchema = z.object({
  label: z.string(),
  desc: z.string(),
  value: shippingMethodSchema,
  price: money,
  /** Estimated delivery date, YYYY-MM-DD, in business days from today. */
  realDate: z.string(),
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

export const orderEventSchema = z.object({
  type: z.string(),
  actor: z.enum(EVENT_ACTORS),
  note: z.string().nullable(),
  at: z.string(),
});

export const orderSchema = z.object({
  orderId: z.string(),
  status: orderStatusSchema,
  createdAt: z.string(),
  /** When an unpaid order stops holding its stock; null once paid or closed. */
  expiresAt: z.string().nullable(),
  /** discountPrice is the unit price the order charged (the member price on a member-priced order). */
  items: z.array(cartItemSchema.omit({ memberPrice: true })),
  subTotal: money,
  shippingFee: money,
  tax: money,
  total: money,
  refunded: money,
  shippingAddress: usAddressSchema.nullable(),
  /** Null: nothing in the order ships (plans and services only), so it has no address, option or fee. */
  shippingMethod: shippingMethodSchema.nullable(),
  /** Empty once paid or closed, and for an order with nothing to ship. */
  shippingOptions: z.array(shippingOptionSchema),
  /** Made while the customer's membership ran: member prices and free UPS Ground apply to it. */
  memberPricing: z.boolean(),
  /**
   * Some line cost less than its regular price because the membership ran: what "Member prices
   * applied" may say (memberPricing alone is also true for an order of lines without member prices).
   */
  memberPricesApplied: z.boolean(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  referralCode: z.string().nullable(),
  timeline: z.array(orderEventSchema),
  canCancel: z.boolean(),
  canEdit: z.boolean(),
  canPay: z.boolean(),
  /** The payment went through and the order goes on (paid, shipped or delivered). */
  paymentReceived: z.boolean(),
  /** Shipped or delivered, and some line still has units no open or completed after-sale request holds. */
  canApplyAfterSale: z.boolean(),
  /** Per skuNum: the units an after-sale request may still ask for (0 for every line when not eligible). */
  afterSaleRemaining: z.record(z.string(), z.number().int()),
});
export type Order = z.infer<typeof orderSchema>;

export const orderSummarySchema = z.object({
  orderId: z.string(),
  status: orderStatusSchema,
  createdAt: z.string(),
  total: money,
  /** Units bought, all products together. */
  itemCount: z.number().int(),
  /** Distinct products (order lines): what "and 2 more" after the first product counts. */
  lineCount: z.number().int(),
  /** The first item's name and image, for the list. */
  firstItem: z.object({ name: z.string(), image: z.string().nullable() }).nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderListQuerySchema = z.strictObject({
  status: orderStatusSchema.optional(),
  ...CUSTOMER_PAGE_FIELDS,
});

export const orderListSchema = pageSchema(orderSummarySchema);

export const editOrderBodySchema = z
  .strictObject({
    orderId: orderIdField,
    shippingAddress: usAddressSchema.optional(),
    shippingMethod: shippingMethodSchema.optional(),
  })
  .refine((body) => body.shippingAddress !== undefined || body.shippingMethod !== undefined, {
    message: "Change the address or the shipping option.",
    path: ["shippingAddress"],
  });

export const cancelOrderBodySchema = z.strictObject({
  orderId: orderIdField,
  reason: multiLineText().trim().max(500, "Use at most 500 characters.").optional(),
});

/** A new card as typed on the payment page, by the rules the form checks too. Only the provider sees the number. */
export const cardInputSchema = z.strictObject({
  number: singleLineText().transform(cardDigits).pipe(z.string().regex(CARD_NUMBER_PATTERN, CARD_MESSAGES.number)),
  expMonth: z.number().int().min(1, CARD_MESSAGES.expMonth).max(12, CARD_MESSAGES.expMonth),
  expYear: z.number().int().min(CARD_EXPIRY_YEARS.min, CARD_MESSAGES.expYear).max(CARD_EXPIRY_YEARS.max, CARD_MESSAGES.expYear),
  cvc: singleLineText().regex(CARD_CVC_PATTERN, CARD_MESSAGES.cvc),
  name: singleLineText().trim().min(1, CARD_MESSAGES.name).max(CARD_NAME_MAX_LENGTH, CARD_MESSAGES.nameLength),
}) satisfies z.ZodType<CardInput, unknown>;

export const paymentBodySchema = z
  .strictObject({
    orderId: orderIdField,
    paymentMethodId: uuidText("Choose a saved card.").optional(),
    card: cardInputSchema.optional(),
    savePaymentMethod: z.boolean().optional(),
    idempotencyKey: singleLineText().regex(/^[A-Za-z0-9_-]{16,100}$/, "The payment could not be identified. Reload the page."),
    /** The address as typed on the page: the order is paid with it (and its tax), no separate save needed. */
    shippingAddress: usAddressSchema.optional(),
    /** Keep `shippingAddress` as the profile's default address once the payment goes through. */
    saveAddressAsDefault: z.boolean().optional(),
  })
  // Neither: the new card is typed into the payment provider's own fields in the browser, which
  // confirm the payment there; the server refuses that when its provider takes cards itself.
  .refine((body) => body.paymentMethodId === undefined || body.card === undefined, {
    message: "Choose a saved card or enter a new one.",
    path: ["card"],
  })
  .refine((body) => body.saveAddressAsDefault !== true || body.shippingAddress !== undefined, {
    message: "Enter the address to save as your default.",
    path: ["shippingAddress"],
  });
export type PaymentBody = z.infer<typeof paymentBodySchema>;

export const paymentResultSchema = z.object({
  status: z.enum(["paid", "failed", "requires_action", "processing"]),
  /** Why a payment failed, in words a customer understands; null when paid. */
  message: z.string().nullable(),
  /**
   * What the page does next with the payment provider's script: confirm the card typed into its
   * fields, or let the bank check the customer (3-D Secure); `paymentMethod`, with `authenticate`:
   * the saved card a charge refused off-session is confirmed with again (a renewal). Then it asks
   * `payment/check`.
   */
  action: z
    .object({ kind: z.enum(["confirm", "authenticate"]), clientSecret: z.string(), paymentMethod: z.string().optional() })
    .nullable(),
  order: orderSchema,
});

export const paymentCheckBodySchema = z.strictObject({ orderId: orderIdField });

/** Test mode's bank check: the customer's page, standing in for the bank, passes or fails it. */
export const bankCheckBodySchema = z.strictObject({ orderId: orderIdField, passed: z.boolean() });

export const savedPaymentMethodSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
  /** A renewing membership charges this card: it cannot be removed until another card renews it. */
  renewsMembership: z.boolean(),
});
export type SavedPaymentMethod = z.infer<typeof savedPaymentMethodSchema>;

export const savedCardBodySchema = z.strictObject({ id: uuidText("Choose a saved card.") });

/** POST /user/saved_payments_methods: a card typed into the shop's own fields (providers that take them). */
export const addSavedCardBodySchema = z.strictObject({ card: cardInputSchema });

/** POST /user/saved_payments_methods/setup: the page's key for this try at adding a card, kept for a retry of it. */
export const cardSetupBodySchema = z.strictObject({
  attemptKey: singleLineText().regex(/^[A-Za-z0-9_-]{16,100}$/, "The card could not be identified. Reload the page."),
});

export const cardSetupSchema = z.object({
  /** The provider's id of the setup, for setup/check. */
  setupIntentId: z.string(),
  /** For the provider's script in the browser only. */
  clientSecret: z.string(),
});

/** POST /user/saved_payments_methods/setup/check. */
export const cardSetupCheckBodySchema = z.strictObject({
  setupIntentId: singleLineText().regex(/^[A-Za-z0-9_]{1,255}$/, "This card was not found. Enter it again."),
});

/**
 * A card added (POST) or a setup checked: `saved` with the card; `pending` while the browser or the
 * bank has still to confirm it; `failed` with the reason (nothing saved). `cards`: the list now.
 */
export const savedCardAnswerSchema = z.object({
  status: z.enum(["saved", "pending", "failed"]),
  message: z.string().nullable(),
  card: savedPaymentMethodSchema.nullable(),
  cards: z.array(savedPaymentMethodSchema),
});
export type SavedCardAnswer = z.infer<typeof savedCardAnswerSchema>;
