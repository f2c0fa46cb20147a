// @vitest-environment node
import { expect, it } from "vitest";
import { searchPageQuerySchema } from "@/lib/schemas/search";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { operatorSearchReport, searchPage } from "./index";

describeEachEngine("search query log on $name", (engine) => {
  const db = databaseForSuite(engine);

  it("counts each search of the page, lower-cased and trimmed, and those that found nothing, and never a private-looking query", async () => {
    const search = (q: string) => searchPage(searchPageQuerySchema.parse({ q }), null);
    await search("Replacement Filter ");
    await search("replacement   filter");
    await search("qqqzzzxx");
    for (const secret of ["ana@example.com", "+1 713 555 0100", "#5E461C55", "RO6-12345", "0b0e3b6a-3c1d-4a5e-9f1a-2b3c4d5e6f70"])
      await search(secret);

    const report = await operatorSearchReport({ role: "admin" });
    expect(report.top).toEqual([
      { query: "replacement filter", searches: 2, empty: 0 },
      { query: "qqqzzzxx", searches: 1, empty: 1 },
    ]);
    expect(report.empty).toEqual([{ query: "qqqzzzxx", searches: 1, empty: 1 }]);
    const stored = await db().db.execute("select query from search_queries");
    expect(JSON.stringify(stored)).not.toMatch(/example|713|5e461c55|ro6|0b0e3b6a/);
  });

  it("is for operators only", async () => {
    await expect(operatorSearchReport({ role: "customer" })).rejects.toMatchObject({ code: 403 });
  });
});
