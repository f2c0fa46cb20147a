// @vitest-environment node
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { dataOf, read } from "@/test/support/answer";
import { apiRequest, HOUSTON, makeCustomer, makeProduct } from "@/test/support/shop";
import { POST as buyNowRoute } from "@/app/api/v1/c/merchandise/order/add/route";
import { POST as payRoute } from "@/app/api/v1/c/merchandise/order/payment/route";
import { POST as applyRoute } from "@/app/api/v1/c/order/afterSale/apply/route";
import { POST as shipRoute } from "@/app/api/v1/admin/orders/ship/route";
import { POST as approveRoute } from "@/app/api/v1/admin/after-sale/approve/route";
import { adminAfterSaleEvents } from "./admin-events";

describeEachEngine("after-sale timeline for operators on $name", (engine) => {
  const db = databaseForSuite(engine);

  it("names who did each step, and is for operators only", async () => {
    const admin = await makeCustomer(db(), { role: "admin" });
    const who = await makeCustomer(db(), { address: HOUSTON });
    const sku = await makeProduct(db(), { stock: 5 });
    const { orderId } = dataOf(
      await read<{ orderId: string }>(
        await buyNowRoute(apiRequest("POST", "/api/v1/c/merchandise/order/add", { skuNum: sku, quantity: 1 }, { token: who.token })),
      ),
    );
    const card = { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123", name: "Ada" };
    expect(
      (
        await read(
          await payRoute(
            apiRequest(
              "POST",
              "/api/v1/c/merchandise/order/payment",
              { orderId, card, idempotencyKey: randomUUID() },
              { token: who.token },
            ),
          ),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await read(
          await shipRoute(
            apiRequest(
              "POST",
              "/api/v1/admin/orders/ship",
              { orderId, carrier: "UPS", trackingNumber: "1Z999AA1" },
              { token: admin.token },
            ),
          ),
        )
      ).status,
    ).toBe(200);
    const applied = await read<{ afterSaleId: string }>(
      await applyRoute(
        apiRequest(
          "POST",
          "/api/v1/c/order/afterSale/apply",
          { orderId, skuNum: sku, quantity: 1, type: "return", reason: "Damaged on arrival", description: "The housing is cracked." },
          { token: who.token },
        ),
      ),
    );
    const { afterSaleId } = dataOf(applied);
    expect(
      (await read(await approveRoute(apiRequest("POST", "/api/v1/admin/after-sale/approve", { afterSaleId }, { token: admin.token }))))
        .status,
    ).toBe(200);

    const events = await adminAfterSaleEvents({ role: "admin" }, afterSaleId);
    expect(events.map(({ type, actor, by }) => ({ type, actor, by }))).toEqual([
      { type: "pending_review", actor: "customer", by: who.email },
      { type: "approved", actor: "admin", by: admin.email },
    ]);
    await expect(adminAfterSaleEvents({ role: "customer" }, afterSaleId)).rejects.toMatchObject({ code: 403 });
  });
});
