import "server-only";
import { unstable_cache } from "next/cache";
import { CATALOGUE_CACHE } from "@/lib/config/catalog";
import type { Transaction } from "@/lib/db/client";
import type { Merchandise, MerchandiseCategory, MerchandiseSort, ShelfItem } from "@/lib/schemas/merchandise";
import { expireCacheTags } from "@/lib/server/page-cache/expire-tags";
import { afterCommit } from "@/lib/server/transaction";
import { getMerchandise, listAllMerchandise, listedSkus, productStock } from "./queries";

// The catalogue as pages show it, cached for everyone under one tag (CATALOGUE_CACHE.tag) and
// revalidated when an operator changes a product (admin.ts). Stock is cached apart, under a tag per
// product, so an order re-renders only the pages of what it sold (the product page is itself cached
// whole, ISR); a whole-catalogue invalidation on every order would have every page rendered again
// (vercel/commerce #1278, #1402). Checkout never trusts a page's count: it reserves with a
// conditional update.

function shelfItem(item: Merchandise): ShelfItem {
  return {
    skuNum: item.skuNum,
    name: item.name,
    subtitle: item.subtitle,
    category: item.category,
    image: item.image,
    attributes: item.attributes,
    spec: item.spec,
    originalPrice: item.originalPrice,
    discountPrice: item.discountPrice,
    memberPrice: item.memberPrice,
    onePerCustomer: item.onePerCustomer,
    description: item.description,
  };
}

const cacheOptions = { tags: [CATALOGUE_CACHE.tag], revalidate: CATALOGUE_CACHE.revalidateSeconds };

// Cache keys stay few on purpose: a shelf is one (category, sort) pair, paged in memory, and a
// product is cached only under a sku the store lists (callers check productStock first), so
// made-up addresses cannot fill the cache.

/** Every listed product of a category (undefined: the whole store) in one ordering. */
export const readShelf = unstable_cache(
  async (category: MerchandiseCategory | undefined, sort: MerchandiseSort): Promise<ShelfItem[]> =>
    (await listAllMerchandise(category, sort)).map(shelfItem),
  ["catalogue", "shelf"],
  cacheOptions,
);

/** A listed product as shared pages show it, or null for an unknown or unlisted sku. */
export const readShelfItem = unstable_cache(
  async (skuNum: string): Promise<ShelfItem | null> => {
    const item = await getMerchandise(skuNum);
    return item ? shelfItem(item) : null;
  },
  ["catalogue", "item"],
  cacheOptions,
);

/** Every listed sku: one entry, so an address with a made-up sku is refused before it is cached. */
const readListedSkus = unstable_cache(
  async (): Promise<string[]> => (await listedSkus()).map((row) => row.sku),
  ["catalogue", "listed-skus"],
  cacheOptions,
);

export async function isListedSku(skuNum: string): Promise<boolean> {
  return (await readListedSkus()).includes(skuNum);
}

/** The cache tag of one product's stock. */
export function stockTag(skuNum: string): string {
  return `${CATALOGUE_CACHE.stockTagPrefix}${skuNum}`;
}

/** A listed product's stock as pages show it, or null once it is unlisted. Call for listed skus only. */
export async function readStock(skuNum: string): Promise<number | null> {
  return unstable_cache(() => productStock(skuNum), ["catalogue", "stock", skuNum], {
    tags: [CATALOGUE_CACHE.tag, stockTag(skuNum)],
    revalidate: CATALOGUE_CACHE.stockRevalidateSeconds,
  })();
}

/**
 * The stock of these products changes in `tx`: once it has committed, their cached stock and the
 * pages showing it are read again on their next visit. Never before the commit: a page rendered in
 * between would cache the old count as new.
 */
export function stockMovedAfterCommit(tx: Transaction, skuNums: Iterable<string>): void {
  const skus = [...new Set(skuNums)];
  if (skus.length > 0) afterCommit(tx, { label: `revalidating the stock of ${skus.join(", ")}`, run: () => stockMoved(skus) });
}

function stockMoved(skuNums: readonly string[]): void {
  // Outside a request (the expiry timer gives stock back) the cache handler's hook does it; should
  // that fail, a page shows the old count for at most CATALOGUE_CACHE.stockRevalidateSeconds.
  expireCacheTags([...skuNums.map(stockTag), CATALOGUE_CACHE.anyStockTag], `the stock of ${skuNums.join(", ")}`);
}

/** Listed products of one category in the operator's order. */
export async function readCategory(category: MerchandiseCategory | undefined): Promise<ShelfItem[]> {
  return readShelf(category, "featured");
}
