import "server-only";
import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import { isOnePerCustomer } from "@/lib/config/memberships";
import { getDb } from "@/lib/db/client";
import { products, type ProductRow } from "@/lib/db/schema/products";
import { centsToAmount } from "@/lib/rules/money";
import { AppError } from "@/lib/server/base/errors";
import type { Merchandise, MerchandiseList, MerchandiseListQuery, MerchandiseSort } from "@/lib/schemas/merchandise";

// Live reads of the catalogue, straight from the database: what the API answers and what the
// cached page reads (cache.ts) are built from. Customers only ever see listed products.

export function toMerchandise(row: ProductRow): Merchandise {
  return {
    skuNum: row.sku,
    name: row.name,
    subtitle: row.subtitle,
    category: row.category,
    image: row.images,
    attributes: row.attributes,
    spec: row.spec,
    originalPrice: centsToAmount(row.originalPriceCents),
    discountPrice: centsToAmount(row.discountPriceCents),
    memberPrice: row.memberPriceCents === null ? null : centsToAmount(row.memberPriceCents),
    onePerCustomer: isOnePerCustomer(row),
    stock: row.stock,
    description: row.description,
  };
}

// Every ordering ends on the sku, so pages never overlap or skip a product.
const ORDERINGS: Record<MerchandiseSort, SQL[]> = {
  featured: [asc(products.sortOrder), asc(products.sku)],
  price_asc: [asc(products.discountPriceCents), asc(products.sortOrder), asc(products.sku)],
  price_desc: [desc(products.discountPriceCents), asc(products.sortOrder), asc(products.sku)],
  name: [asc(products.name), asc(products.sku)],
};

export async function listMerchandise(query: MerchandiseListQuery): Promise<MerchandiseList> {
  const db = await getDb();
  const where = and(eq(products.listed, true), query.category ? eq(products.category, query.category) : undefined);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(...ORDERINGS[query.sort])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { list: rows.map(toMerchandise), total: totals[0]?.total ?? 0 };
}

/** Every listed product of a category (or of the store), in one ordering: what a store page shows. */
export async function listAllMerchandise(category: MerchandiseListQuery["category"], sort: MerchandiseSort): Promise<Merchandise[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.listed, true), category ? eq(products.category, category) : undefined))
    .orderBy(...ORDERINGS[sort]);
  return rows.map(toMerchandise);
}

/** A listed product, or null for an unknown or unlisted sku. */
export async function getMerchandise(skuNum: string): Promise<Merchandise | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.sku, skuNum), eq(products.listed, true)))
    .limit(1);
  return row ? toMerchandise(row) : null;
}

/** A listed product, or 404 naming the sku (an unlisted product answers like an unknown one). */
export async function getMerchandiseOrThrow(skuNum: string): Promise<Merchandise> {
  const item = await getMerchandise(skuNum);
  if (!item) throw new AppError(404, `There is no product with the sku ${skuNum} in the store.`);
  return item;
}

/** Units that can be sold now, or null when the sku is unknown or unlisted. Never cached. */
export async function productStock(skuNum: string): Promise<number | null> {
  const db = await getDb();
  const [row] = await db
    .select({ stock: products.stock })
    .from(products)
    .where(and(eq(products.sku, skuNum), eq(products.listed, true)))
    .limit(1);
  return row ? row.stock : null;
}

/** Every listed sku, for the sitemap. */
export async function listedSkus(): Promise<{ sku: string; updatedAt: Date }[]> {
  const db = await getDb();
  return db
    .select({ sku: products.sku, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.listed, true))
    .orderBy(asc(products.sortOrder), asc(products.sku));
}
