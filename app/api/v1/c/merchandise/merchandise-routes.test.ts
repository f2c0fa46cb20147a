// @vitest-environment node
import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { products } from "@/lib/db/schema/products";
import { DEMO_CATALOGUE } from "@/lib/db/seed/catalogue";
import { merchandiseListSchema, merchandiseSchema } from "@/lib/schemas/merchandise";
import { dataOf, read, type Answer } from "@/test/support/answer";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { GET as detail } from "./detail/route";
import { GET as list } from "./list/route";

async function call(handler: (request: Request) => Promise<Response>, path: string, query: string): Promise<Answer> {
  return read(await handler(new Request(`http://shop.test/api/v1/c/merchandise/${path}?${query}`)));
}

const getList = (query = "") => call(list, "list", query);
const getDetail = (query: string) => call(detail, "detail", query);

function listData(answer: Answer) {
  return merchandiseListSchema.parse(dataOf(answer));
}

describeEachEngine("GET /merchandise/list and /merchandise/detail on $name", (engine) => {
  const handle = databaseForSuite(engine);

  /** A product of this test alone (other suites may share the PostgreSQL database). */
  async function addProduct(values: Partial<typeof products.$inferInsert> = {}) {
    const sku = `T-${randomUUID().slice(0, 8).toUpperCase()}`;
    await handle()
      .db.insert(products)
      .values({
        sku,
        category: "accessory",
        name: `Test product ${sku}`,
        originalPriceCents: 1_000,
        discountPriceCents: 900,
        stock: 5,
        sortOrder: 10_000,
        ...values,
      });
    return sku;
  }

  async function listedCount(category?: "filter" | "accessory") {
    const [row] = await handle()
      .db.select({ total: count() })
      .from(products)
      .where(and(eq(products.listed, true), category ? eq(products.category, category) : undefined));
    return row?.total ?? 0;
  }

  it("lists listed products in the operator's order, 20 to a page, in the documented shape", async () => {
    const data = listData(await getList());
    expect(data.total).toBe(await listedCount());
    expect(data.list.length).toBe(Math.min(20, data.total));
    const seeded = DEMO_CATALOGUE.map((entry) => entry.skuNum);
    const firstSeeded = data.list.map((item) => item.skuNum).filter((sku) => seeded.includes(sku));
    expect(firstSeeded).toEqual(seeded.slice(0, firstSeeded.length));
    const purifier = data.list.find((item) => item.skuNum === "LW-RO600");
    expect(purifier).toMatchObject({
      name: "Lenwell RO600 Countertop Reverse-Osmosis Water Purifier",
      category: "purifier",
      originalPrice: "459.00",
      discountPrice: "359.00",
      image: ["/images/products/lw-ro600-1.svg", "/images/products/lw-ro600-2.svg", "/images/products/lw-ro600-3.svg"],
    });
    expect(purifier?.spec[0]).toEqual({
      spec_key: "stages",
      spec_name: "Filtration",
      spec_value: "3 stages: composite pre-filter, RO membrane, post-carbon",
    });
  });

  it("filters by category; an empty category means all of them", async () => {
    const filters = listData(await getList("category=filter"));
    expect(filters.total).toBe(await listedCount("filter"));
    expect(filters.list.map((item) => item.skuNum)).toEqual(expect.arrayContaining(["LW-F1-PP", "LW-F2-RO", "LW-F3-PC", "LW-FSET-Y1"]));
    expect(filters.list.every((item) => item.category === "filter")).toBe(true);
    const all = listData(await getList("category=&page=1&pageSize=20"));
    expect(all.total).toBe(await listedCount());
  });

  it("pages through the list without overlap", async () => {
    const total = await listedCount();
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 3); page += 1) {
      const data = listData(await getList(`pageSize=3&page=${page}`));
      expect(data.total).toBe(total);
      seen.push(...data.list.map((item) => item.skuNum));
    }
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
    const beyond = listData(await getList(`pageSize=3&page=${Math.ceil(total / 3) + 1}`));
    expect(beyond).toEqual({ list: [], total });
  });

  it("sorts by price both ways and by name", async () => {
    const pageSize = `pageSize=100`;
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    // Other suites add products to the same database meanwhile: the answer's own total is the measure.
    const lowAnswer = listData(await getList(`sort=price_asc&${pageSize}`));
    const low = lowAnswer.list.map((item) => cents(item.discountPrice));
    expect(low).toEqual([...low].sort((a, b) => a - b));
    expect(low.length).toBe(Math.min(lowAnswer.total, 100));
    const high = listData(await getList(`sort=price_desc&${pageSize}`)).list.map((item) => cents(item.discountPrice));
    expect(high).toEqual([...high].sort((a, b) => b - a));
    const names = listData(await getList(`sort=name&${pageSize}`)).list.map((item) => item.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("never shows an unlisted product to customers: not in the list, 404 on its page", async () => {
    const sku = await addProduct({ listed: false });
    const data = listData(await getList("category=accessory&pageSize=100"));
    expect(data.list.map((item) => item.skuNum)).not.toContain(sku);
    expect(await getDetail(`sku=${sku}`)).toEqual({
      status: 404,
      body: { code: 404, data: null, errmsg: `There is no product with the sku ${sku} in the store.` },
    });
  });

  it("answers one product by sku", async () => {
    const sku = await addProduct({ stock: 3, spec: [{ spec_key: "k", spec_name: "Key", spec_value: "Value" }] });
    const answer = await getDetail(`sku=${sku}`);
    expect(answer.status).toBe(200);
    expect(merchandiseSchema.parse(answer.body.data)).toEqual({
      skuNum: sku,
      name: `Test product ${sku}`,
      subtitle: "",
      category: "accessory",
      image: [],
      attributes: "",
      spec: [{ spec_key: "k", spec_name: "Key", spec_value: "Value" }],
      originalPrice: "10.00",
      discountPrice: "9.00",
      memberPrice: null,
      onePerCustomer: false,
      stock: 3,
      description: "",
    });
  });

  it("answers a product's member price in the money format of its other prices", async () => {
    const answer = await getDetail("sku=LW-ACC-TDS");
    expect(answer.status).toBe(200);
    expect(merchandiseSchema.parse(answer.body.data)).toMatchObject({ skuNum: "LW-ACC-TDS", discountPrice: "15.00", memberPrice: "12.75" });
    const purifier = await getDetail("sku=LW-RO600");
    expect(merchandiseSchema.parse(purifier.body.data).memberPrice).toBeNull();
  });

  it("answers 404 with a clear message for an unknown sku", async () => {
    expect(await getDetail("sku=NO-SUCH-SKU")).toEqual({
      status: 404,
      body: { code: 404, data: null, errmsg: "There is no product with the sku NO-SUCH-SKU in the store." },
    });
  });

  it.each([
    ["", "sku"],
    ["sku=", "sku"],
    [`sku=${"A".repeat(65)}`, "sku"],
    ["sku=LW-RO600&price=1", ""],
  ])("refuses the detail query %j (422 naming %j)", async (query, path) => {
    const answer = await getDetail(query);
    expect(answer.status).toBe(422);
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors?.some((error) => error.path === path || (path === "" && /price/.test(error.message)))).toBe(true);
  });

  it.each([
    ["category=kitchen", "category"],
    ["page=0", "page"],
    ["page=two", "page"],
    ["pageSize=101", "pageSize"],
    ["pageSize=1.5", "pageSize"],
    ["sort=cheapest", "sort"],
    ["limit=5", ""],
  ])("refuses the list query %j (422 naming %j)", async (query, path) => {
    const answer = await getList(query);
    expect(answer.status).toBe(422);
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors?.some((error) => error.path === path || (path === "" && /limit/.test(error.message)))).toBe(true);
  });
});
