"use client";

import type { z } from "zod";
import type { operatorCatalogueUpdateBodySchema } from "@/lib/schemas/operator-catalogue";
import {
  operatorOrderSchema,
  type operatorCancelOrderBodySchema,
  type OperatorOrder,
  type ShipOrderBody,
} from "@/lib/schemas/operator-order";
import {
  operatorAfterSaleSchema,
  type OperatorAfterSale,
  type approveAfterSaleBodySchema,
  type completeAfterSaleBodySchema,
  type rejectAfterSaleBodySchema,
} from "@/lib/schemas/after-sale";
import { merchandiseSchema, type Merchandise } from "@/lib/schemas/merchandise";
import { purifierSchema, type Purifier, type RejectPurifierBody } from "@/lib/schemas/purifier";
import { cancelMembershipResponseSchema, type operatorCancelMembershipBodySchema, type CancelMembershipResponse } from "@/lib/schemas/user";
import { callApi } from "./client";
import { loginOnExpiry } from "./login-on-expiry";

// The operator calls the console's buttons and forms make; answers are checked against the shared schemas.

const operatorCall = { blocking: true, operator: true } as const;

export async function shipOrder(body: ShipOrderBody): Promise<OperatorOrder> {
  return callApi("post", "orders/ship", operatorOrderSchema, { json: body, ...operatorCall }).catch(loginOnExpiry);
}

export async function deliverOrder(orderId: string): Promise<OperatorOrder> {
  return callApi("post", "orders/deliver", operatorOrderSchema, { json: { orderId }, ...operatorCall }).catch(loginOnExpiry);
}

/** POST /api/v1/admin/orders/refund-retry: a refund that failed is sent again. */
export async function retryRefund(refundId: string): Promise<OperatorOrder> {
  return callApi("post", "orders/refund-retry", operatorOrderSchema, { json: { refundId }, ...operatorCall }).catch(loginOnExpiry);
}

export async function cancelOrderAsOperator(body: z.input<typeof operatorCancelOrderBodySchema>): Promise<OperatorOrder> {
  return callApi("post", "orders/cancel", operatorOrderSchema, { json: body, ...operatorCall }).catch(loginOnExpiry);
}

export async function updateProduct(body: z.input<typeof operatorCatalogueUpdateBodySchema>): Promise<Merchandise> {
  return callApi("post", "catalogue/update", merchandiseSchema, { json: body, ...operatorCall }).catch(loginOnExpiry);
}

async function afterSaleCall(path: string, body: unknown): Promise<OperatorAfterSale> {
  return callApi("post", `after-sale/${path}`, operatorAfterSaleSchema, { json: body, ...operatorCall }).catch(loginOnExpiry);
}

export const approveAfterSale = (body: z.input<typeof approveAfterSaleBodySchema>) => afterSaleCall("approve", body);
export const rejectAfterSale = (body: z.input<typeof rejectAfterSaleBodySchema>) => afterSaleCall("reject", body);
export const receiveAfterSale = (afterSaleId: string) => afterSaleCall("receive", { afterSaleId });
export const completeAfterSale = (body: z.input<typeof completeAfterSaleBodySchema>) => afterSaleCall("complete", body);

/** POST /api/v1/admin/plans/cancel: an operator cancels a customer's membership by the member's own rules. */
export async function cancelMembershipAsOperator(
  body: z.input<typeof operatorCancelMembershipBodySchema>,
): Promise<CancelMembershipResponse> {
  return callApi("post", "plans/cancel", cancelMembershipResponseSchema, { json: body, ...operatorCall }).catch(loginOnExpiry);
}

/** POST /api/v1/admin/purifiers/verify: the proof of purchase holds; Lenwell Care may cover the purifier. */
export async function verifyPurifier(purifierId: string): Promise<Purifier> {
  return callApi("post", "purifiers/verify", purifierSchema, { json: { purifierId }, ...operatorCall }).catch(loginOnExpiry);
}

/** POST /api/v1/admin/purifiers/reject: the purifier cannot be verified, for the reason given (the customer reads it). */
export async function rejectPurifier(body: RejectPurifierBody): Promise<Purifier> {
  return callApi("post", "purifiers/reject", purifierSchema, { json: body, ...operatorCall }).catch(loginOnExpiry);
}
