// @vitest-environment node
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, expect, it, vi } from "vitest";
import { CATALOGUE_CACHE } from "@/lib/config/catalog";
import { products } from "@/lib/db/schema/products";
import { nextDataCache as nextCache } from "@/test/support/next-data-cache";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { AppError } from "@/lib/server/base/errors";
import { inTransaction } from "@/lib/server/transaction";
import {
  getMerchandise,
  isListedSku,
  productStock,
  readShelf,
  readShelfItem,
  readStock,
  stockMovedAfterCommit,
  stockTag,
  updateMerchandise,
} from "./index";

vi.mock("next/cache", async () => (await import("@/test/support/next-data-cache")).nextCacheModule);

const admin = { role: "admin" } as const;
const customer = { role: "customer" } as const;

describeEachEngine("catalogue cache and operator updates on $name", (engine) => {
  const handle = databaseForSuite(engine);

  beforeEach(() => {
    nextCache.clear();
  });

  async function addProduct() {
    const sku = `T-${randomUUID().slice(0, 8).toUpperCase()}`;
    await handle()
      .db.insert(products)
      .values({
        sku,
        category: "accessory",
        name: `Cache test ${sku}`,
        originalPriceCents: 5_000,
        discountPriceCents: 4_000,
        stock: 20,
        sortOrder: 20_000,
      });
    return sku;
  }

  const setRow = (sku: string, values: Partial<typeof products.$inferInsert>) =>
    handle().db.update(products).set(values).where(eq(products.sku, sku));

  it("serves pages from the shared cache, without the stock", async () => {
    const sku = await addProduct();
    const first = await readShelfItem(sku);
    expect(first).toMatchObject({ skuNum: sku, discountPrice: "40.00" });
    expect(first).not.toHaveProperty("stock");
    // A change that bypasses the service is not seen until the cache is revalidated.
    await setRow(sku, { name: "Renamed behind the cache's back" });
    expect((await readShelfItem(sku))?.name).toBe(`Cache test ${sku}`);
  });

  it("a price change by an operator is on the next page view", async () => {
    const sku = await addProduct();
    expect((await readShelfItem(sku))?.discountPrice).toBe("40.00");
    const shelfBefore = await readShelf("accessory", "featured");
    expect(shelfBefore.find((item) => item.skuNum === sku)?.originalPrice).toBe("50.00");

    const updated = await updateMerchandise(admin, sku, { originalPrice: "60.00", discountPrice: "45.50" });
    expect(updated).toMatchObject({ skuNum: sku, originalPrice: "60.00", discountPrice: "45.50", stock: 20 });
    expect(nextCache.revalidations).toEqual([{ tag: CATALOGUE_CACHE.tag, profile: { expire: 0 } }]);

    expect((await readShelfItem(sku))?.discountPrice).toBe("45.50");
    const shelfAfter = await readShelf("accessory", "featured");
    expect(shelfAfter.find((item) => item.skuNum === sku)).toMatchObject({ originalPrice: "60.00", discountPrice: "45.50" });
    expect((await getMerchandise(sku))?.discountPrice).toBe("45.50");
  });

  it("stock is cached per product: a stock move re-reads that product's stock and leaves the catalogue alone", async () => {
    const sku = await addProduct();
    const other = await addProduct();
    await readShelfItem(sku);
    expect(await readStock(sku)).toBe(20);
    expect(await readStock(other)).toBe(20);
    // What checkout does: a conditional update of the row in a transaction that announces the move;
    // the cached stock is expired only once the transaction has committed.
    await setRow(other, { stock: 3 });
    await inTransaction(async (tx) => {
      await tx.update(products).set({ stock: 2 }).where(eq(products.sku, sku));
      stockMovedAfterCommit(tx, [sku, sku]);
      expect(nextCache.revalidations).toEqual([]);
    });
    // And the tag of "some product's stock", for pages that show many (cached search results).
    expect(nextCache.revalidations).toEqual([
      { tag: stockTag(sku), profile: { expire: 0 } },
      { tag: CATALOGUE_CACHE.anyStockTag, profile: { expire: 0 } },
    ]);
    expect(await readStock(sku)).toBe(2);
    expect(await readStock(other)).toBe(20);
    expect(await productStock(sku)).toBe(2);
    expect((await readShelfItem(sku))?.name).toBe(`Cache test ${sku}`);
    expect(nextCache.entries.size).toBe(3);
  });

  it("knows the listed skus, so a made-up one is refused before anything is cached under it", async () => {
    const sku = await addProduct();
    expect(await isListedSku(sku)).toBe(true);
    expect(await isListedSku("LW-MADE-UP")).toBe(false);
    expect(nextCache.entries.size).toBe(1);
    await updateMerchandise(admin, sku, { listed: false });
    expect(await isListedSku(sku)).toBe(false);
  });

  it("an operator's stock change reaches the cached stock too", async () => {
    const sku = await addProduct();
    expect(await readStock(sku)).toBe(20);
    await updateMerchandise(admin, sku, { stock: 4 });
    expect(await readStock(sku)).toBe(4);
  });

  it("an operator sets stock and unlists: the product leaves the store at once", async () => {
    const sku = await addProduct();
    expect(await readShelfItem(sku)).not.toBeNull();
    expect(await updateMerchandise(admin, sku, { stock: 0 })).toMatchObject({ stock: 0 });
    expect(await productStock(sku)).toBe(0);
    await updateMerchandise(admin, sku, { listed: false });
    expect(await readShelfItem(sku)).toBeNull();
    expect(await getMerchandise(sku)).toBeNull();
    expect(await productStock(sku)).toBeNull();
    const shelf = await readShelf("accessory", "price_asc");
    expect(shelf.map((item) => item.skuNum)).not.toContain(sku);
    await updateMerchandise(admin, sku, { listed: true });
    expect(await readShelfItem(sku)).not.toBeNull();
  });

  async function refusal(run: () => Promise<unknown>) {
    const error = await run().then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }

  it("refuses customers, unknown skus and impossible prices, and changes nothing", async () => {
    const sku = await addProduct();
    expect((await refusal(() => updateMerchandise(customer, sku, { stock: 1 }))).code).toBe(403);
    const unknown = await refusal(() => updateMerchandise(admin, "NO-SUCH-SKU", { stock: 1 }));
    expect([unknown.code, unknown.message]).toEqual([404, "There is no product with the sku NO-SUCH-SKU."]);
    const dearer = await refusal(() => updateMerchandise(admin, sku, { discountPrice: "50.01" }));
    expect(dearer.code).toBe(422);
    expect(dearer.errors).toEqual([{ path: "discountPrice", message: "The discounted price cannot be higher than the original price." }]);
    expect((await refusal(() => updateMerchandise(admin, sku, { originalPrice: "39.99" }))).code).toBe(422);
    expect((await refusal(() => updateMerchandise(admin, sku, {}))).code).toBe(422);
    const malformed = await refusal(() => updateMerchandise(admin, sku, { stock: -1, price: "1.00" }));
    expect(malformed.code).toBe(422);
    expect((await refusal(() => updateMerchandise(admin, sku, { discountPrice: "12.5" }))).errors[0]?.path).toBe("discountPrice");
    expect(await getMerchandise(sku)).toMatchObject({ originalPrice: "50.00", discountPrice: "40.00", stock: 20 });
    expect(nextCache.revalidations).toEqual([]);
  });
});
