"use client";

import type { z } from "zod";
import { orderSchema, type cancelOrderBodySchema, type editOrderBodySchema, type Order } from "@/lib/schemas/order";
import { callApi } from "./client";
import { loginOnExpiry } from "./login-on-expiry";

// The order calls the customer's order page makes; every answer is checked against the shared schema.

export const orderQueryKey = (orderId: string) => ["orders", "detail", orderId] as const;
export const ordersQueryKey = ["orders"] as const;

export async function fetchOrder(orderId: string): Promise<Order> {
  return callApi("get", "merchandise/order/get", orderSchema, { searchParams: { orderId } }).catch(loginOnExpiry);
}

export async function editOrder(body: z.output<typeof editOrderBodySchema>): Promise<Order> {
  return callApi("put", "merchandise/order/edit", orderSchema, { json: body, blocking: true }).catch(loginOnExpiry);
}

/**
 * The payment page's quote: puts the address typed so far on the unpaid order and answers its new
 * tax and total. It runs in the background while the customer goes on typing, so no spinner.
 */
export async function quoteOrderAddress(body: z.output<typeof editOrderBodySchema>): Promise<Order> {
  return callApi("put", "merchandise/order/edit", orderSchema, { json: body }).catch(loginOnExpiry);
}

export async function cancelOrder(body: z.output<typeof cancelOrderBodySchema>): Promise<Order> {
  return callApi("post", "merchandise/order/cancel", orderSchema, { json: body, blocking: true }).catch(loginOnExpiry);
}
