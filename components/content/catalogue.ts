import { formatAmount } from "@/lib/money";
import type { ShelfItem } from "@/lib/schemas/merchandise";

// The catalogue skus the content pages talk about by name (lib/db/seed/catalogue.ts). The purifier's sku
// lives in lib/config/store.ts because the top bar uses it too.

export const FILTER_SKUS = {
  preFilter: "LW-F1-PP",
  membrane: "LW-F2-RO",
  postCarbon: "LW-F3-PC",
  firstYearSet: "LW-FSET-Y1",
} as const;

export const MEMBERSHIP_SKUS = { monthly: "LW-MEM-M", yearly: "LW-MEM-Y" } as const;

export const CARE_SKU = "LW-CARE-2Y";

export const REPAIR_DIAGNOSIS_SKU = "LW-REPAIR-DX";

export const ACCESSORY_SKUS = { tdsPen: "LW-ACC-TDS" } as const;

/** The price a customer pays today, formatted for a sentence: "$359.00". */
export function priceText(item: ShelfItem): string {
  return formatAmount(item.discountPrice);
}

/** One value of a product's spec rows, or the fallback when the operator's catalogue omits it. */
export function specValue(item: ShelfItem, key: string, fallback = ""): string {
  return item.spec.find((row) => row.spec_key === key)?.spec_value ?? fallback;
}

export function isPresent<T>(value: T | null | undefined): value is T {
  return value !== null && value !== undefined;
}
