import { describe, expect, it } from "vitest";
import { categoryLabel, clampQuantity, maxQuantity, readStoreView, stockState, storeHref } from "./catalog-display";

describe("stockState", () => {
  it.each([
    [0, "out", "Out of stock"],
    [-3, "out", "Out of stock"],
    [1, "low", "Only 1 left"],
    [10, "low", "Only 10 left"],
    [11, "in_stock", "In stock"],
    [250, "in_stock", "In stock"],
  ])("%i units: %s, %j", (stock, kind, text) => {
    expect(stockState(stock)).toEqual({ kind, text });
  });
});

describe("quantity limits", () => {
  it("allows at most the stock, and never more than 1000", () => {
    expect(maxQuantity(3)).toBe(3);
    expect(maxQuantity(1000)).toBe(1000);
    expect(maxQuantity(10_000)).toBe(1000);
    expect(maxQuantity(0)).toBe(0);
  });

  it("brings a typed quantity inside 1..max", () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(-4, 5)).toBe(1);
    expect(clampQuantity(7, 5)).toBe(5);
    expect(clampQuantity(2.7, 5)).toBe(2);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
    expect(clampQuantity(3, 1000)).toBe(3);
  });
});

describe("store addresses", () => {
  it("leaves defaults out so each view has one address", () => {
    expect(storeHref({ category: undefined, sort: "featured", page: 1 })).toBe("/mart");
    expect(storeHref({ category: "filter", sort: "featured", page: 1 })).toBe("/mart?category=filter");
    expect(storeHref({ category: "care", sort: "price_desc", page: 2 })).toBe("/mart?category=care&sort=price_desc&page=2");
    expect(storeHref({ category: undefined, sort: "name", page: 1 })).toBe("/mart?sort=name");
  });

  it("names the categories as the store's tabs do", () => {
    expect(categoryLabel("membership")).toBe("Plans");
    expect(categoryLabel(undefined)).toBe("All products");
  });
});

describe("readStoreView", () => {
  it("reads the category, sort and page of the address", () => {
    expect(readStoreView({ category: "filter", sort: "price_asc", page: "2" })).toEqual({
      category: "filter",
      sort: "price_asc",
      page: 2,
    });
    expect(readStoreView({})).toEqual({ category: undefined, sort: "featured", page: 1 });
  });

  it("has no view for an unknown category, and falls back for a broken sort or page", () => {
    expect(readStoreView({ category: "kitchen" })).toBeNull();
    expect(readStoreView({ sort: "cheapest", page: "-1" })).toEqual({ category: undefined, sort: "featured", page: 1 });
    expect(readStoreView({ category: ["care", "filter"], page: "1.5" })).toEqual({ category: "care", sort: "featured", page: 1 });
  });
});
