import { z } from "zod";
import { singleLineText } from "./text";

// The cart as docs/api.md describes it. Money travels as "12.90" strings.

export const money = singleLineText().regex(/^\d+\.\d{2}$/);

export const specRowSchema = z.object({
  spec_key: z.string(),
  spec_name: z.string(),
  spec_value: z.string(),
});

export const cartItemSchema = z.object({
  skuNum: z.string(),
  name: z.string(),
  image: z.array(z.string()),
  attributes: z.string(),
  spec: z.array(specRowSchema),
  quantity: z.number().int(),
  originalPrice: money,
  discountPrice: money,
  /** What members pay instead of discountPrice; null when the product has none. */
  memberPrice: money.nullable(),
  stock: z.number().int(),
});

export const cartListSchema = z.object({
  cartList: z.array(cartItemSchema),
  shipping: money,
  /** What the lines cost this customer: member prices for a member. */
  subTotal: money,
  /** The part of subTotal that ships (plans and services do not): what shipping and its threshold count. */
  shippedSubTotal: money,
  /** The customer's membership runs now: member prices and free UPS Ground apply. */
  member: z.boolean(),
  freeShippingThreshold: money,
  amountToFreeShipping: money,
  count: z.number().int(),
});

export type CartItem = z.infer<typeof cartItemSchema>;
export type CartList = z.infer<typeof cartListSchema>;

/** The answer of checkout and buy now: the new pending order. */
export const orderIdResponseSchema = z.object({ orderId: z.string().min(1) });
