import { formatAmount } from "@/lib/rules/money";
import type { ShelfItem } from "@/lib/schemas/merchandise";

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
