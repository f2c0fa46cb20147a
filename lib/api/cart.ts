"use client";

import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { useAtomValue, useSetAtom } from "jotai";
import { cartCountAtom, hasSessionAtom } from "@/lib/state/atoms";
import { cartListSchema } from "@/lib/schemas/cart";
import { callApi } from "./client";

export const cartListQueryKey = ["cart", "list"] as const;

export async function fetchCartList() {
  const data = await callApi<unknown>("get", "order/cart/list", { quiet: true });
  return cartListSchema.parse(data);
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
