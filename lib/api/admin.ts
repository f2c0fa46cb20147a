"use client";

import type { z } from "zod";
import type { adminCatalogueUpdateBodySchema } from "@/lib/schemas/admin-catalogue";
import { adminOrderSchema, type adminCancelOrderBodySchema, type AdminOrder, type ShipOrderBody } from "@/lib/schemas/admin-order";
import {
  adminAfterSaleSchema,
  type AdminAfterSale,
  type approveAfterSaleBodySchema,
  type completeAfterSaleBodySchema,
  type rejectAfterSaleBodySchema,
} from "@/lib/schemas/after-sale";
import { merchandiseSchema, type Merchandise } from "@/lib/schemas/merchandise";
import { callApi } from "./client";

// The operator calls the console's buttons and forms make; answers are checked against the shared schemas.

export async function shipOrder(body: ShipOrderBody): Promise<AdminOrder> {
  return adminOrderSchema.parse(await callApi<unknown>("post", "orders/ship", { json: body, quiet: true, blocking: true, operator: true }));
}

export async function deliverOrder(orderId: string): Promise<AdminOrder> {
  return adminOrderSchema.parse(await callApi<unknown>("post", "orders/deliver", { json: { orderId }, quiet: true, blocking: true, operator: true }));
}

export async function cancelOrderAsOperator(body: z.input<typeof adminCancelOrderBodySchema>): Promise<AdminOrder> {
  return adminOrderSchema.parse(await callApi<unknown>("post", "orders/cancel", { json: body, quiet: true, blocking: true, operator: true }));
}

export async function updateProduct(body: z.input<typeof adminCatalogueUpdateBodySchema>): Promise<Merchandise> {
  return merchandiseSchema.parse(await callApi<unknown>("post", "catalogue/update", { json: body, quiet: true, blocking: true, operator: true }));
}

async function afterSaleCall(path: string, body: unknown): Promise<AdminAfterSale> {
  return adminAfterSaleSchema.parse(await callApi<unknown>("post", `after-sale/${path}`, { json: body, quiet: true, blocking: true, operator: true }));
}

export const approveAfterSale = (body: z.input<typeof approveAfterSaleBodySchema>) => afterSaleCall("approve", body);
export const rejectAfterSale = (body: z.input<typeof rejectAfterSaleBodySchema>) => afterSaleCall("reject", body);
export const receiveAfterSale = (afterSaleId: string) => afterSaleCall("receive", { afterSaleId });
export const completeAfterSale = (body: z.input<typeof completeAfterSaleBodySchema>) => afterSaleCall("complete", body);
