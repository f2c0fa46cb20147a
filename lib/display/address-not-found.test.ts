import { describe, expect, it } from "vitest";
import { STORE_CATEGORIES } from "@/lib/config/catalog";
import { ROUTES, consoleAfterSalePath, consoleOrderPath, afterSalePath, orderPath, paymentPath } from "@/lib/config/routes";
import { isMissingWhateverTheData } from "./address-not-found";

const ID = "5e461c55-5d5c-4e0a-9d3c-2f1b8a7c6e01";

function missing(address: string): boolean {
  const url = new URL(address, "http://localhost:3000");
  return isMissingWhateverTheData(url.pathname, url.searchParams);
}

describe("isMissingWhateverTheData", () => {
  it.each(["kitchen", "FILTER", "filters"])("a store shelf of the category %j", (category) => {
    expect(missing(`${ROUTES.store}?category=${category}`)).toBe(true);
  });

  it("every shelf the store shows, with any sort or page", () => {
    for (const { value } of STORE_CATEGORIES) {
      expect(missing(`${ROUTES.store}?category=${value}&sort=nonsense&page=-3`)).toBe(false);
    }
    expect(missing(ROUTES.store)).toBe(false);
  });

  it.each([orderPath, afterSalePath, consoleOrderPath, consoleAfterSalePath])("a record page whose id cannot be one (%#)", (path) => {
    expect(missing(path("5E461C55"))).toBe(true);
    expect(missing(path("x'; drop table orders"))).toBe(true);
    expect(missing(path(ID))).toBe(false);
    expect(missing(path(ID.toUpperCase()))).toBe(false);
  });

  it("the pages beside the records", () => {
    for (const page of [
      ROUTES.orders,
      ROUTES.afterSale,
      ROUTES.repairRequest,
      ROUTES.consoleOrders,
      ROUTES.consoleAfterSale,
      ROUTES.consoleCatalogue,
    ]) {
      expect(missing(page)).toBe(false);
    }
  });

  it("a payment page without exactly one well-formed order id", () => {
    expect(missing(ROUTES.payment)).toBe(true);
    expect(missing(paymentPath("12"))).toBe(true);
    expect(missing(`${paymentPath(ID)}&orderId=${ID}`)).toBe(true);
    expect(missing(paymentPath(ID))).toBe(false);
  });
});
