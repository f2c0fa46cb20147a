// @vitest-environment node
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { AFTER_SALE_REASONS } from "@/lib/config/after-sale";
import { orders } from "@/lib/db/schema";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { afterSaleListSchema, afterSaleSchema, type AfterSale } from "@/lib/schemas/after-sale";
import { orderSchema } from "@/lib/schemas/order";
import { applyAs, boughtOrder, mailsTo } from "@/test/support/after-sale";
import { dataOf, read } from "@/test/support/answer";
import { apiRequest, expectShopInvariants, HOUSTON, makeCustomer, type Customer } from "@/test/support/shop";
import { POST as approveRoute } from "../../../admin/after-sale/approve/route";
import { POST as rejectRoute } from "../../../admin/after-sale/reject/route";
import { POST as receiveRoute } from "../../../admin/after-sale/receive/route";
import { GET as orderGetRoute } from "../../merchandise/order/get/route";
import { GET as listRoute } from "../../merchandise/afterSale/list/route";
import { POST as trackRoute } from "../../merchandise/order/afterSale/trackNumber/submit/route";
import { GET as getRoute } from "./get/route";
import { POST as cancelRoute } from "./cancel/route";

describeEachEngine("customer after-sale calls on $name", (engine) => {
  const db = databaseForSuite(engine);

  const getAs = async (who: Customer | null, afterSaleId: string) =>
    read<AfterSale>(
      await getRoute(
        apiRequest("GET", `/api/v1/c/order/afterSale/get?afterSaleId=${afterSaleId}`, undefined, { token: who?.token ?? null }),
      ),
    );
  const listAs = async (who: Customer | null, query = "") =>
    read(await listRoute(apiRequest("GET", `/api/v1/c/merchandise/afterSale/list${query}`, undefined, { token: who?.token ?? null })));
  const trackAs = async (who: Customer | null, body: unknown) =>
    read<AfterSale>(
      await trackRoute(apiRequest("POST", "/api/v1/c/merchandise/order/afterSale/trackNumber/submit", body, { token: who?.token ?? null })),
    );
  const cancelAs = async (who: Customer | null, afterSaleId: string) =>
    read<AfterSale>(
      await cancelRoute(apiRequest("POST", "/api/v1/c/order/afterSale/cancel", { afterSaleId }, { token: who?.token ?? null })),
    );
  const orderOf = async (who: Customer, orderId: string) =>
    orderSchema.parse(
      dataOf(
        await read(
          await orderGetRoute(apiRequest("GET", `/api/v1/c/merchandise/order/get?orderId=${orderId}`, undefined, { token: who.token })),
        ),
      ),
    );
  const approve = async (admin: Customer, afterSaleId: string) =>
    dataOf(await read(await approveRoute(apiRequest("POST", "/api/v1/admin/after-sale/approve", { afterSaleId }, { token: admin.token }))));

  async function people() {
    return { admin: await makeCustomer(db(), { role: "admin" }), who: await makeCustomer(db(), { address: HOUSTON }) };
  }

  it("opens a request for a delivered item: pending review, refund amount = price × quantity + tax share, e-mail, order's remaining units go down", async () => {
    const { admin, who } = await people();
    const { orderId, sku } = await boughtOrder(db(), who, admin, { quantity: 3 });
    const before = await orderOf(who, orderId);
    expect(before).toMatchObject({ canApplyAfterSale: true, afterSaleRemaining: { [sku]: 3 } });

    const { afterSaleId } = dataOf(
      await applyAs(who, { orderId, skuNum: sku, quantity: 2, type: "return", description: "  Two of them leak at the seal.  " }),
    );
    const [order] = await db().db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw new Error("no order");
    const expectedCents = 4000 + Math.floor((order.taxCents * 4000) / order.subtotalCents);
    expect(order.taxCents).toBeGreaterThan(0);

    const request = afterSaleSchema.parse(dataOf(await getAs(who, afterSaleId)));
    expect(request).toMatchObject({
      afterSaleId,
      orderId,
      skuNum: sku,
      quantity: 2,
      type: "return",
      reason: "Damaged on arrival",
      description: "Two of them leak at the seal.",
      status: "pending_review",
      refundAmount: `${Math.floor(expectedCents / 100)}.${String(expectedCents % 100).padStart(2, "0")}`,
      refunded: "0.00",
      returnAddress: null,
      canCancel: true,
      canSubmitTracking: false,
    });
    expect(request.timeline.map((event) => [event.type, event.actor])).toEqual([["pending_review", "customer"]]);
    expect((await orderOf(who, orderId)).afterSaleRemaining).toEqual({ [sku]: 1 });

    const mails = await mailsTo(who.email);
    const received = mails.find((mail) => mail.subject === "Your Lenwell return request was received");
    expect(received?.text).toContain(afterSaleId);
  });

  it("refuses a request for an order not yet shipped (409), another customer's order (404), an item not in the order, bad fields (422) and no session (401)", async () => {
    const { admin, who } = await people();
    const paid = await boughtOrder(db(), who, admin, { until: "paid" });
    const notYet = await applyAs(who, { orderId: paid.orderId, skuNum: paid.sku });
    expect(notYet.status).toBe(409);
    expect(notYet.body.errmsg).toBe("After-sale service is available once an order has shipped.");
    expect((await orderOf(who, paid.orderId)).canApplyAfterSale).toBe(false);

    const shipped = await boughtOrder(db(), who, admin, { until: "shipped" });
    const other = await makeCustomer(db());
    expect((await applyAs(other, { orderId: shipped.orderId, skuNum: shipped.sku })).status).toBe(404);
    expect((await applyAs(who, { orderId: randomUUID(), skuNum: shipped.sku })).status).toBe(404);
    expect((await applyAs(who, { orderId: shipped.orderId, skuNum: paid.sku })).status).toBe(422);
    expect((await applyAs(who, { orderId: shipped.orderId, skuNum: shipped.sku, reason: "I changed my mind" })).status).toBe(422);
    expect((await applyAs(who, { orderId: shipped.orderId, skuNum: shipped.sku, type: "swap" })).status).toBe(422);
    expect((await applyAs(who, { orderId: shipped.orderId, skuNum: shipped.sku, description: "  broken  " })).status).toBe(422);
    expect((await applyAs(who, { orderId: shipped.orderId, skuNum: shipped.sku, description: "x".repeat(1001) })).status).toBe(422);
    expect((await applyAs(who, { orderId: shipped.orderId, skuNum: shipped.sku, quantity: 0 })).status).toBe(422);
    expect((await applyAs(null, { orderId: shipped.orderId, skuNum: shipped.sku })).status).toBe(401);
    // Every listed reason is accepted, on a shipped order too.
    expect(AFTER_SALE_REASONS).toContain("Other");
    dataOf(await applyAs(who, { orderId: shipped.orderId, skuNum: shipped.sku, reason: "Other", type: "repair" }));
  });

  it("allows at most the units bought minus open or completed requests; rejected and cancelled requests give theirs back", async () => {
    const { admin, who } = await people();
    const { orderId, sku } = await boughtOrder(db(), who, admin, { quantity: 2 });
    const first = dataOf(await applyAs(who, { orderId, skuNum: sku, quantity: 2 }));
    const tooMany = await applyAs(who, { orderId, skuNum: sku, quantity: 1 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.errmsg).toBe("Every unit of this item is already in an after-sale request.");
    expect(await orderOf(who, orderId)).toMatchObject({ canApplyAfterSale: false, afterSaleRemaining: { [sku]: 0 } });

    dataOf(await cancelAs(who, first.afterSaleId));
    const second = dataOf(await applyAs(who, { orderId, skuNum: sku, quantity: 1, type: "exchange", reason: "Wrong item" }));
    const partly = await applyAs(who, { orderId, skuNum: sku, quantity: 2 });
    expect(partly.status).toBe(409);
    expect(partly.body.errmsg).toBe("You can ask for at most 1 of this item (the rest is already in an after-sale request).");

    dataOf(
      await read(
        await rejectRoute(
          apiRequest(
            "POST",
            "/api/v1/admin/after-sale/reject",
            { afterSaleId: second.afterSaleId, reason: "Photos show no fault." },
            { token: admin.token },
          ),
        ),
      ),
    );
    dataOf(await applyAs(who, { orderId, skuNum: sku, quantity: 2 }));
    expect((await orderOf(who, orderId)).afterSaleRemaining).toEqual({ [sku]: 0 });
  });

  it("lets only one of two requests at once for the last unit through (the PostgreSQL race is in after-sale-concurrency.test.ts)", async () => {
    const { admin, who } = await people();
    const { orderId, sku } = await boughtOrder(db(), who, admin, { quantity: 1 });
    const answers = await Promise.all([applyAs(who, { orderId, skuNum: sku }), applyAs(who, { orderId, skuNum: sku, type: "refund" })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const listed = afterSaleListSchema.parse(dataOf(await listAs(who)));
    expect(listed.list.filter((request) => request.orderId === orderId)).toHaveLength(1);
  });

  it("lists the customer's own requests newest first, by status and by page; another customer's request answers 404", async () => {
    const { admin, who } = await people();
    const { orderId, sku } = await boughtOrder(db(), who, admin, { quantity: 3 });
    const a = dataOf(await applyAs(who, { orderId, skuNum: sku }));
    const b = dataOf(await applyAs(who, { orderId, skuNum: sku, type: "repair", reason: "Stopped working" }));
    const c = dataOf(await applyAs(who, { orderId, skuNum: sku, type: "exchange" }));
    dataOf(await cancelAs(who, b.afterSaleId));

    const all = afterSaleListSchema.parse(dataOf(await listAs(who)));
    expect(all.total).toBe(3);
    expect(all.list.map((request) => request.afterSaleId)).toEqual([c.afterSaleId, b.afterSaleId, a.afterSaleId]);
    const cancelled = afterSaleListSchema.parse(dataOf(await listAs(who, "?status=cancelled")));
    expect(cancelled).toMatchObject({ total: 1, list: [{ afterSaleId: b.afterSaleId, status: "cancelled", canCancel: false }] });
    const page2 = afterSaleListSchema.parse(dataOf(await listAs(who, "?page=2&pageSize=2")));
    expect(page2.list.map((request) => request.afterSaleId)).toEqual([a.afterSaleId]);
    expect((await listAs(who, "?status=lost")).status).toBe(422);
    expect((await listAs(null)).status).toBe(401);

    const other = await makeCustomer(db());
    expect(afterSaleListSchema.parse(dataOf(await listAs(other)))).toEqual({ list: [], total: 0 });
    const foreign = await getAs(other, a.afterSaleId);
    expect(foreign.status).toBe(404);
    expect(foreign.body.errmsg).toBe("This after-sale request does not exist.");
    expect((await getAs(who, randomUUID())).status).toBe(404);
    expect((await getAs(who, "12")).status).toBe(422);
  });

  it("takes carrier and tracking number only once approved (→ returning), and only from the request's customer", async () => {
    const { admin, who } = await people();
    const { orderId, sku } = await boughtOrder(db(), who, admin);
    const { afterSaleId } = dataOf(await applyAs(who, { orderId, skuNum: sku }));
    const early = await trackAs(who, { afterSaleId, carrier: "UPS", trackNumber: "1Z12345E0205271688" });
    expect(early.status).toBe(409);
    expect(early.body.errmsg).toBe(
      "The tracking number can only be entered once the request is approved and before the goods are received.",
    );

    await approve(admin, afterSaleId);
    const approved = afterSaleSchema.parse(dataOf(await getAs(who, afterSaleId)));
    expect(approved).toMatchObject({ status: "approved", canSubmitTracking: true, canCancel: true });
    expect(approved.returnAddress).toContain("Houston, TX");

    const other = await makeCustomer(db());
    expect((await trackAs(other, { afterSaleId, carrier: "UPS", trackNumber: "1Z12345E0205271688" })).status).toBe(404);
    expect((await trackAs(who, { afterSaleId, carrier: "", trackNumber: "1Z12345E0205271688" })).status).toBe(422);
    expect((await trackAs(who, { afterSaleId, carrier: "UPS", trackNumber: "#1" })).status).toBe(422);
    expect((await trackAs(null, { afterSaleId, carrier: "UPS", trackNumber: "1Z12345E0205271688" })).status).toBe(401);

    const returning = afterSaleSchema.parse(
      dataOf(await trackAs(who, { afterSaleId, carrier: " UPS ", trackNumber: "1Z12345E0205271688" })),
    );
    expect(returning).toMatchObject({
      status: "returning",
      carrier: "UPS",
      trackNumber: "1Z12345E0205271688",
      canSubmitTracking: false,
      canCancel: true,
    });
    expect(returning.timeline.map((event) => [event.type, event.actor])).toEqual([
      ["pending_review", "customer"],
      ["approved", "admin"],
      ["returning", "customer"],
    ]);
    expect((await trackAs(who, { afterSaleId, carrier: "UPS", trackNumber: "1Z12345E0205271699" })).status).toBe(409);
  });

  it("cancels while pending, approved or returning, never once the goods are received, twice, or someone else's", async () => {
    const { admin, who } = await people();
    const { orderId, sku } = await boughtOrder(db(), who, admin, { quantity: 4 });
    const pending = dataOf(await applyAs(who, { orderId, skuNum: sku }));
    const approvedOne = dataOf(await applyAs(who, { orderId, skuNum: sku }));
    const returningOne = dataOf(await applyAs(who, { orderId, skuNum: sku }));
    const receivedOne = dataOf(await applyAs(who, { orderId, skuNum: sku }));
    for (const id of [approvedOne.afterSaleId, returningOne.afterSaleId, receivedOne.afterSaleId]) await approve(admin, id);
    for (const id of [returningOne.afterSaleId, receivedOne.afterSaleId]) {
      dataOf(await trackAs(who, { afterSaleId: id, carrier: "UPS", trackNumber: "1Z12345E0205271688" }));
    }
    dataOf(
      await read(
        await receiveRoute(
          apiRequest("POST", "/api/v1/admin/after-sale/receive", { afterSaleId: receivedOne.afterSaleId }, { token: admin.token }),
        ),
      ),
    );

    const other = await makeCustomer(db());
    expect((await cancelAs(other, pending.afterSaleId)).status).toBe(404);
    expect((await cancelAs(null, pending.afterSaleId)).status).toBe(401);
    for (const { afterSaleId } of [pending, approvedOne, returningOne]) {
      const cancelled = afterSaleSchema.parse(dataOf(await cancelAs(who, afterSaleId)));
      expect(cancelled).toMatchObject({ status: "cancelled", canCancel: false, canSubmitTracking: false });
      expect(cancelled.timeline.at(-1)).toMatchObject({ type: "cancelled", actor: "customer" });
    }
    const again = await cancelAs(who, pending.afterSaleId);
    expect(again.status).toBe(409);
    expect(again.body.errmsg).toBe("This request is already cancelled.");
    const late = await cancelAs(who, receivedOne.afterSaleId);
    expect(late.status).toBe(409);
    expect(late.body.errmsg).toBe("The goods have already been received, so the request can no longer be cancelled.");
    expect((await orderOf(who, orderId)).afterSaleRemaining).toEqual({ [sku]: 3 });
    await expectShopInvariants(db());
  });
});
