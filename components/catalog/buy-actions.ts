"use client";

import { cartListQueryKey } from "@/lib/api/cart";
import { callApi } from "@/lib/api/client";
import { ApiError } from "@/lib/api/envelope";
import { loginOnExpiry } from "@/lib/api/login-on-expiry";
import { sharedQueryClient } from "@/lib/api/query-client";
import { cartListSchema, orderIdResponseSchema } from "@/lib/schemas/cart";

// The buy box's calls, loaded on the first click: the product page itself ships no API client,
// data cache or schemas.

/** Adds to the cart and puts the answer (the whole cart) in the shared cache for the drawer. */
export async function addToCart(skuNum: string, quantity: number): Promise<void> {
  const cart = await callApi("post", "order/cart/add/", cartListSchema, { json: { skuNum, quantity }, blocking: true, notify: true }).catch(
    loginOnExpiry,
  );
  sharedQueryClient().setQueryData(cartListQueryKey, cart);
}

/** Buy now: a pending order of this one product. */
export async function buyNow(skuNum: string, quantity: number): Promise<string> {
  const answer = await callApi("post", "merchandise/order/add", orderIdResponseSchema, {
    json: { skuNum, quantity },
    blocking: true,
    notify: true,
  }).catch(loginOnExpiry);
  return answer.orderId;
}

/** A refusal about stock or quantity: the page's count is old. */
export function isStockRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 409 || error.code === 422);
}

/** Already shown to the customer by the API client (anything else is a bug worth logging). */
export function isShownApiError(error: unknown): boolean {
  return error instanceof ApiError;
}
