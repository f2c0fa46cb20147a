"use client";

import { cartListQueryKey } from "@/lib/api/cart";
import { callApi } from "@/lib/api/client";
import { ApiError } from "@/lib/api/envelope";
import { loginOnExpiry } from "@/lib/api/login-on-expiry";
import { sharedQueryClient } from "@/lib/api/query-client";
import { NETWORK_MESSAGE } from "@/lib/api/messages";
import { AWAITING_VERIFICATIONS, isVouched } from "@/lib/config/purifiers";
import { paymentPath } from "@/lib/config/routes";
import type { PurchaseIntent } from "@/lib/visitor/purchase-intent";
import { cartListSchema, orderIdResponseSchema, type CartList } from "@/lib/schemas/cart";
import { purifierListSchema } from "@/lib/schemas/purifier";

// The buy box's calls, loaded on the first click: the product page itself ships no API client,
// data cache or schemas.

interface CallNotice {
  /** Show a refusal as an alert here (false when the page is about to be left and says it there). */
  notify?: boolean;
}

/** Adds to the cart and puts the answer (the whole cart) in the shared cache for the drawer. */
export async function addToCart(skuNum: string, quantity: number, { notify = true }: CallNotice = {}): Promise<CartList> {
  const cart = await callApi("post", "order/cart/add/", cartListSchema, { json: { skuNum, quantity }, blocking: true, notify }).catch(
    loginOnExpiry,
  );
  sharedQueryClient().setQueryData(cartListQueryKey, cart);
  return cart;
}

/** Buy now: a pending order of this one product. */
export async function buyNow(skuNum: string, quantity: number, { notify = true }: CallNotice = {}): Promise<string> {
  const answer = await callApi("post", "merchandise/order/add", orderIdResponseSchema, {
    json: { skuNum, quantity },
    blocking: true,
    notify,
  }).catch(loginOnExpiry);
  return answer.orderId;
}

/**
 * Where the signed-in customer stands for Lenwell Care: "owner" of a purifier the shop vouches for,
 * "awaiting" verification of one they added, "rejected" (none could be verified), or "none" (the
 * server refuses the plan but to an owner, in the same words).
 */
export async function purifierStanding(): Promise<"owner" | "awaiting" | "rejected" | "none"> {
  const { list } = await callApi("get", "purifier/list", purifierListSchema);
  if (list.some((purifier) => isVouched(purifier.verification))) return "owner";
  if (list.some((purifier) => (AWAITING_VERIFICATIONS as readonly string[]).includes(purifier.verification))) return "awaiting";
  return list.some((purifier) => purifier.verification === "rejected") ? "rejected" : "none";
}

/** What carrying out a remembered press came to: where to go instead of the product page, and what to say there. */
export interface ResumedPurchase {
  destination: string | null;
  notice: { tone: "success" | "error"; message: string } | null;
}

/**
 * The Add to cart or Buy now a visitor pressed before signing in, carried out now that they have:
 * the API checks the product and quantity again (unknown, unlisted or out of stock is refused).
 */
export async function resumePurchase(intent: PurchaseIntent): Promise<ResumedPurchase> {
  try {
    if (intent.action === "buy") {
      return { destination: paymentPath(await buyNow(intent.skuNum, intent.quantity, { notify: false })), notice: null };
    }
    const cart = await addToCart(intent.skuNum, intent.quantity, { notify: false });
    const name = cart.cartList.find((line) => line.skuNum === intent.skuNum)?.name ?? intent.skuNum;
    return { destination: null, notice: { tone: "success", message: addedToCartMessage(name, intent.quantity) } };
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : NETWORK_MESSAGE;
    return { destination: null, notice: { tone: "error", message: `${NOT_ADDED} ${message}` } };
  }
}

/** The words of the toast once a remembered Add to cart has gone through. */
export function addedToCartMessage(name: string, quantity: number): string {
  return `Added to your cart: ${name} × ${quantity}.`;
}

const NOT_ADDED = "What you chose before logging in could not be added.";

/** The session ended (a 401): the customer is on the way to log in, and the press can wait for them. */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof ApiError && error.code === 401;
}

/** A refusal about stock or quantity: the page's count is old. */
export function isStockRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 409 || error.code === 422);
}

/** Already shown to the customer by the API client (anything else is a bug worth logging). */
export function isShownApiError(error: unknown): boolean {
  return error instanceof ApiError;
}
