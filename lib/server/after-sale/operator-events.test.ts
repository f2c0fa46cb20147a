// @vitest-environment node
import { expect, it } from "vitest";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { dataOf, read } from "@/test/support/answer";
import { applyAs, boughtOrder } from "@/test/support/after-sale";
import { apiRequest, HOUSTON, makeCustomer } from "@/test/support/shop";
import { POST as approveRoute } from "@/app/api/v1/admin/after-sale/approve/route";
import { operatorAfterSaleEvents } from "./operator-events";

describeEachEngine("after-sale timeline for operators on $name", (engine) => {
  const db = databaseForSuite(engine);

  it("names who did each step, and is for operators only", async () => {
    const admin = await makeCustomer(db(), { role: "admin" });
    const who = await makeCustomer(db(), { address: HOUSTON });
    const { orderId, sku } = await boughtOrder(db(), who, admin, { until: "shipped" });
    const { afterSaleId } = dataOf(await applyAs(who, { orderId, skuNum: sku }));
    expect(
      (await read(await approveRoute(apiRequest("POST", "/api/v1/admin/after-sale/approve", { afterSaleId }, { token: admin.token }))))
        .status,
    ).toBe(200);

    const events = await operatorAfterSaleEvents({ role: "admin" }, afterSaleId);
    expect(events.map(({ type, actor, by }) => ({ type, actor, by }))).toEqual([
      { type: "pending_review", actor: "customer", by: who.email },
      { type: "approved", actor: "admin", by: admin.email },
    ]);
    await expect(operatorAfterSaleEvents({ role: "customer" }, afterSaleId)).rejects.toMatchObject({ code: 403 });
  });
});
