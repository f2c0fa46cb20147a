import "server-only";
import { amountToCents } from "@/lib/rules/money";
import type { ShelfItem } from "@/lib/schemas/merchandise";
import { readCategory } from "./cache";

export interface Deal {
  merchandise: ShelfItem;
  savingCents: number;
  savingPercent: number;
}

/** Items whose discounted price is below the original, biggest saving (in percent) first. */
export function dealsOf(items: readonly ShelfItem[]): Deal[] {
  return items
    .map((merchandise) => {
      const original = amountToCents(merchandise.originalPrice);
      const savingCents = original - amountToCents(merchandise.discountPrice);
      return { merchandise, savingCents, savingPercent: original > 0 ? Math.round((savingCents / original) * 100) : 0 };
    })
    .filter((deal) => deal.savingCents > 0)
    .sort((a, b) => b.savingPercent - a.savingPercent || b.savingCents - a.savingCents);
}

export async function listDeals(): Promise<Deal[]> {
  return dealsOf(await readCategory(undefined));
}
