// @vitest-environment node
import { expect, it } from "vitest";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { runSearch } from "./engine";
import { JUDGEMENTS, RELEVANCE_FIRST_SHARE } from "./judgements";

describeEachEngine("search relevance on $name", (engine) => {
  databaseForSuite(engine);

  // 57 searches, one after another: about 4 s on PGlite on an idle machine, more under load.
  it(
    `puts the expected result first for ${RELEVANCE_FIRST_SHARE * 100} % of the judgements, and in the top 3 for all`,
    { timeout: 90_000 },
    async () => {
      const misses: string[] = [];
      let first = 0;
      for (const judgement of JUDGEMENTS) {
        const page = { limit: 3, offset: 0 };
        const found = await runSearch(judgement.q, null, { [judgement.group]: page });
        const keys =
          judgement.group === "products" ? found.products.hits.map((hit) => hit.skuNum) : found.answers.hits.map((hit) => hit.id);
        if (keys[0] !== undefined && judgement.best.includes(keys[0])) first += 1;
        else misses.push(`"${judgement.q}" (${judgement.group}): ${keys.join(", ") || "nothing"}`);
        if (!keys.some((key) => judgement.best.includes(key))) misses.push(`  not in the top 3: "${judgement.q}"`);
      }
      const share = first / JUDGEMENTS.length;
      console.warn(
        `Search relevance on ${engine.name}: expected first result first for ${first} of ${JUDGEMENTS.length} queries (${(share * 100).toFixed(1)} %).${misses.length ? `\n${misses.join("\n")}` : ""}`,
      );
      expect(misses.filter((line) => line.includes("not in the top 3"))).toEqual([]);
      expect(share).toBeGreaterThanOrEqual(RELEVANCE_FIRST_SHARE);
    },
  );
});
