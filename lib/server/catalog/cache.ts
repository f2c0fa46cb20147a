import "server-only";
import { unstable_cache } from "next/cache";
import { CATALOGUE_CACHE } from "@/lib/config/catalog";
import type { Merchandise, MerchandiseCategory, MerchandiseSort, ShelfItem } from "@/lib/schemas/merchandise";
import { getMerchandise, listAllMerchandise } from "./queries";

// The catalogue as pages show it, cached for everyone under one tag (CATALOGUE_CACHE.tag) and
// revalidated when an operator changes a product (admin.ts). Stock is left out on purpose: it
// changes with every checkout, and a customer's order must never invalidate the shared pages
// (vercel/commerce #1278, #1402). Pages that show stock read it live (productStock).

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

/** Listed products of one category in the operator's order. */
export async function readCategory(category: MerchandiseCategory | undefined): Promise<ShelfItem[]> {
  return readShelf(category, "featured");
}
