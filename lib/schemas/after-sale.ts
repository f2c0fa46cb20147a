import { z } from "zod";
import { multiLineText, singleLineText, uuidText } from "./text";
import { AFTER_SALE_LIMITS, AFTER_SALE_REASONS, AFTER_SALE_STATUSES, AFTER_SALE_TYPES } from "@/lib/config/after-sale";
import { money } from "./cart";
import { CUSTOMER_PAGE_FIELDS, OPERATOR_PAGE_FIELDS, pageSchema } from "./paging";
import { EVENT_ACTORS } from "@/lib/config/roles";

// After-sale requests as docs/api.md describes them: the customer's and the operator's request
// bodies, and the AfterSale answer both sides read. Money travels as "12.90" strings.

export const afterSaleTypeSchema = z.enum(AFTER_SALE_TYPES, { message: "Choose return, refund, exchange or repair." });
export type AfterSaleType = z.infer<typeof afterSaleTypeSchema>;

export const afterSaleStatusSchema = z.enum(AFTER_SALE_STATUSES);
export type AfterSaleStatus = z.infer<typeof afterSaleStatusSchema>;

export const afterSaleReasonSchema = z.enum(AFTER_SALE_REASONS, { message: "Choose a reason from the list." });

const afterSaleIdField = uuidText("Unknown after-sale request.");

export const applyAfterSaleBodySchema = z.strictObject({
  orderId: uuidText("Unknown order."),
  skuNum: singleLineText()
    .trim()
    .regex(/^[A-Z0-9-]{2,40}$/, "Unknown product."),
  quantity: z
    .number({ message: "Enter a quantity." })
    .int("The quantity must be a whole number.")
    .min(1, "The quantity must be at least 1.")
    .max(1000, "The quantity can be at most 1000."),
  type: afterSaleTypeSchema,
  reason: afterSaleReasonSchema,
  description: multiLineText({ message: "Describe the problem." })
    .trim()
    .min(AFTER_SALE_LIMITS.descriptionMin, `Describe the problem in at least ${AFTER_SALE_LIMITS.descriptionMin} characters.`)
    .max(AFTER_SALE_LIMITS.descriptionMax, `Use at most ${AFTER_SALE_LIMITS.descriptionMax} characters.`),
  /** Repairs: which of the customer's registered purifiers it is for (its Lenwell Care decides the fees). */
  purifierId: uuidText("Choose one of your purifiers.").optional(),
});
export type ApplyAfterSaleBody = z.infer<typeof applyAfterSaleBodySchema>;

export const afterSaleListQuerySchema = z.strictObject({ status: afterSaleStatusSchema.optional(), ...CUSTOMER_PAGE_FIELDS });
export type AfterSaleListQuery = z.infer<typeof afterSaleListQuerySchema>;

export const afterSaleIdQuerySchema = z.strictObject({ afterSaleId: afterSaleIdField });
export const afterSaleIdBodySchema = z.strictObject({ afterSaleId: afterSaleIdField });

export const submitTrackingBodySchema = z.strictObject({
  afterSaleId: afterSaleIdField,
  carrier: singleLineText({ message: "Enter the carrier." }).trim().min(1, "Enter the carrier.").max(40, "Use at most 40 characters."),
  trackNumber: singleLineText({ message: "Enter the tracking number." })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{3,39}$/, "Enter the tracking number (4 to 40 letters, digits, spaces or dashes)."),
});
export type SubmitTrackingBody = z.infer<typeof submitTrackingBodySchema>;

export const afterSaleIdResponseSchema = z.object({ afterSaleId: z.string() });

export const afterSaleEventSchema = z.object({
  /** The status entered (pending_review, approved, returning, received, completed, rejected, cancelled) or "refunded". */
  type: z.string(),
  actor: z.enum(EVENT_ACTORS),
  note: z.string().nullable(),
  at: z.string(),
});

