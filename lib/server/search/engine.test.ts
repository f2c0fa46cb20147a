// @vitest-environment node
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { inTransaction } from "@/lib/server/transaction";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { rowsOf } from "./documents";
import { planQuery, rankDocuments, runSearch } from "./engine";

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
