// @vitest-environment node
import { eq } from "drizzle-orm";
import type * as NextCache from "next/cache";
import { expect, it, vi } from "vitest";
import { CATALOGUE_CACHE } from "@/lib/config/catalog";
import { productChanges, products } from "@/lib/db/schema";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { merchandiseSchema } from "@/lib/schemas/merchandise";
import { operatorGetProduct } from "@/lib/server/catalog";
import { dataOf, read } from "@/test/support/answer";
import { apiRequest, makeCustomer, makeProduct, type Customer } from "@/test/support/shop";
import { GET as detailRoute } from "../../c/merchandise/detail/route";
import { POST as update } from "./update/route";

// The route handler runs outside a Next request here: revalidateTag needs one, so it is observed.
const revalidated = vi.hoisted(() => vi.fn());
vi.mock("next/cache", async (importOriginal) => ({ ...(await importOriginal<typeof NextCache>()), revalidateTag: revalidated }));

describeEachEngine("operator catalogue update on $name", (engine) => {
  const db = databaseForSuite(engine);

  const updateAs = async (who: Customer | null, body: unknown) =>
    read(await update(apiRequest("POST", "/api/v1/admin/catalogue/update", body, { token: who?.token ?? null })));

  it("changes prices, stock and listing, expires the catalogue cache, and records each change with the operator", async () => {
    const admin = await makeCustomer(db(), { role: "admin" });
    const sku = await makeProduct(db(), { originalCents: 5000, discountCents: 4500, stock: 7 });
    revalidated.mockClear();

    const updated = merchandiseSchema.parse(
      dataOf(await updateAs(admin, { sku, originalPrice: "55.00", discountPrice: "49.90", stock: 7 })),
    );
    expect(updated).toMatchObject({ skuNum: sku, originalPrice: "55.00", discountPrice: "49.90", stock: 7 });
    expect(revalidated).toHaveBeenCalledWith(CATALOGUE_CACHE.tag, { expire: 0 });
    const detail = await read(await detailRoute(apiRequest("GET", `/api/v1/c/merchandise/detail?sku=${sku}`)));
    expect(dataOf(detail)).toMatchObject({ originalPrice: "55.00", discountPrice: "49.90" });

    // Only what really changed is recorded (the stock was sent unchanged).
    const seen = await operatorGetProduct({ role: "admin" }, sku);
    expect(seen?.changes.map(({ field, from, to, by }) => ({ field, from, to, by }))).toEqual([
      { field: "discountPrice", from: "45.00", to: "49.90", by: admin.email },
      { field: "originalPrice", from: "50.00", to: "55.00", by: admin.email },
    ]);

    expect(dataOf(await updateAs(admin, { sku, listed: false }))).toMatchObject({ skuNum: sku });
    expect((await read(await detailRoute(apiRequest("GET", `/api/v1/c/merchandise/detail?sku=${sku}`)))).status).toBe(404);
    const rows = await db().db.select().from(productChanges).where(eq(productChanges.sku, sku));
    expect(rows.find((row) => row.field === "listed")).toMatchObject({ fromValue: "true", toValue: "false", actorUserId: admin.id });
    expect((await operatorGetProduct({ role: "admin" }, sku))?.product).toMatchObject({ listed: false, stock: 7 });
  });

  it("answers 401 without a session and 403 for a customer, changing nothing", async () => {
    const customer = await makeCustomer(db());
    const sku = await makeProduct(db(), { originalCents: 5000, discountCents: 4500 });
    expect((await updateAs(null, { sku, originalPrice: "1.00", discountPrice: "1.00" })).status).toBe(401);
    const forbidden = await updateAs(customer, { sku, originalPrice: "1.00", discountPrice: "1.00" });
    expect(forbidden.status).toBe(403);
    const [row] = await db().db.select().from(products).where(eq(products.sku, sku));
    expect(row).toMatchObject({ originalPriceCents: 5000, discountPriceCents: 4500 });
    expect(await db().db.select().from(productChanges).where(eq(productChanges.sku, sku))).toEqual([]);
  });

  it("names bad fields, refuses a discount above the price and an unknown sku", async () => {
    const admin = await makeCustomer(db(), { role: "admin" });
    const sku = await makeProduct(db(), { originalCents: 5000, discountCents: 4500 });
    const negative = await updateAs(admin, { sku, stock: -1 });
    expect(negative.status).toBe(422);
    expect(negative.body.errors?.[0]?.path).toBe("stock");
    expect((await updateAs(admin, { sku, discountPrice: "12.5" })).body.errors?.[0]?.path).toBe("discountPrice");
    expect((await updateAs(admin, { originalPrice: "10.00" })).body.errors?.[0]?.path).toBe("sku");
    const nothing = await updateAs(admin, { sku });
    expect(nothing.status).toBe(422);
    expect(nothing.body.errmsg).toContain("Change at least one of");
    expect((await updateAs(admin, { sku, price: "10.00" })).status).toBe(422);
    const dearer = await updateAs(admin, { sku, discountPrice: "50.01" });
    expect(dearer.status).toBe(422);
    expect(dearer.body.errors).toEqual([
      { path: "discountPrice", message: "The discounted price cannot be higher than the original price." },
    ]);
    expect((await updateAs(admin, { sku: "NO-SUCH-SKU", stock: 1 })).status).toBe(404);
    expect(await db().db.select().from(productChanges).where(eq(productChanges.sku, sku))).toEqual([]);
  });

  // The fuzz found it: a price past the database's integer cents failed there as a 500.
  it("refuses a price above 100000.00 with a 422 on the field, and takes 100000.00 itself", async () => {
    const admin = await makeCustomer(db(), { role: "admin" });
    const sku = await makeProduct(db(), { originalCents: 5000, discountCents: 4500 });
    const huge = await updateAs(admin, { sku, originalPrice: "9839140724.57", discountPrice: "12.90" });
    expect(huge.status).toBe(422);
    expect(huge.body.errors).toEqual([{ path: "originalPrice", message: "Use at most 100000.00." }]);
    expect((await updateAs(admin, { sku, originalPrice: "100000.00" })).status).toBe(200);
  });

  it("sets, changes and clears a member price, shown to customers and recorded like other price changes", async () => {
    const admin = await makeCustomer(db(), { role: "admin" });
    const sku = await makeProduct(db(), { originalCents: 5000, discountCents: 4500 });
    const detail = async () =>
      merchandiseSchema.parse(dataOf(await read(await detailRoute(apiRequest("GET", `/api/v1/c/merchandise/detail?sku=${sku}`)))));
    expect((await detail()).memberPrice).toBeNull();
    revalidated.mockClear();

    expect(merchandiseSchema.parse(dataOf(await updateAs(admin, { sku, memberPrice: "38.25" })))).toMatchObject({ memberPrice: "38.25" });
    expect(revalidated).toHaveBeenCalledWith(CATALOGUE_CACHE.tag, { expire: 0 });
    expect((await detail()).memberPrice).toBe("38.25");
    // Exactly the discounted price is allowed: members then simply pay it.
    expect(dataOf(await updateAs(admin, { sku, memberPrice: "45.00" }))).toMatchObject({ memberPrice: "45.00" });
    expect(dataOf(await updateAs(admin, { sku, memberPrice: null }))).toMatchObject({ memberPrice: null });
    expect((await detail()).memberPrice).toBeNull();
    expect((await operatorGetProduct({ role: "admin" }, sku))?.product.memberPrice).toBeNull();

    const seen = await operatorGetProduct({ role: "admin" }, sku);
    expect(seen?.changes.map(({ field, from, to, by }) => ({ field, from, to, by }))).toEqual(
      expect.arrayContaining([
        { field: "memberPrice", from: "none", to: "38.25", by: admin.email },
        { field: "memberPrice", from: "38.25", to: "45.00", by: admin.email },
        { field: "memberPrice", from: "45.00", to: "none", by: admin.email },
      ]),
    );
    expect(seen?.changes).toHaveLength(3);
  });

  it("refuses a member price above the discounted price or below zero, and a discount below the member price", async () => {
    const admin = await makeCustomer(db(), { role: "admin" });
    const sku = await makeProduct(db(), { originalCents: 5000, discountCents: 4500, memberCents: 4000 });
    const dearer = await updateAs(admin, { sku, memberPrice: "45.01" });
    expect(dearer.status).toBe(422);
    expect(dearer.body.errors).toEqual([
      { path: "memberPrice", message: "The member price cannot be higher than the discounted price (45.00)." },
    ]);
    const negative = await updateAs(admin, { sku, memberPrice: "-1.00" });
    expect(negative.status).toBe(422);
    expect(negative.body.errors?.[0]?.path).toBe("memberPrice");
    expect((await updateAs(admin, { sku, memberPrice: "twelve" })).body.errors?.[0]?.path).toBe("memberPrice");
    // Lowering the discount under the kept member price would make members pay more than everyone.
    const under = await updateAs(admin, { sku, discountPrice: "39.99" });
    expect(under.status).toBe(422);
    expect(under.body.errors).toEqual([
      {
        path: "discountPrice",
        message: "The discounted price cannot be lower than the member price (40.00). Lower or clear the member price first.",
      },
    ]);
    // Both in one change: checked against the new discount price.
    expect(dataOf(await updateAs(admin, { sku, discountPrice: "39.99", memberPrice: "33.99" }))).toMatchObject({
      discountPrice: "39.99",
      memberPrice: "33.99",
    });
    const [row] = await db().db.select().from(products).where(eq(products.sku, sku));
    expect(row).toMatchObject({ discountPriceCents: 3999, memberPriceCents: 3399 });
    expect((await updateAs(admin, { sku, memberPrice: "0.00" })).status).toBe(200);
  });
});
