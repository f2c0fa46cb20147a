// @vitest-environment node
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, it } from "vitest";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { operatorSearchReport } from "./index";
import { countSearchPageViews, countedQueryOf, SearchCounts } from "./query-log";

const get = (url: string, headers: Record<string, string> = {}) => ({ method: "GET", url, headers });

describeEachEngine("search query log on $name", (engine) => {
  const db = databaseForSuite(engine);

  it("counts each search, lower-cased and trimmed, and those that found nothing, and never a private-looking query", async () => {
    const counts = new SearchCounts();
    const note = (q: string) => {
      const query = countedQueryOf(get(`/search?q=${encodeURIComponent(q)}`), 200);
      if (query !== null) counts.note(query);
    };
    note("Replacement Filter ");
    note("replacement   filter");
    note("qqqzzzxx");
    for (const secret of ["ana@example.com", "+1 713 555 0100", "#5E461C55", "RO6-12345", "0b0e3b6a-3c1d-4a5e-9f1a-2b3c4d5e6f70"])
      note(secret);
    await counts.flush();
    // A second interval adds to the day's row.
    note("qqqzzzxx");
    await counts.flush();

    const report = await operatorSearchReport({ role: "admin" });
    expect(report.top).toEqual([
      { query: "qqqzzzxx", searches: 2, empty: 2 },
      { query: "replacement filter", searches: 2, empty: 0 },
    ]);
    expect(report.empty).toEqual([{ query: "qqqzzzxx", searches: 2, empty: 2 }]);
    const stored = await db().db.execute("select query from search_queries");
    expect(JSON.stringify(stored)).not.toMatch(/example|713|5e461c55|ro6|0b0e3b6a/);
  });

  it("counts the /search pages a real server answers, served from anywhere, once written", async () => {
    const views = countSearchPageViews(60_000);
    const server = createServer((request, response) => {
      response.statusCode = request.url?.includes("refused") ? 429 : 200;
      response.end("page");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      await fetch(`${origin}/search?q=Carafe`);
      await fetch(`${origin}/search?q=carafe&group=products&page=2`);
      // Seen by nobody, or not the page: not counted.
      await fetch(`${origin}/search?q=carafe`, { headers: { "Next-Router-Prefetch": "1" } });
      await fetch(`${origin}/search?q=carafe&refused=1`);
      await fetch(`${origin}/search?q=carafe`, { method: "HEAD" });
      await fetch(`${origin}/search/for/carafe/any/1`);
      await fetch(`${origin}/searching?q=carafe`);
      const carafe = async () => (await operatorSearchReport({ role: "admin" })).top.filter(({ query }) => query === "carafe");
      expect(await carafe()).toEqual([]);
      await views.flush();
      expect(await carafe()).toEqual([{ query: "carafe", searches: 2, empty: 0 }]);
    } finally {
      await views.stop();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("is for operators only", async () => {
    await expect(operatorSearchReport({ role: "customer" })).rejects.toMatchObject({ code: 403 });
  });
});

it("reads the query of a shown /search page only", () => {
  expect(countedQueryOf(get("/search?q=RO%20Membrane"), 200)).toBe("ro membrane");
  expect(countedQueryOf(get("/search?q=ro+membrane&_rsc=abc", { rsc: "1" }), 200)).toBe("ro membrane");
  expect(countedQueryOf(get("/search?q=ro+membrane", { "next-router-prefetch": "1" }), 200)).toBeNull();
  expect(countedQueryOf(get("/search?q=ro+membrane"), 500)).toBeNull();
  expect(countedQueryOf({ ...get("/search?q=ro+membrane"), method: "POST" }, 200)).toBeNull();
  expect(countedQueryOf(get("/search"), 200)).toBeNull();
  expect(countedQueryOf(get("/search?q=a"), 200)).toBeNull();
  expect(countedQueryOf(get(`/search?q=${"a".repeat(101)}`), 200)).toBeNull();
  expect(countedQueryOf(get("/searches?q=ro+membrane"), 200)).toBeNull();
});

it("holds a bounded number of distinct queries between two writes", () => {
  const counts = new SearchCounts();
  for (let index = 0; index < 600; index += 1) counts.note(`made up ${index}`);
  counts.note("made up 0");
  expect(counts.size).toBe(500);
});
