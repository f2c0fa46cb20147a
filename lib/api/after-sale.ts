"use client";

import {
  afterSaleIdResponseSchema,
  afterSaleSchema,
  type AfterSale,
  type ApplyAfterSaleBody,
  type SubmitTrackingBody,
} from "@/lib/schemas/after-sale";
import { callApi } from "./client";

// The after-sale calls of the customer's pages; every answer is checked against the shared schema.

export const afterSaleQueryKey = (afterSaleId: string) => ["after-sale", "detail", afterSaleId] as const;

export async function applyAfterSale(body: ApplyAfterSaleBody): Promise<string> {
  const answer = afterSaleIdResponseSchema.parse(
    await callApi<unknown>("post", "order/afterSale/apply", { json: body, quiet: true, blocking: true }),
  );
  return answer.afterSaleId;
}

export async function fetchAfterSale(afterSaleId: string): Promise<AfterSale> {
  return afterSaleSchema.parse(await callApi<unknown>("get", "order/afterSale/get", { searchParams: { afterSaleId }, quiet: true }));
}

export async function submitAfterSaleTracking(body: SubmitTrackingBody): Promise<AfterSale> {
  return afterSaleSchema.parse(
    await callApi<unknown>("post", "merchandise/order/afterSale/trackNumber/submit", { json: body, quiet: true, blocking: true }),
  );
}

export async function cancelAfterSale(afterSaleId: string): Promise<AfterSale> {
  return afterSaleSchema.parse(
    await callApi<unknown>("post", "order/afterSale/cancel", { json: { afterSaleId }, quiet: true, blocking: true }),
  );
}
