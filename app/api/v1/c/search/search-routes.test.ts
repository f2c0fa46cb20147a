// @vitest-environment node
import { beforeEach, expect, it, vi } from "vitest";
import { purifiers } from "@/lib/db/schema";
import { orderNumber } from "@/lib/display/order-display";
import { suggestResultSchema, type SuggestResult } from "@/lib/schemas/search";
import { dataOf, read } from "@/test/support/answer";
import { nextDataCache } from "@/test/support/next-data-cache";
import { orderOf } from "@/test/support/money";
import { apiRequest, makeCustomer, makeProduct, type Customer } from "@/test/support/shop";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { POST as catalogueUpdate } from "../../admin/catalogue/update/route";
import { POST as addSynonym } from "../../admin/search/synonyms/add/route";
import { POST as removeSynonym } from "../../admin/search/synonyms/remove/route";
import { GET as suggestRoute } from "./suggest/route";

// Answers for visitors without a session come from Next's data cache, here its stand-in: an
// operator's change must expire what they were shown.
vi.mock("next/cache", async () => (await import("@/test/support/next-data-cache")).nextCacheModule);

describeEachEngine("site search on $name", (engine) => {
  const db = databaseForSuite(engine);
  beforeEach(() => nextDataCache.clear());

  // Text encodeURIComponent refuses (an unpaired surrogate) goes as bytes a client could send all the same.
  const encoded = (q: string) =>
    /[\uD800-\uDFFF]/.test(q) ? q.replace(/[\uD800-\uDFFF]/g, "%ED%A0%80").replace(/ /g, "%20") : encodeURIComponent(q);
  const ask = async (q: string, who: Customer | null = null, extra = "") =>
    read<SuggestResult>(
      await suggestRoute(apiRequest("GET", `/api/v1/c/search/suggest?q=${encoded(q)}${extra}`, undefined, { token: who?.token ?? null })),
    );
  const suggestion = async (q: string, who: Customer | null = null) => suggestResultSchema.parse(dataOf(await ask(q, who)));

  it("finds products and answers for anyone, with snippets whose matched words are marked, and orders only when signed in", async () => {
    const found = await suggestion("replacement filter");
    expect(found.products[0]).toMatchObject({ category: "filter", memberPrice: null, inStock: true });
    expect(found.products[0]?.href).toBe(`/mart/detail/${found.products[0]?.skuNum}`);
    const faq = await suggestion("how often change filter");
    expect(faq.answers[0]).toMatchObject({ id: "faq:how-often-filters", kind: "faq", page: "FAQ", href: "/about/faq#how-often-filters" });
    expect(faq.answers[0]?.snippet.some((segment) => segment.match)).toBe(true);
    expect(faq.orders).toEqual([]);
    expect(faq.purifiers).toEqual([]);
    expect(faq.total.products).toBeGreaterThanOrEqual(faq.products.length);
  });

  it("answers a visitor without a session from the cache for the same words, and a signed-in customer never", async () => {
    const first = await suggestion("Replacement   FILTER");
    expect(nextDataCache.entries.size).toBe(1);
    expect(await suggestion("replacement filter")).toEqual(first);
    expect(nextDataCache.entries.size).toBe(1);
    const customer = await makeCustomer(db());
    expect((await suggestion("replacement filter", customer)).products.map((hit) => hit.skuNum)).toEqual(
      first.products.map((hit) => hit.skuNum),
    );
    expect(nextDataCache.entries.size).toBe(1);
  });

  it("suggests the closest known words when nothing matches", async () => {
    const found = await suggestion("membrabe zzqx");
    expect(found.products.length + found.answers.length).toBeGreaterThanOrEqual(0);
    const nothing = await suggestion("qqqqzzzz");
    expect(nothing.total).toEqual({ products: 0, answers: 0, orders: 0, purifiers: 0 });
    const near = await suggestion("carafz glasz");
    expect(near.products[0]?.skuNum).toBe("LW-ACC-CARAFE");
  });

  it("finds a customer's own orders by short number and product name, and their purifiers by serial, never another's", async () => {
    const ana = await makeCustomer(db());
    const ben = await makeCustomer(db());
    const anasOrder = await orderOf(ana, [{ sku: "LW-ACC-CARAFE", quantity: 1 }]);
    const bensOrder = await orderOf(ben, [{ sku: "LW-ACC-CARAFE", quantity: 1 }]);
    await db()
      .db.insert(purifiers)
      .values([
        { userId: ana.id, sku: "LW-RO600", serial: "RO6-55501", source: "customer", purchasedOn: "2026-01-02", installedOn: "2026-01-02" },
        { userId: ben.id, sku: "LW-RO600", serial: "RO6-55502", source: "customer", purchasedOn: "2026-01-02", installedOn: "2026-01-02" },
      ]);

    const byNumber = await suggestion(`#${orderNumber(anasOrder)}`, ana);
    expect(byNumber.orders.map((order) => order.orderId)).toEqual([anasOrder]);
    expect(byNumber.orders[0]).toMatchObject({ shortNumber: `#${orderNumber(anasOrder)}`, href: `/account/orders/${anasOrder}` });
    expect((await suggestion(`#${orderNumber(bensOrder)}`, ana)).orders).toEqual([]);
    expect((await suggestion("carafe", ana)).orders.map((order) => order.orderId)).toEqual([anasOrder]);
    expect((await suggestion("RO6-555", ana)).purifiers.map((purifier) => purifier.serial)).toEqual(["RO6-55501"]);
    expect((await suggestion("RO6-55502", ana)).purifiers).toEqual([]);
    // Signed out, nobody's.
    expect((await suggestion(`#${orderNumber(anasOrder)}`)).orders).toEqual([]);
  });

  it("answers bad input with 422 or results, never a 5xx", async () => {
    const inputs = [
      "a",
      " ",
      "x".repeat(101),
      "'; drop table search_documents; --",
      "filter & | ! : * ( ) <-> \\",
      '"unclosed quote',
      "!!!",
      "::*",
      "-filter",
      "or or and",
      "nul\u0000byte",
      "lone \uD800 surrogate",
      "\uDFFF\uDFFF",
      "%_%_",
      "ｒｏ６００",
      "filter ".repeat(14),
    ];
    for (const q of inputs) {
      const answer = await ask(q);
      expect([200, 422], `${JSON.stringify(q)}: ${answer.status}`).toContain(answer.status);
    }
    expect((await ask("x".repeat(101))).status).toBe(422);
    expect((await ask("filter", null, "&limit=99")).status).toBe(422);
    expect((await ask("filter", null, "&other=1")).status).toBe(422);
  });

  it("follows the operator's edits in the same transaction: a listed product is found, an unlisted one no longer", async () => {
    const admin = await makeCustomer(db(), { role: "admin" });
    const sku = await makeProduct(db(), { name: "Zephyr stone pitcher", stock: 3 });
    const update = async (body: unknown) =>
      read(await catalogueUpdate(apiRequest("POST", "/api/v1/admin/catalogue/update", body, { token: admin.token })));
    dataOf(await update({ sku, stock: 4 }));
    expect((await suggestion("zephyr pitcher")).products.map((hit) => hit.skuNum)).toEqual([sku]);
    dataOf(await update({ sku, listed: false }));
    expect((await suggestion("zephyr pitcher")).products).toEqual([]);
    dataOf(await update({ sku, listed: true }));
    expect((await suggestion("zephyr")).products.map((hit) => hit.skuNum)).toEqual([sku]);
  });

  it("applies a synonym the operator adds, and expires the cached results pages when it is added or removed", async () => {
    const admin = await makeCustomer(db(), { role: "admin" });
    // Other files' test products (T-<hex> skus) share this database and may resemble the word, so
    // the check is on the product the synonym leads to, not on an empty list.
    const carafeFor = async (q: string) => (await suggestion(q)).products.some((hit) => hit.skuNum === "LW-ACC-CARAFE");
    expect(await carafeFor("decanter")).toBe(false);
    nextDataCache.revalidations.length = 0;
    const synonyms = dataOf(
      await read<{ id: string; term: string }[]>(
        await addSynonym(
          apiRequest("POST", "/api/v1/admin/search/synonyms/add", { term: "decanter", expansion: "carafe" }, { token: admin.token }),
        ),
      ),
    );
    expect(await carafeFor("decanter")).toBe(true);
    expect(nextDataCache.revalidations).toEqual([{ tag: "search-results", profile: { expire: 0 } }]);
    const added = synonyms.find((synonym) => synonym.term === "decanter");
    dataOf(
      await read(
        await removeSynonym(apiRequest("POST", "/api/v1/admin/search/synonyms/remove", { id: added?.id }, { token: admin.token })),
      ),
    );
    expect(nextDataCache.revalidations).toHaveLength(2);
    expect(await carafeFor("decanter")).toBe(false);
    const customer = await makeCustomer(db());
    const refused = await read(
      await addSynonym(
        apiRequest("POST", "/api/v1/admin/search/synonyms/add", { term: "jug", expansion: "carafe" }, { token: customer.token }),
      ),
    );
    expect(refused.status).toBe(403);
  });
});
