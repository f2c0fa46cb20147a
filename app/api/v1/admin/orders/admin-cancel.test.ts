// @vitest-environment node
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { orderEvents, orders, products } from "@/lib/db/schema";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { operatorOrderSchema } from "@/lib/schemas/operator-order";
import { readMail } from "@/lib/server/mail/outbox-reader";
import { deliveredMailTo } from "@/test/support/mail";
import { dataOf, read } from "@/test/support/answer";
import { buyNowAs, payFor } from "@/test/support/money";
import { apiRequest, expectShopInvariants, HOUSTON, makeCustomer, makeProduct, type Customer } from "@/test/support/shop";
import { GET as customerGet } from "../../c/merchandise/order/get/route";
import { POST as ship } from "./ship/route";
import { POST as cancel } from "./cancel/route";

const outbox = path.resolve(".data/outbox");

describeEachEngine("operator cancel on $name", (engine) => {
  const db = databaseForSuite(engine);

  async function order(who: Customer, sku: string, pay: boolean): Promise<string> {
    const { orderId } = dataOf(await buyNowAs(who, sku, 2));
    if (pay) await payFor(who, orderId);
    return orderId;
  }

  const cancelAs = async (who: Customer | null, body: unknown) =>
    read(await cancel(apiRequest("POST", "/api/v1/admin/orders/cancel", body, { token: who?.token ?? null })));

  async function stockOf(sku: string): Promise<number | undefined> {
    const [row] = await db().db.select({ stock: products.stock }).from(products).where(eq(products.sku, sku));
    return row?.stock;
  }

  it("cancels a paid order with a full refund, gives the stock back, records the operator and tells the customer", async () => {
    const admin = await makeCustomer(db(), { role: "admin" });
    const who = await makeCustomer(db(), { address: HOUSTON });
    const sku = await makeProduct(db(), { stock: 10 });
    const orderId = await order(who, sku, true);
    expect(await stockOf(sku)).toBe(8);

    const cancelled = operatorOrderSchema.parse(dataOf(await cancelAs(admin, { orderId, reason: "  Out of stock at the warehouse " })));
    expect(cancelled).toMatchObject({ status: "cancelled", refunded: cancelled.total, canCancel: false, customer: { id: who.id } });
    expect(await stockOf(sku)).toBe(10);
    const events = await db().db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.find((event) => event.type === "cancelled")).toMatchObject({
      actor: "admin",
      actorUserId: admin.id,
      note: "Out of stock at the warehouse",
    });
    expect(events.find((event) => event.type === "refunded")).toMatchObject({ actor: "admin", actorUserId: admin.id });
    await expect.poll(async () => readMail((await deliveredMailTo(outbox, who.email)) ?? "").subject ?? "").toMatch(/cancel/i);

    // The customer sees the cancelled, refunded order at once.
    const seen = await read(
      await customerGet(apiRequest("GET", `/api/v1/c/merchandise/order/get?orderId=${orderId}`, undefined, { token: who.token })),
    );
    expect(dataOf(seen)).toMatchObject({ status: "cancelled", refunded: cancelled.total });
    expect((await cancelAs(admin, { orderId, reason: "Again" })).body.errmsg).toBe("This order is already cancelled.");
    await expectShopInvariants(db());
  });

  it("cancels an unpaid order without a refund, and refuses a shipped one", async () => {
    const admin = await makeCustomer(db(), { role: "admin" });
    const who = await makeCustomer(db(), { address: HOUSTON });
    const sku = await makeProduct(db(), { stock: 10 });
    const unpaid = await order(who, sku, false);
    expect(dataOf(await cancelAs(admin, { orderId: unpaid, reason: "Customer asked by phone" }))).toMatchObject({
      status: "cancelled",
      refunded: "0.00",
    });

    const paid = await order(who, sku, true);
    expect(
      (
        await read(
          await ship(
            apiRequest(
              "POST",
              "/api/v1/admin/orders/ship",
              { orderId: paid, carrier: "UPS", trackingNumber: "1Z999AA1" },
              { token: admin.token },
            ),
          ),
        )
      ).status,
    ).toBe(200);
    const refused = await cancelAs(admin, { orderId: paid, reason: "Too late" });
    expect(refused.status).toBe(409);
    const [row] = await db().db.select({ status: orders.status }).from(orders).where(eq(orders.id, paid));
    expect(row?.status).toBe("shipped");
    expect((await cancelAs(admin, { orderId: randomUUID(), reason: "Unknown" })).status).toBe(404);
  });

  it("answers 401 without a session, 403 for a customer, and names bad fields", async () => {
    const who = await makeCustomer(db(), { address: HOUSTON });
    const orderId = await order(who, await makeProduct(db()), true);
    expect((await cancelAs(null, { orderId, reason: "x" })).status).toBe(401);
    const forbidden = await cancelAs(who, { orderId, reason: "x" });
    expect(forbidden.status).toBe(403);
    const [row] = await db().db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    expect(row?.status).toBe("paid");

    const admin = await makeCustomer(db(), { role: "admin" });
    const noReason = await cancelAs(admin, { orderId, reason: "   " });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors).toEqual([{ path: "reason", message: "Enter the reason." }]);
    expect((await cancelAs(admin, { orderId: "42", reason: "x" })).body.errors).toEqual([{ path: "orderId", message: "Unknown order." }]);
    expect((await cancelAs(admin, { orderId, reason: "x", refund: false })).status).toBe(422);
  });
});
