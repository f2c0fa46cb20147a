import { SKU_PATTERN } from "@/lib/config/catalog";
import { productPath } from "@/lib/config/routes";
import { PURCHASE_INTENT_MAX_AGE_MS, STORAGE_KEYS, UI } from "@/lib/config/store";

// A visitor who presses Add to cart or Buy now is sent to log in (or register, or sign in with
// Google, or open a sign-in link from their e-mail in another tab); afterwards that press should
// still happen. What is kept is only the product and the quantity, never an address or an action
// of its own: it is checked again when read, read once, forgotten after half an hour, and carried
// out only when the sign-in returns to that product's page. The API checks it once more.
// localStorage, not sessionStorage: a sign-in link from the e-mail opens in a new tab.

export const PURCHASE_ACTIONS = ["cart", "buy"] as const;
export type PurchaseAction = (typeof PURCHASE_ACTIONS)[number];

export interface PurchaseIntent {
  action: PurchaseAction;
  skuNum: string;
  quantity: number;
}

type IntentStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function browserStorage(): IntentStorage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled: the visitor then presses the button again after signing in.
    return null;
  }
}

function isIntent(value: Record<string, unknown>): boolean {
  const { action, skuNum, quantity } = value;
  return (
    (PURCHASE_ACTIONS as readonly unknown[]).includes(action) &&
    typeof skuNum === "string" &&
    SKU_PATTERN.test(skuNum) &&
    typeof quantity === "number" &&
    Number.isInteger(quantity) &&
    quantity >= UI.quantity.min &&
    quantity <= UI.quantity.max
  );
}

/** The kept text as an intent, or null when it is anything else or older than the time allowed. */
export function parsePurchaseIntent(raw: string | null, now: number): PurchaseIntent | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const { savedAt } = record;
  if (typeof savedAt !== "number" || savedAt > now || now - savedAt > PURCHASE_INTENT_MAX_AGE_MS) return null;
  if (!isIntent(record)) return null;
  return { action: record.action as PurchaseAction, skuNum: record.skuNum as string, quantity: record.quantity as number };
}

/** Keeps the press for after the sign-in; a later press replaces it. */
export function rememberPurchase(intent: PurchaseIntent, now: number = Date.now(), storage = browserStorage()): void {
  try {
    storage?.setItem(
      STORAGE_KEYS.purchaseIntent,
      JSON.stringify({ action: intent.action, skuNum: intent.skuNum, quantity: intent.quantity, savedAt: now }),
    );
  } catch {
    // Full or disabled storage: nothing is kept, as without it.
  }
}

/**
 * The kept press, once: it is removed whatever it held. Only one whose product page is `returnPath`
 * (where the sign-in goes back to) is answered; a sign-in started anywhere else drops it.
 */
export function takePurchaseIntent(returnPath: string | null, now: number = Date.now(), storage = browserStorage()): PurchaseIntent | null {
  if (!storage) return null;
  let raw: string | null = null;
  try {
    raw = storage.getItem(STORAGE_KEYS.purchaseIntent);
    storage.removeItem(STORAGE_KEYS.purchaseIntent);
  } catch {
    return null;
  }
  const intent = parsePurchaseIntent(raw, now);
  if (!intent || !returnPath) return null;
  const returnPage = returnPath.split(/[?#]/)[0];
  return returnPage === productPath(intent.skuNum) ? intent : null;
}
