"use client";

import { useEffect } from "react";
import { useQuery, type QueryClient } from "@tanstack/react-query";
import { useAtomValue, useSetAtom } from "jotai";
import { cartCountAtom, hasSessionAtom } from "@/lib/state/atoms";
import { cartListSchema, orderIdResponseSchema, type CartList } from "@/lib/schemas/cart";
import { callApi } from "./client";
import { loginOnExpiry } from "./login-on-expiry";

// The cart calls of the shop API. Each answers the whole cart; the list query (and so the badge,
// everywhere) is refreshed after every change.

export const cartListQueryKey = ["cart", "list"] as const;

export async function fetchCartList(): Promise<CartList> {
  return callApi("get", "order/cart/list", cartListSchema).catch(loginOnExpiry);
}

/** Reloads the cart list (drawer and badge). Resolves once reloaded. */
export async function reloadCartList(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: cartListQueryKey });
}

/** Sets a line's quantity. Failures are shown by the client and also rejected to the caller. */
export async function updateCartItem(skuNum: string, quantity: number): Promise<CartList> {
  return callApi("post", "order/cart/update/", cartListSchema, { json: { skuNum, quantity }, notify: true }).catch(loginOnExpiry);
}

export async function removeCartItem(skuNum: string): Promise<CartList> {
  return callApi("delete", "order/cart/delete/", cartListSchema, { json: { skuNum }, notify: true }).catch(loginOnExpiry);
}

/** Turns the cart into a pending order (POST /merchandise/cart/checkout). */
export async function checkoutCart(): Promise<string> {
  const answer = await callApi("post", "merchandise/cart/checkout", orderIdResponseSchema, {
    json: {},
    blocking: true,
    notify: true,
  }).catch(loginOnExpiry);
  return answer.orderId;
}

/** Keeps the badge's item count in step with the signed-in customer's cart. */
export function useCartCountSync() {
  const hasSession = useAtomValue(hasSessionAtom);
  const setCount = useSetAtom(cartCountAtom);
  const query = useQuery({ queryKey: cartListQueryKey, queryFn: fetchCartList, enabled: hasSession });

  useEffect(() => {
    if (!hasSession) setCount(0);
    else if (query.isSuccess) setCount(query.data.count);
    else if (query.isError) console.error("Cart list failed:", query.error);
  }, [hasSession, query.isSuccess, query.isError, query.data, query.error, setCount]);
}
