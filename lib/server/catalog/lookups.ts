import "server-only";
import { and, asc, eq, gte, inArray, isNotNull } from "drizzle-orm";
import type { MerchandiseCategory } from "@/lib/config/catalog";
import type { DbExecutor } from "@/lib/db/client";
import { products, type ProductRow } from "@/lib/db/schema";
import type { FilterStageSpec } from "@/lib/rules/filter-stages";
import { byKey, distinctKeys } from "@/lib/server/base/by-key";

// What the other domains read of the catalogue (the products table is the catalogue's:
// eslint.config.mjs TABLE_OWNERS). Each takes the caller's executor, so a read stays in its
// transaction. Lines, plans and purifiers name their product by sku with a foreign key, so a
// lookup always finds it.

export async function findProduct(db: DbExecutor, sku: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.sku, sku)).limit(1);
  return row;
}

/** The products named, by sku (listed or not). */
export async function productsBySku(db: DbExecutor, skus: readonly string[]): Promise<Map<string, ProductRow>> {
  const wanted = distinctKeys(skus);
  return byKey(wanted.length > 0 ? await db.select().from(products).where(inArray(products.sku, wanted)) : [], (row) => row.sku);
}

/**
 * Each row with its product, in the rows' order: what a join on the sku gave. The foreign key keeps
 * every sku in the catalogue, so a missing one is a broken database, not a case to show.
 */
export async function withProducts<Row extends { sku: string }>(
  db: DbExecutor,
  rows: readonly Row[],
): Promise<Array<Row & { product: ProductRow }>> {
  const catalogue = await productsBySku(
    db,
    rows.map((row) => row.sku),
  );
  return rows.map((row) => {
    const product = catalogue.get(row.sku);
    if (!product) throw new Error(`No product ${row.sku} in the catalogue`);
    return { ...row, product };
  });
}

/**
 * Each row whose sku the catalogue has, with its product; the others are left out. For input not
 * yet checked (a buy-now sku), which a later step refuses with its own answer.
 */
export async function withKnownProducts<Row extends { sku: string }>(
  db: DbExecutor,
  rows: readonly Row[],
): Promise<Array<Row & { product: ProductRow }>> {
  const catalogue = await productsBySku(
    db,
    rows.map((row) => row.sku),
  );
  return rows.flatMap((row) => {
    const product = catalogue.get(row.sku);
    return product ? [{ ...row, product }] : [];
  });
}

/** The skus of a category, as a subquery for `inArray(x.sku, …)`. */
export function skusInCategory(db: DbExecutor, category: MerchandiseCategory) {
  return db.select({ sku: products.sku }).from(products).where(eq(products.category, category));
}

/** The stages and lives of the catalogue's filters (products with a filter stage and a life), in stage order. */
export async function filterStageSpecs(db: DbExecutor): Promise<FilterStageSpec[]> {
  const rows = await db
    .select({ stage: products.filterStage, sku: products.sku, name: products.name, lifeMonths: products.filterLifeMonths })
    .from(products)
    .where(and(isNotNull(products.filterStage), isNotNull(products.filterLifeMonths)))
    .orderBy(asc(products.filterStage));
  return rows.flatMap((row) =>
    row.stage !== null && row.lifeMonths !== null ? [{ ...row, stage: row.stage, lifeMonths: row.lifeMonths }] : [],
  );
}

/** The skus of plans at least `months` long, as a subquery for `inArray(x.sku, …)`. */
export function planSkusOfAtLeast(db: DbExecutor, months: number) {
  return db.select({ sku: products.sku }).from(products).where(gte(products.planMonths, months));
}

/** The products that are filters of the stages named. */
export async function productsOfFilterStages(db: DbExecutor, stages: readonly number[]): Promise<ProductRow[]> {
  if (stages.length === 0) return [];
  return db
    .select()
    .from(products)
    .where(inArray(products.filterStage, [...stages]));
}

/** The first product of a category in the shop's ordering. */
export async function firstOfCategory(db: DbExecutor, category: MerchandiseCategory): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(eq(products.category, category))
    .orderBy(asc(products.sortOrder), asc(products.sku))
    .limit(1);
  return row;
}

/**
 * What a cart line shows of its product. Only these: the cart reads them on every list and add,
 * and Drizzle's cost of building a statement grows with each column it names.
 */
const LINE_FACTS = {
  sku: products.sku,
  name: products.name,
  category: products.category,
  images: products.images,
  attributes: products.attributes,
  spec: products.spec,
  originalPriceCents: products.originalPriceCents,
  discountPriceCents: products.discountPriceCents,
  memberPriceCents: products.memberPriceCents,
  stock: products.stock,
  planMonths: products.planMonths,
};

/**
 * The products on sale with what a line shows of them, as a subquery to join on
 * (`innerJoin(listed, eq(listed.sku, x.sku))`): rows and their products in one statement, where
 * reading the rows and then looking their products up would be two on every cart list and add.
 */
export function listedLineFactsSubquery(db: DbExecutor) {
  return db.select(LINE_FACTS).from(products).where(eq(products.listed, true)).as("listed_products");
}

/** The skus on sale, as a subquery for `inArray(x.sku, …)`. */
export function listedSkuQuery(db: DbExecutor) {
  return db.select({ sku: products.sku }).from(products).where(eq(products.listed, true));
}

/**
 * What adding a product on sale to a cart needs to know of it (its stock, and what the plan rules
 * read); undefined when the sku is unknown or withdrawn from sale. Those columns only: every add
 * reads them.
 */
export async function findListedProduct(
  db: DbExecutor,
  sku: string,
): Promise<Pick<ProductRow, "sku" | "stock" | "category" | "planMonths"> | undefined> {
  const [row] = await db
    .select({ sku: products.sku, stock: products.stock, category: products.category, planMonths: products.planMonths })
    .from(products)
    .where(and(eq(products.sku, sku), eq(products.listed, true)))
    .limit(1);
  return row;
}

/** Every product on sale, for a domain that copies the catalogue (site search's index). */
export function listedProducts(db: DbExecutor): Promise<ProductRow[]> {
  return db.select().from(products).where(eq(products.listed, true)).orderBy(asc(products.sku));
}
