"use client";

import type { z } from "zod";
import { orderSchema, type cancelOrderBodySchema, type editOrderBodySchema, type Order } from "@/lib/schemas/order";
import { callApi } from "./client";

// The order calls the customer's order page makes; every answer is checked against the shared schema.

export const orderQueryKey = (orderId: string) => ["orders", "detail", orderId] as const;
export const ordersQueryKey = ["orders"] as const;

export async function fetchOrder(orderId: string): Promise<Order> {
  return orderSchema.parse(await callApi<unknown>("get", "merchandise/order/get", { searchParams: { orderId }, quiet: true }));
}

export async function editOrder(body: z.output<typeof editOrderBodySchema>): Promise<Order> {
  return orderSchema.parse(await callApi<unknown>("put", "merchandise/order/edit", { json: body, quiet: true, blocking: true }));
}

export async function cancelOrder(body: z.output<typeof cancelOrderBodySchema>): Promise<Order> {
  return orderSchema.parse(await callApi<unknown>("post", "merchandise/order/cancel", { json: body, quiet: true, blocking: true }));
}
