// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { PURCHASE_INTENT_MAX_AGE_MS, STORAGE_KEYS } from "@/lib/config/store";
import { parsePurchaseIntent, rememberPurchase, takePurchaseIntent } from "./purchase-intent";

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const NOW = Date.UTC(2026, 10, 25, 15, 0, 0);
const PEN = "/mart/detail/LW-ACC-TDS";

describe("a visitor's remembered Add to cart or Buy now", () => {
  it("is answered once, for the product page the sign-in returns to", () => {
    const storage = memoryStorage();
    rememberPurchase({ action: "cart", skuNum: "LW-ACC-TDS", quantity: 2 }, NOW, storage);
    expect(takePurchaseIntent(`${PEN}?c=ABC123`, NOW + 60_000, storage)).toEqual({ action: "cart", skuNum: "LW-ACC-TDS", quantity: 2 });
    expect(takePurchaseIntent(PEN, NOW + 60_000, storage)).toBeNull();
    expect(storage.values.size).toBe(0);
  });

  it("is dropped when the sign-in returns anywhere else, or nowhere", () => {
    const storage = memoryStorage();
    rememberPurchase({ action: "buy", skuNum: "LW-ACC-TDS", quantity: 1 }, NOW, storage);
    expect(takePurchaseIntent("/mart/detail/LW-RO600", NOW, storage)).toBeNull();
    expect(takePurchaseIntent(PEN, NOW, storage)).toBeNull();
    rememberPurchase({ action: "buy", skuNum: "LW-ACC-TDS", quantity: 1 }, NOW, storage);
    expect(takePurchaseIntent(null, NOW, storage)).toBeNull();
    expect(storage.values.size).toBe(0);
  });

  it("expires after half an hour, and one from the future is not believed", () => {
    const storage = memoryStorage();
    rememberPurchase({ action: "cart", skuNum: "LW-ACC-TDS", quantity: 1 }, NOW, storage);
    expect(takePurchaseIntent(PEN, NOW + PURCHASE_INTENT_MAX_AGE_MS + 1, storage)).toBeNull();
    rememberPurchase({ action: "cart", skuNum: "LW-ACC-TDS", quantity: 1 }, NOW, storage);
    expect(takePurchaseIntent(PEN, NOW + PURCHASE_INTENT_MAX_AGE_MS, storage)).not.toBeNull();
    rememberPurchase({ action: "cart", skuNum: "LW-ACC-TDS", quantity: 1 }, NOW + 60_000, storage);
    expect(takePurchaseIntent(PEN, NOW, storage)).toBeNull();
  });

  it("keeps only a product and a quantity, and refuses anything else written in its place", () => {
    const storage = memoryStorage();
    rememberPurchase({ action: "cart", skuNum: "LW-ACC-TDS", quantity: 3 }, NOW, storage);
    expect(JSON.parse(storage.values.get(STORAGE_KEYS.purchaseIntent) ?? "")).toEqual({
      action: "cart",
      skuNum: "LW-ACC-TDS",
      quantity: 3,
      savedAt: NOW,
    });
    const tampered = (changes: Record<string, unknown>) =>
      parsePurchaseIntent(JSON.stringify({ action: "cart", skuNum: "LW-ACC-TDS", quantity: 1, savedAt: NOW, ...changes }), NOW);
    expect(tampered({})).toEqual({ action: "cart", skuNum: "LW-ACC-TDS", quantity: 1 });
    expect(tampered({ extra: "https://evil.example" })).toEqual({ action: "cart", skuNum: "LW-ACC-TDS", quantity: 1 });
    expect(tampered({ action: "redirect" })).toBeNull();
    expect(tampered({ skuNum: "../../account/user" })).toBeNull();
    expect(tampered({ skuNum: "//evil.example" })).toBeNull();
    expect(tampered({ quantity: 0 })).toBeNull();
    expect(tampered({ quantity: 1001 })).toBeNull();
    expect(tampered({ quantity: 1.5 })).toBeNull();
    expect(tampered({ quantity: "2" })).toBeNull();
    expect(tampered({ savedAt: "now" })).toBeNull();
    expect(parsePurchaseIntent("not json", NOW)).toBeNull();
    expect(parsePurchaseIntent("[1]", NOW)).toBeNull();
    expect(parsePurchaseIntent(null, NOW)).toBeNull();
  });
});
