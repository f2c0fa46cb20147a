import { expect } from "vitest";
import { GET as productDetail } from "@/app/api/v1/c/merchandise/detail/route";
import { POST as buyNowRoute } from "@/app/api/v1/c/merchandise/order/add/route";
import { GET as orderList } from "@/app/api/v1/c/merchandise/order/list/route";
import { GET as cartList } from "@/app/api/v1/c/order/cart/list/route";
import { POST as cartUpdate } from "@/app/api/v1/c/order/cart/update/route";
import { read } from "./answer";
import { apiRequest, type Customer } from "./shop";

// The calls the database-outage suites (refused connections, dropped connections) make while the
// database misbehaves, and what each answered: the status and Retry-After a customer's browser sees.

export type CallKind = "product detail" | "cart list" | "order list" | "cart update" | "buy now";

export interface CallOutcome<K extends CallKind = CallKind> {
  kind: K;
  status: number;
  retryAfter: string | null;
}

/** `who` makes the `kind` call about `sku`; the answer's code must match its HTTP status. */
export async function callAs<K extends CallKind>(kind: K, who: Customer, sku: string): Promise<CallOutcome<K>> {
  const token = { token: who.token };
  let response: Response;
  switch (kind) {
    case "product detail":
      response = await productDetail(apiRequest("GET", `/api/v1/c/merchandise/detail?sku=${sku}`));
      break;
    case "cart list":
      response = await cartList(apiRequest("GET", "/api/v1/c/order/cart/list", undefined, token));
      break;
    case "order list":
      response = await orderList(apiRequest("GET", "/api/v1/c/merchandise/order/list?page=1&pageSize=5", undefined, token));
      break;
    case "cart update":
      response = await cartUpdate(apiRequest("POST", "/api/v1/c/order/cart/update/", { skuNum: sku, quantity: 2 }, token));
      break;
    case "buy now":
      response = await buyNowRoute(apiRequest("POST", "/api/v1/c/merchandise/order/add", { skuNum: sku, quantity: 1 }, token));
      break;
  }
  const answer = await read(response);
  expect(answer.body.code, kind).toBe(answer.status);
  return { kind, status: answer.status, retryAfter: response.headers.get("retry-after") };
}
