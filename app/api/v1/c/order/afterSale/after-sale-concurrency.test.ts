// @vitest-environment node
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { afterSaleRequests, orders, payments } from "@/lib/db/schema";
import { databaseForSuite, describeOnPostgres } from "@/test/support/test-engines";
import { applyAs, boughtOrder, submitTracking } from "@/test/support/after-sale";
import { dataOf, read } from "@/test/support/answer";
import { apiRequest, expectShopInvariants, HOUSTON, makeCustomer } from "@/test/support/shop";
import { POST as approveRoute } from "../../../admin/after-sale/approve/route";
import { POST as receiveRoute } from "../../../admin/after-sale/receive/route";
import { POST as completeRoute } from "../../../admin/after-sale/complete/route";

// Races need a real server with real row locks: PGlite runs one statement at a time, so these run
// only on PostgreSQL (TEST_DATABASE_URL).
describeOnPostgres("after-sale races on PostgreSQL", (engine) => {
  const db = databaseForSuite(engine);

  it("20 requests at once for 5 units bought: exactly 5 pass, the rest get a clear 409", async () => {
    const admin = await makeCustomer(db(), { role: "admin" });
    const who = await makeCustomer(db(), { address: HOUSTON });
    const { orderId, sku } = await boughtOrder(db(), who, admin, { quantity: 5 });
    const types = ["return", "refund", "exchange", "repair"];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => applyAs(who, { orderId, skuNum: sku, type: types[index % types.length] ?? "return" })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    const lost = answers.filter((answer) => answer.status === 409);
    expect(lost).toHaveLength(15);
    for (const answer of lost) expect(answer.body.errmsg).toBe("Every unit of this item is already in an after-sale request.");
    const stored = await db()
      .db.select({ quantity: afterSaleRequests.quantity })
      .from(afterSaleRequests)
      .where(eq(afterSaleRequests.orderId, orderId));
    expect(stored.reduce((sum, row) => sum + row.quantity, 0)).toBe(5);
  }, 60_000);

  it("two completions of one request at once refund it once", async () => {
    const admin = await makeCustomer(db(), { role: "admin" });
    const who = await makeCustomer(db(), { address: HOUSTON });
    const { orderId, sku } = await boughtOrder(db(), who, admin, { quantity: 1 });
    const { afterSaleId } = dataOf(await applyAs(who, { orderId, skuNum: sku }));
    const asAdmin = (path: string, body: unknown) => apiRequest("POST", `/api/v1/admin/after-sale/${path}`, body, { token: admin.token });
    dataOf(await read(await approveRoute(asAdmin("approve", { afterSaleId }))));
    await submitTracking(who, afterSaleId);
    dataOf(await read(await receiveRoute(asAdmin("receive", { afterSaleId }))));

    const answers = await Promise.all([
      read(await completeRoute(asAdmin("complete", { afterSaleId }))),
      read(await completeRoute(asAdmin("complete", { afterSaleId }))),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const [request] = await db().db.select().from(afterSaleRequests).where(eq(afterSaleRequests.id, afterSaleId));
    const [order] = await db().db.select().from(orders).where(eq(orders.id, orderId));
    const [payment] = await db().db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(request?.refundedCents).toBeGreaterThan(0);
    expect(order?.refundedCents).toBe(request?.refundedCents);
    expect(payment?.refundedCents).toBe(request?.refundedCents);
    await expectShopInvariants(db());
  }, 60_000);
});
