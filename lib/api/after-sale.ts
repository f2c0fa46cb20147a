"use client";

import {
  afterSaleIdResponseSchema,
  afterSaleSchema,
  type AfterSale,
  type ApplyAfterSaleBody,
  type SubmitTrackingBody,
} from "@/lib/schemas/after-sale";
import { callApi } from "./client";
import { loginOnExpiry } from "./login-on-expiry";

// The after-sale calls of the customer's pages; every answer is checked against the shared schema.

export const afterSaleQueryKey = (afterSaleId: string) => ["after-sale", "detail", afterSaleId] as const;

export async function applyAfterSale(body: ApplyAfterSaleBody): Promise<string> {
  const answer = await callApi("post", "order/afterSale/apply", afterSaleIdResponseSchema, { json: body, blocking: true }).catch(
    loginOnExpiry,
  );
  return answer.afterSaleId;
}

export async function fetchAfterSale(afterSaleId: string): Promise<AfterSale> {
  return callApi("get", "order/afterSale/get", afterSaleSchema, { searchParams: { afterSaleId } }).catch(loginOnExpiry);
}

export async function submitAfterSaleTracking(body: SubmitTrackingBody): Promise<AfterSale> {
  return callApi("post", "merchandise/order/afterSale/trackNumber/submit", afterSaleSchema, { json: body, blocking: true }).catch(
    loginOnExpiry,
  );
}

export async function cancelAfterSale(afterSaleId: string): Promise<AfterSale> {
  return callApi("post", "order/afterSale/cancel", afterSaleSchema, { json: { afterSaleId }, blocking: true }).catch(loginOnExpiry);
}
