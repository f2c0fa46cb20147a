// @vitest-environment node
import { expect, it } from "vitest";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { applyAs, boughtOrder } from "@/test/support/after-sale";
import { dataOf, read } from "@/test/support/answer";
import { apiRequest, HOUSTON, makeCustomer } from "@/test/support/shop";
import { POST as buyNowRoute } from "@/app/api/v1/c/merchandise/order/add/route";
import { listPurchasedDevices } from "./devices";

describeEachEngine("the devices a repair request can be about, on $name", (engine) => {
  const db = databaseForSuite(engine);

  it("lists the customer's shipped and delivered lines of the product with the units no request holds", async () => {
    const admin = await makeCustomer(db(), { role: "admin" });
    const who = await makeCustomer(db(), { address: HOUSTON });
    const delivered = await boughtOrder(db(), who, admin, { quantity: 2 });
    const sku = delivered.sku;
    // Not yet shipped: not a device the customer has in hand.
    const unpaid = await read<{ orderId: string }>(
      await buyNowRoute(apiRequest("POST", "/api/v1/c/merchandise/order/add", { skuNum: sku, quantity: 1 }, { token: who.token })),
    );
    expect(unpaid.status).toBe(200);

    const before = await listPurchasedDevices(who.id, sku);
    expect(before).toEqual([
      expect.objectContaining({
        orderId: delivered.orderId,
        skuNum: sku,
        quantity: 2,
        remaining: 2,
        deliveredAt: expect.any(String) as string,
      }),
    ]);

    dataOf(await applyAs(who, { orderId: delivered.orderId, skuNum: sku, quantity: 1, type: "repair", reason: "Stopped working" }));
    expect((await listPurchasedDevices(who.id, sku)).map((device) => device.remaining)).toEqual([1]);

    const shippedOnly = await boughtOrder(db(), who, admin, { until: "shipped" });
    expect(await listPurchasedDevices(who.id, shippedOnly.sku)).toEqual([
      expect.objectContaining({ orderId: shippedOnly.orderId, remaining: 1, deliveredAt: null }),
    ]);
  });

  it("shows nothing of another customer's purchases, nor of a paid order not shipped", async () => {
    const admin = await makeCustomer(db(), { role: "admin" });
    const owner = await makeCustomer(db(), { address: HOUSTON });
    const other = await makeCustomer(db(), { address: HOUSTON });
    const delivered = await boughtOrder(db(), owner, admin);
    const paid = await boughtOrder(db(), owner, admin, { until: "paid" });

    expect(await listPurchasedDevices(other.id, delivered.sku)).toEqual([]);
    expect(await listPurchasedDevices(owner.id, paid.sku)).toEqual([]);
  });
});