export const afterSaleSchema = z.object({
  afterSaleId: z.string(),
  orderId: z.string(),
  skuNum: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  quantity: z.number().int(),
  type: afterSaleTypeSchema,
  reason: z.string(),
  description: z.string(),
  status: afterSaleStatusSchema,
  /** What a return or refund gives back: unit price × quantity plus that share of the order's tax. */
  refundAmount: money,
  /** What was actually refunded on completion ("0.00" until then, or when nothing was). */
  refunded: money,
  /** Where to send the goods; set once approved. */
  returnAddress: z.string().nullable(),
  rejectReason: z.string().nullable(),
  carrier: z.string().nullable(),
  trackNumber: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  timeline: z.array(afterSaleEventSchema),
  /** Repairs: the purifier it is for, and the Lenwell Care plan that covered it on the request day. */
  purifier: z.object({ purifierId: z.string(), serial: z.string().nullable() }).nullable(),
  coveredByCare: z.object({ carePlanId: z.string(), endsOn: z.string() }).nullable(),
  /** Repairs not covered by Lenwell Care: the diagnosis fee (the catalogue's), credited against the repair; else null. */
  diagnosisFee: money.nullable(),
  /** The customer may cancel (before the goods are received). */
  canCancel: z.boolean(),
  /** The customer is to send the goods and enter carrier and tracking number (approved). */
  canSubmitTracking: z.boolean(),
});
export type AfterSale = z.infer<typeof afterSaleSchema>;

export const afterSaleListSchema = pageSchema(afterSaleSchema);

// Operator calls (/api/v1/admin/after-sale/...).

export const operatorAfterSaleListQuerySchema = z.strictObject({
  status: afterSaleStatusSchema.optional(),
  /** A request's or order's short number ("#5E461C55") or id, or part of the customer's e-mail or name (lib/server/orders/search.ts). */
  q: singleLineText().trim().max(200, "Use at most 200 characters.").optional(),
  ...OPERATOR_PAGE_FIELDS,
});
export type OperatorAfterSaleListQuery = z.infer<typeof operatorAfterSaleListQuerySchema>;

export const approveAfterSaleBodySchema = z.strictObject({
  afterSaleId: afterSaleIdField,
  /** Omitted: the Houston service centre (RETURN_ADDRESS in lib/config/after-sale.ts). */
  returnAddress: multiLineText()
    .trim()
    .min(AFTER_SALE_LIMITS.returnAddressMin, "Enter the full return address.")
    .max(AFTER_SALE_LIMITS.returnAddressMax, `Use at most ${AFTER_SALE_LIMITS.returnAddressMax} characters.`)
    .optional(),
});
export type ApproveAfterSaleBody = z.infer<typeof approveAfterSaleBodySchema>;

export const rejectAfterSaleBodySchema = z.strictObject({
  afterSaleId: afterSaleIdField,
  reason: multiLineText({ message: "Give the reason for the rejection." })
    .trim()
    .min(AFTER_SALE_LIMITS.rejectReasonMin, "Give the reason for the rejection.")
    .max(AFTER_SALE_LIMITS.rejectReasonMax, `Use at most ${AFTER_SALE_LIMITS.rejectReasonMax} characters.`),
});
export type RejectAfterSaleBody = z.infer<typeof rejectAfterSaleBodySchema>;

export const completeAfterSaleBodySchema = z.strictObject({
  afterSaleId: afterSaleIdField,
  /**
   * What to refund. Omitted: the request's refundAmount for return and refund, nothing for exchange
   * and repair. Never more than the request's refundAmount nor what is left refundable on the order.
   */
  refundAmount: money.optional(),
});
export type CompleteAfterSaleBody = z.infer<typeof completeAfterSaleBodySchema>;

const customerSchema = z.object({ id: z.string(), email: z.string() });

export const operatorAfterSaleSchema = afterSaleSchema.extend({ customer: customerSchema });
export type OperatorAfterSale = z.infer<typeof operatorAfterSaleSchema>;

export const operatorAfterSaleListSchema = pageSchema(operatorAfterSaleSchema);
