import { ROUTES } from "@/lib/config/routes";
import { UI } from "@/lib/config/store";
import {
  LOW_STOCK_THRESHOLD,
  MERCHANDISE_CATEGORIES,
  MERCHANDISE_SORTS,
  STORE_CATEGORIES,
  STORE_SORTS,
  type MerchandiseCategory,
  type MerchandiseSort,
} from "@/lib/config/catalog";

// What the store and product pages say about a product, as plain functions (shared by the server
// pages and the buy box).

export type StockState = { kind: "in_stock"; text: string } | { kind: "low"; text: string } | { kind: "out"; text: string };

export function stockState(stock: number): StockState {
  if (stock <= 0) return { kind: "out", text: "Out of stock" };
  if (stock <= LOW_STOCK_THRESHOLD) return { kind: "low", text: `Only ${stock} left` };
  return { kind: "in_stock", text: "In stock" };
}

/** The largest quantity the stepper allows: the stock, and never more than an order line may hold. */
export function maxQuantity(stock: number): number {
  return Math.max(0, Math.min(stock, UI.quantity.max));
}

/** A typed quantity brought inside 1..max (an empty or broken value becomes 1). */
export function clampQuantity(value: number, max: number): number {
  if (!Number.isFinite(value)) return UI.quantity.min;
  return Math.min(Math.max(Math.trunc(value), UI.quantity.min), Math.max(max, UI.quantity.min));
}

export interface StoreView {
  category: MerchandiseCategory | undefined;
  sort: MerchandiseSort;
  page: number;
}

/** The store's address for a view; defaults are left out so every view has one canonical URL. */
export function storeHref({ category, sort, page }: StoreView): string {
  const params = new URLSearchParams();
  if (category) params.set("category", category);
  if (sort !== "featured") params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${ROUTES.store}?${query}` : ROUTES.store;
}

export function categoryLabel(category: MerchandiseCategory | undefined): string {
  return STORE_CATEGORIES.find((entry) => entry.value === category)?.label ?? "All products";
}

export function sortLabel(sort: MerchandiseSort): string {
  return STORE_SORTS.find((entry) => entry.value === sort)?.label ?? "Featured";
}

type SearchParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The store's view from its address. An unknown category is null (the page answers 404: there is
 * no such shelf); a broken sort or page falls back to the default, since links may be old.
 */
export function readStoreView(params: SearchParams): StoreView | null {
  const rawCategory = first(params.category);
  const category = rawCategory ? MERCHANDISE_CATEGORIES.find((value) => value === rawCategory) : undefined;
  if (rawCategory && !category) return null;
  const rawSort = first(params.sort);
  const sort: MerchandiseSort = MERCHANDISE_SORTS.find((value) => value === rawSort) ?? "featured";
  const page = Number(first(params.page) ?? "1");
  return {
    category,
    sort,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}
