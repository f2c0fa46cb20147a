// @vitest-environment node
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { products } from "@/lib/db/schema";
import { centsToAmount } from "@/lib/rules/money";
import { inTransaction } from "@/lib/server/transaction";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { rowsOf } from "./documents";
import { planQuery, rankDocuments, runSearch, searchReads } from "./engine";

describeEachEngine("search engine on $name", (engine) => {
  databaseForSuite(engine);

  it("bounds every statement after the plan's with the search's timeout, for that transaction alone", async () => {
    const inside = await inTransaction(async (tx) => {
      await planQuery(tx, "replacement filter");
      return rowsOf<{ timeout: string }>(tx, sql`select current_setting('statement_timeout') as timeout`);
    });
    expect(inside[0]?.timeout).toBe("2s");
    const after = await inTransaction((tx) => rowsOf<{ timeout: string }>(tx, sql`select current_setting('statement_timeout') as timeout`));
    expect(after[0]?.timeout).not.toBe("2s");
  });

  it("runs the search's reads under its timeout and generic plans; on PostgreSQL on connections of their own that carry them, with no transaction", async () => {
    const settings = sql`select current_setting('statement_timeout') as timeout, current_setting('plan_cache_mode') as plans,
      now() <> statement_timestamp() as "inTransaction"`;
    const seen = await searchReads(async (db) => {
      await planQuery(db, "replacement filter");
      return rowsOf<{ timeout: string; plans: string; inTransaction: boolean }>(db, settings);
    });
    expect(seen[0]).toMatchObject({ timeout: "2s", plans: "force_generic_plan", inTransaction: engine.name === "pglite" });
    if (engine.name === "postgres") {
      // Set as the connection opened, not by the plan's statement: so for every statement on it.
      const first = await searchReads((db) => rowsOf<{ timeout: string; plans: string }>(db, settings));
      expect(first[0]).toMatchObject({ timeout: "2s", plans: "force_generic_plan", inTransaction: false });
    }
    // The shop's other statements keep the server's settings.
    const others = await rowsOf<{ timeout: string; plans: string }>(await getDb(), settings);
    expect(others[0]?.timeout).not.toBe("2s");
    expect(others[0]?.plans).toBe("auto");
  });

  it("shows a product hit from the catalogue's live row: its price and stock as they are, and nothing once it is unlisted", async () => {
    const db = await getDb();
    const page = { products: { limit: 3, offset: 0 } };
    const sku = (await runSearch("replacement filter", null, page)).products.hits[0]?.skuNum ?? "";
    const [row] = await db.select().from(products).where(eq(products.sku, sku));
    if (!row) throw new Error(`No product ${sku}`);
    try {
      // Straight into the table, past the catalogue's announcement: the index still holds the product as it was.
      await db
        .update(products)
        .set({ stock: 0, discountPriceCents: row.discountPriceCents - 1 })
        .where(eq(products.sku, sku));
      const changed = (await runSearch("replacement filter", null, page)).products.hits.find((hit) => hit.skuNum === sku);
      expect(changed).toMatchObject({
        name: row.name,
        category: row.category,
        picture: row.images[0] ?? null,
        price: centsToAmount(row.discountPriceCents - 1),
        inStock: false,
      });
      await db.update(products).set({ listed: false }).where(eq(products.sku, sku));
      const hidden = await runSearch("replacement filter", null, page);
      expect(hidden.products.hits.map((hit) => hit.skuNum)).not.toContain(sku);
    } finally {
      await db
        .update(products)
        .set({ stock: row.stock, discountPriceCents: row.discountPriceCents, listed: row.listed })
        .where(eq(products.sku, sku));
    }
  });

  it("pages within the level a group matched at: a later page has the same total and none of the first page's results", async () => {
    const first = await runSearch("filter", null, { products: { limit: 2, offset: 0 }, answers: { limit: 2, offset: 0 } });
    const second = await runSearch("filter", null, { products: { limit: 2, offset: 2 }, answers: { limit: 2, offset: 2 } });
    expect(first.products.total).toBeGreaterThan(2);
    expect(second.products.total).toBe(first.products.total);
    expect(second.answers.total).toBe(first.answers.total);
    const firstSkus = first.products.hits.map((hit) => hit.skuNum);
    expect(second.products.hits.map((hit) => hit.skuNum).filter((sku) => firstSkus.includes(sku))).toEqual([]);
    // A page past the last is empty: the search does not fall back to a looser level for it.
    const past = await runSearch("filter", null, { products: { limit: 2, offset: first.products.total } });
    expect(past.products.hits).toEqual([]);
  });

  it("finds the documents holding all words but one before those holding any, when none holds them all", async () => {
    const plan = await inTransaction((tx) => planQuery(tx, "ceramic filter model 42"));
    expect(plan.mostWords).toBe("(filter & model & 42) | (ceramic & model & 42) | (ceramic & filter & 42) | (ceramic & filter & model)");
    // No document holds "qqqq": those holding the other two words come, not every one with "filter".
    const most = await runSearch("replacement filter for qqqq", null, { products: { limit: 5, offset: 0 } });
    const both = await runSearch("replacement filter", null, { products: { limit: 5, offset: 0 } });
    const either = await runSearch("filter", null, { products: { limit: 5, offset: 0 } });
    expect(most.products.total).toBeGreaterThan(0);
    expect(most.products.total).toBe(both.products.total);
    expect(most.products.total).toBeLessThan(either.products.total);
  });

  it("ranks through statements prepared once per connection and planned once, generically (PostgreSQL), with the same results", async () => {
    const page = { limit: 5, offset: 0 };
    const { first, again, statements } = await inTransaction(async (tx) => {
      const ranked = async (query: string) => rankDocuments(tx, await planQuery(tx, query), { product: page, answer: page });
      const found = await ranked("replacement filter");
      await ranked("return policy");
      await ranked("purifer");
      return {
        first: found,
        again: await ranked("replacement filter"),
        statements: await rowsOf<{ name: string; generic: number; custom: number }>(
          tx,
          sql`select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name like 'search\_%'`,
        ),
      };
    });
    expect(first.product.total).toBeGreaterThan(0);
    expect(again).toEqual(first);
    if (engine.name === "postgres") {
      // The plan's statement and at least two shapes of ranking statement ("purifer" adds the title similarity level).
      expect(statements.filter((row) => row.name.startsWith("search_plan_"))).toHaveLength(1);
      expect(statements.filter((row) => row.name.startsWith("search_rank_")).length).toBeGreaterThanOrEqual(2);
      // Planned for any words: no statement was planned for the values of one call.
      const ranking = statements.filter((row) => row.name.startsWith("search_rank_"));
      expect(ranking.every((row) => row.custom === 0 && row.generic >= 1)).toBe(true);
      expect(ranking.reduce((sum, row) => sum + row.generic, 0)).toBeGreaterThanOrEqual(4);
    } else {
      expect(statements).toEqual([]);
    }
  });
});
