import { z } from "zod";
import { multiLineText, singleLineText, uuidText } from "./text";
import { orderSchema, orderStatusSchema, orderSummarySchema } from "./order";
import { shipSerialsSchema } from "./purifier";
import { OPERATOR_PAGE_FIELDS, pageSchema } from "./paging";

// The operator calls on orders (/api/v1/admin/orders/...): what an operator console sends and reads.

const orderIdField = uuidText("Unknown order.");

export const operatorOrderListQuerySchema = z.strictObject({
  status: orderStatusSchema.optional(),
  /** The order's short number ("#5E461C55") or id, or part of the customer's e-mail or name (lib/server/orders/search.ts). */
  q: singleLineText().trim().max(200, "Use at most 200 characters.").optional(),
  ...OPERATOR_PAGE_FIELDS,
});
export type OperatorOrderListQuery = z.infer<typeof operatorOrderListQuerySchema>;

export const operatorOrderIdQuerySchema = z.strictObject({ orderId: orderIdField });

export const shipOrderBodySchema = z.strictObject({
  orderId: orderIdField,
  carrier: singleLineText({ message: "Enter the carrier." }).trim().min(1, "Enter the carrier.").max(40, "Use at most 40 characters."),
  trackingNumber: singleLineText({ message: "Enter the tracking number." })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{3,39}$/, "Enter the tracking number (4 to 40 letters, digits, spaces or dashes)."),
  /** Optional: the serial of each purifier unit shipped, per purifier line; registered with the unit at delivery. */
  serials: shipSerialsSchema.optional(),
});
export type ShipOrderBody = z.infer<typeof shipOrderBodySchema>;

export const deliverOrderBodySchema = z.strictObject({ orderId: orderIdField });

/** An operator cancels a pending or paid order; a paid one is refunded in full. */
export const operatorCancelOrderBodySchema = z.strictObject({
  orderId: orderIdField,
  reason: multiLineText({ message: "Enter the reason." }).trim().min(1, "Enter the reason.").max(500, "Use at most 500 characters."),
});
export type OperatorCancelOrderBody = z.infer<typeof operatorCancelOrderBodySchema>;

const customerSchema = z.object({ id: z.string(), email: z.string() });

/** One amount going back to the customer, as the operator's order page lists it (the refund ledger). */
export const operatorRefundSchema = z.object({
  refundId: z.string(),
  amount: z.string(),
  /** pending: sent or about to be; succeeded; failed: did not reach the card (retry it); reversed: a dispute the shop won. */
  status: z.enum(["pending", "succeeded", "failed", "reversed"]),
  reason: z.string(),
  /** "Visa •••• 4242 · re_3N…": where it went, by the card and the provider's reference. */
  to: z.string(),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
  /** A failed refund not sent again yet: the console offers "Send again". */
  canRetry: z.boolean(),
});
export type OperatorRefund = z.infer<typeof operatorRefundSchema>;

export const retryRefundBodySchema = z.strictObject({ refundId: uuidText("Unknown refund.") });
export type RetryRefundBody = z.infer<typeof retryRefundBodySchema>;

export const operatorOrderSchema = orderSchema.extend({
  customer: customerSchema,
  /** Every amount that went (or is going) back, and any that failed and is owed. */
  refunds: z.array(operatorRefundSchema),
  /** What the operator may do next, by the order's rules. */
  canShip: z.boolean(),
  canDeliver: z.boolean(),
  /** The order's purifier lines: the ship form asks for a serial per unit; registered at delivery. */
  purifierLines: z.array(z.object({ skuNum: z.string(), name: z.string(), quantity: z.number().int(), serials: z.array(z.string()) })),
});
export type OperatorOrder = z.infer<typeof operatorOrderSchema>;

export const operatorOrderSummarySchema = orderSummarySchema.extend({ customer: customerSchema });
export type OperatorOrderSummary = z.infer<typeof operatorOrderSummarySchema>;

export const operatorOrderListSchema = pageSchema(operatorOrderSummarySchema);
