// @vitest-environment node
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { RETURN_ADDRESS } from "@/lib/config/after-sale";
import { afterSaleEvents, orders, payments } from "@/lib/db/schema";
import { afterSaleNumber } from "@/lib/display/after-sale-display";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { amountToCents, formatUsd } from "@/lib/rules/money";
import { operatorAfterSaleListSchema, operatorAfterSaleSchema, afterSaleSchema, type OperatorAfterSale } from "@/lib/schemas/after-sale";
import { orderSchema } from "@/lib/schemas/order";
import { applyAs, boughtOrder, mailsTo, submitTracking } from "@/test/support/after-sale";
import { dataOf, read } from "@/test/support/answer";
import { apiRequest, expectShopInvariants, HOUSTON, makeCustomer, type Customer } from "@/test/support/shop";
import { GET as customerGet } from "../../c/order/afterSale/get/route";
import { GET as orderGet } from "../../c/merchandise/order/get/route";
import { GET as listRoute } from "./list/route";
import { GET as getRoute } from "./get/route";
import { POST as approveRoute } from "./approve/route";
import { POST as rejectRoute } from "./reject/route";
import { POST as receiveRoute } from "./receive/route";
import { POST as completeRoute } from "./complete/route";

describeEachEngine("operator after-sale calls on $name", (engine) => {
  const db = databaseForSuite(engine);

  const post = (route: (request: Request) => Promise<Response>, path: string) => async (who: Customer | null, body: unknown) =>
    read<OperatorAfterSale>(await route(apiRequest("POST", `/api/v1/admin/after-sale/${path}`, body, { token: who?.token ?? null })));
  const approveAs = post(approveRoute, "approve");
  const rejectAs = post(rejectRoute, "reject");
  const receiveAs = post(receiveRoute, "receive");
  const completeAs = post(completeRoute, "complete");
  const listAs = async (who: Customer | null, query = "") =>
    read(await listRoute(apiRequest("GET", `/api/v1/admin/after-sale/list${query}`, undefined, { token: who?.token ?? null })));
  const getAs = async (who: Customer | null, afterSaleId: string) =>
    read(
      await getRoute(
        apiRequest("GET", `/api/v1/admin/after-sale/get?afterSaleId=${afterSaleId}`, undefined, { token: who?.token ?? null }),
      ),
    );
  const track = (who: Customer, afterSaleId: string) => submitTracking(who, afterSaleId, "FedEx", "7712 3456 7890");
  const orderOf = async (who: Customer, orderId: string) =>
    orderSchema.parse(
      dataOf(
        await read(
          await orderGet(apiRequest("GET", `/api/v1/c/merchandise/order/get?orderId=${orderId}`, undefined, { token: who.token })),
        ),
      ),
    );

  async function people() {
    return { admin: await makeCustomer(db(), { role: "admin" }), who: await makeCustomer(db(), { address: HOUSTON }) };
  }

  /** A request taken as far as `until` through the real calls. */
  async function requestAt(
    admin: Customer,
    who: Customer,
    orderId: string,
    sku: string,
    type: string,
    until: "pending_review" | "approved" | "returning" | "received",
  ) {
    const { afterSaleId } = dataOf(await applyAs(who, { orderId, skuNum: sku, type }));
    if (until === "pending_review") return afterSaleId;
    dataOf(await approveAs(admin, { afterSaleId }));
    if (until === "approved") return afterSaleId;
    await track(who, afterSaleId);
    if (until === "returning") return afterSaleId;
    dataOf(await receiveAs(admin, { afterSaleId }));
    return afterSaleId;
  }

  it("takes a return from approval to a refund: the customer sees each step, the card is refunded, the order records it, an e-mail goes at each step", async () => {
    const { admin, who } = await people();
    const { orderId, sku } = await boughtOrder(db(), who, admin, { quantity: 2 });
    const { afterSaleId } = dataOf(await applyAs(who, { orderId, skuNum: sku, type: "return", reason: "Not as described" }));

    const approved = operatorAfterSaleSchema.parse(dataOf(await approveAs(admin, { afterSaleId })));
    expect(approved).toMatchObject({ status: "approved", returnAddress: RETURN_ADDRESS, customer: { id: who.id, email: who.email } });
    expect(
      afterSaleSchema.parse(
        dataOf(
          await read(
            await customerGet(
              apiRequest("GET", `/api/v1/c/order/afterSale/get?afterSaleId=${afterSaleId}`, undefined, { token: who.token }),
            ),
          ),
        ),
      ),
    ).toMatchObject({
      status: "approved",
      returnAddress: RETURN_ADDRESS,
      canSubmitTracking: true,
    });
    await track(who, afterSaleId);
    expect(operatorAfterSaleSchema.parse(dataOf(await receiveAs(admin, { afterSaleId })))).toMatchObject({
      status: "received",
      canCancel: false,
    });

    const completed = operatorAfterSaleSchema.parse(dataOf(await completeAs(admin, { afterSaleId })));
    expect(completed.status).toBe("completed");
    expect(completed.refunded).toBe(completed.refundAmount);
    const refundCents = amountToCents(completed.refundAmount);
    expect(refundCents).toBeGreaterThan(2000);
    expect(completed.timeline.map((event) => [event.type, event.actor])).toEqual([
      ["pending_review", "customer"],
      ["approved", "admin"],
      ["returning", "customer"],
      ["received", "admin"],
      ["refunded", "admin"],
      ["completed", "admin"],
    ]);
    const events = await db().db.select().from(afterSaleEvents).where(eq(afterSaleEvents.afterSaleId, afterSaleId));
    expect(events.filter((event) => event.actor === "admin").every((event) => event.actorUserId === admin.id)).toBe(true);

    const order = await orderOf(who, orderId);
    expect(order.status).toBe("delivered");
    expect(amountToCents(order.refunded)).toBe(refundCents);
    expect(order.timeline.map((event) => event.type).slice(-2)).toEqual(["refunded", "after_sale_completed"]);
    // Money with its currency, the request by its number as the request page shows it.
    const refunded = formatUsd(refundCents);
    expect(order.timeline.at(-2)?.note).toMatch(/^\$[\d,]+\.\d{2} refunded to \w+ ending \d{4}$/);
    expect(order.timeline.at(-2)?.note?.startsWith(`${refunded} refunded to `)).toBe(true);
    expect(order.timeline.at(-1)?.note).toBe(
      `Return request ${afterSaleNumber(afterSaleId)}: ${completed.quantity} × ${completed.name}, ${refunded} refunded`,
    );
    expect(completed.timeline.find((event) => event.type === "refunded")?.note).toBe(refunded);
    expect(completed.timeline.find((event) => event.type === "approved")?.note).toBeNull();
    const [payment] = await db().db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ refundedCents: refundCents, status: "partially_refunded" });

    // One e-mail at each step (the order they arrive in is the mail system's, as anywhere).
    const subjects = (await mailsTo(who.email)).map((mail) => mail.subject).filter((subject) => subject.includes("return request"));
    expect(subjects.sort()).toEqual(
      [
        "Your Lenwell return request was received",
        "Your Lenwell return request was approved",
        "Your Lenwell return request: goods received",
        "Your Lenwell return request: refund issued",
        "Your Lenwell return request is complete",
      ].sort(),
    );
    const mails = await mailsTo(who.email);
    expect(mails.find((mail) => mail.subject.endsWith("was approved"))?.text).toContain(RETURN_ADDRESS);
    expect(mails.find((mail) => mail.subject.endsWith("refund issued"))?.text).toContain(`$${completed.refundAmount}`);
    await expectShopInvariants(db());
  });

  it("returning everything refunds the whole merchandise and tax; the order becomes refunded when nothing is left", async () => {
    const { admin, who } = await people();
    const { orderId, sku } = await boughtOrder(db(), who, admin, { quantity: 1 });
    const afterSaleId = await requestAt(admin, who, orderId, sku, "refund", "received");
    const [before] = await db().db.select().from(orders).where(eq(orders.id, orderId));
    if (!before) throw new Error("no order");
    const completed = operatorAfterSaleSchema.parse(dataOf(await completeAs(admin, { afterSaleId })));
    expect(amountToCents(completed.refunded)).toBe(before.subtotalCents + before.taxCents);
    const [after] = await db().db.select().from(orders).where(eq(orders.id, orderId));
    expect(after?.refundedCents).toBe(before.subtotalCents + before.taxCents);
    // Shipping is kept, so the order is refunded only in part.
    expect(after?.status).toBe(before.shippingCents > 0 ? "delivered" : "refunded");
    await expectShopInvariants(db());
  });

  it("completes an exchange without a refund, a repair with the amount the operator states, and refuses more than the request's amount", async () => {
    const { admin, who } = await people();
    const { orderId, sku } = await boughtOrder(db(), who, admin, { quantity: 3 });
    const exchange = await requestAt(admin, who, orderId, sku, "exchange", "received");
    const done = operatorAfterSaleSchema.parse(dataOf(await completeAs(admin, { afterSaleId: exchange })));
    expect(done).toMatchObject({ status: "completed", refunded: "0.00" });
    expect(done.timeline.map((event) => event.type)).not.toContain("refunded");
    expect((await orderOf(who, orderId)).refunded).toBe("0.00");
    expect((await mailsTo(who.email)).map((mail) => mail.subject)).not.toContain("Your Lenwell exchange request: refund issued");

    const repair = await requestAt(admin, who, orderId, sku, "repair", "received");
    const tooMuch = await completeAs(admin, { afterSaleId: repair, refundAmount: "999.00" });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.errmsg).toMatch(/^The refund can be at most \$\d+\.\d{2}\.$/);
    expect((await completeAs(admin, { afterSaleId: repair, refundAmount: "5" })).status).toBe(422);
    const repaired = operatorAfterSaleSchema.parse(dataOf(await completeAs(admin, { afterSaleId: repair, refundAmount: "5.00" })));
    expect(repaired).toMatchObject({ status: "completed", refunded: "5.00" });
    expect((await orderOf(who, orderId)).refunded).toBe("5.00");
    // The completed exchange keeps its unit; a finished repair hands its unit back: two of three are left.
    expect((await orderOf(who, orderId)).afterSaleRemaining).toEqual({ [sku]: 2 });
    await expectShopInvariants(db());
  });

  it("rejects a pending request with a reason the customer is told; a request moves only from the right state (409)", async () => {
    const { admin, who } = await people();
    const { orderId, sku } = await boughtOrder(db(), who, admin, { quantity: 4 });
    const pending = await requestAt(admin, who, orderId, sku, "return", "pending_review");
    expect((await rejectAs(admin, { afterSaleId: pending, reason: "  " })).status).toBe(422);
    const rejected = operatorAfterSaleSchema.parse(
      dataOf(await rejectAs(admin, { afterSaleId: pending, reason: "The seal was opened and used." })),
    );
    expect(rejected).toMatchObject({ status: "rejected", rejectReason: "The seal was opened and used.", canCancel: false });
    const mail = (await mailsTo(who.email)).find((sent) => sent.subject === "Your Lenwell return request was declined");
    expect(mail?.text).toContain("Reason: The seal was opened and used.");

    const refusedMessage = "Only a request waiting for review can be approved or rejected.";
    for (const call of [approveAs(admin, { afterSaleId: pending }), rejectAs(admin, { afterSaleId: pending, reason: "Again" })]) {
      const answer = await call;
      expect(answer.status).toBe(409);
      expect(answer.body.errmsg).toBe(refusedMessage);
    }
    expect((await receiveAs(admin, { afterSaleId: pending })).status).toBe(409);
    expect((await completeAs(admin, { afterSaleId: pending })).status).toBe(409);

    const approved = await requestAt(admin, who, orderId, sku, "return", "approved");
    expect((await rejectAs(admin, { afterSaleId: approved, reason: "Changed my mind" })).status).toBe(409);
    const early = await receiveAs(admin, { afterSaleId: approved });
    expect(early.status).toBe(409);
    expect(early.body.errmsg).toBe("Only goods on their way back (tracking number entered) can be marked received.");

    const returning = await requestAt(admin, who, orderId, sku, "return", "returning");
    const notYet = await completeAs(admin, { afterSaleId: returning });
    expect(notYet.status).toBe(409);
    expect(notYet.body.errmsg).toBe("Only a request whose goods were received can be completed.");

    const received = await requestAt(admin, who, orderId, sku, "return", "received");
    expect((await receiveAs(admin, { afterSaleId: received })).status).toBe(409);
    dataOf(await completeAs(admin, { afterSaleId: received }));
    expect((await completeAs(admin, { afterSaleId: received })).status).toBe(409);
    expect((await approveAs(admin, { afterSaleId: randomUUID() })).status).toBe(404);
  });

  it("approves with the address the operator gives", async () => {
    const { admin, who } = await people();
    const { orderId, sku } = await boughtOrder(db(), who, admin);
    const { afterSaleId } = dataOf(await applyAs(who, { orderId, skuNum: sku, type: "repair", reason: "Stopped working" }));
    expect((await approveAs(admin, { afterSaleId, returnAddress: "short" })).status).toBe(422);
    const address = "Lenwell Repairs, 500 Industrial Blvd, Dallas, TX 75207";
    expect(dataOf(await approveAs(admin, { afterSaleId, returnAddress: address }))).toMatchObject({ returnAddress: address });
    expect((await mailsTo(who.email)).find((sent) => sent.subject.endsWith("was approved"))?.text).toContain(address);
  });

  it("answers 403 to a customer and 401 without a session on every operator call", async () => {
    const { admin, who } = await people();
    const { orderId, sku } = await boughtOrder(db(), who, admin);
    const afterSaleId = await requestAt(admin, who, orderId, sku, "return", "pending_review");
    for (const caller of [who, null]) {
      const expected = caller ? 403 : 401;
      expect((await listAs(caller)).status).toBe(expected);
      expect((await getAs(caller, afterSaleId)).status).toBe(expected);
      expect((await approveAs(caller, { afterSaleId })).status).toBe(expected);
      expect((await rejectAs(caller, { afterSaleId, reason: "I reject my own request" })).status).toBe(expected);
      expect((await receiveAs(caller, { afterSaleId })).status).toBe(expected);
      expect((await completeAs(caller, { afterSaleId })).status).toBe(expected);
    }
    expect(dataOf(await getAs(admin, afterSaleId))).toMatchObject({ status: "pending_review" });
  });

  it("lists the queue with a status filter and a search by customer e-mail or order id", async () => {
    const { admin, who } = await people();
    const { orderId, sku } = await boughtOrder(db(), who, admin, { quantity: 2 });
    const pending = await requestAt(admin, who, orderId, sku, "return", "pending_review");
    const approved = await requestAt(admin, who, orderId, sku, "exchange", "approved");

    const mine = operatorAfterSaleListSchema.parse(dataOf(await listAs(admin, `?q=${encodeURIComponent(who.email)}`)));
    expect(mine.total).toBe(2);
    expect(mine.list.map((request) => request.afterSaleId)).toEqual([approved, pending]);
    expect(mine.list[0]?.customer).toEqual({ id: who.id, email: who.email });
    const byOrder = operatorAfterSaleListSchema.parse(dataOf(await listAs(admin, `?q=${orderId}&status=pending_review`)));
    expect(byOrder.list.map((request) => request.afterSaleId)).toEqual([pending]);
    const byId = operatorAfterSaleListSchema.parse(dataOf(await listAs(admin, `?q=${approved}`)));
    expect(byId.list.map((request) => request.afterSaleId)).toEqual([approved]);
    const pendingOnly = operatorAfterSaleListSchema.parse(dataOf(await listAs(admin, "?status=pending_review&pageSize=100")));
    expect(pendingOnly.list.every((request) => request.status === "pending_review")).toBe(true);
    expect(pendingOnly.list.map((request) => request.afterSaleId)).toContain(pending);
    expect((await listAs(admin, "?status=done")).status).toBe(422);
    expect((await getAs(admin, randomUUID())).status).toBe(404);
  });

  it("finds a request by its own or its order's short number, a full id, the e-mail and the customer's names", async () => {
    const admin = await makeCustomer(db(), { role: "admin" });
    const marker = randomUUID().slice(0, 8);
    const who = await makeCustomer(db(), {
      address: { ...HOUSTON, fullName: `Imogen Deliver${marker}` },
      username: `Quentin Account${marker}`,
    });
    const { orderId, sku } = await boughtOrder(db(), who, admin);
    const afterSaleId = await requestAt(admin, who, orderId, sku, "return", "pending_review");
    const other = await makeCustomer(db(), { address: HOUSTON });
    const bought = await boughtOrder(db(), other, admin);
    const otherId = await requestAt(admin, other, bought.orderId, bought.sku, "return", "pending_review");
    const found = async (q: string) =>
      operatorAfterSaleListSchema
        .parse(dataOf(await listAs(admin, `?q=${encodeURIComponent(q)}&pageSize=100`)))
        .list.map((request) => request.afterSaleId);

    for (const id of [afterSaleId, orderId]) {
      const number = afterSaleNumber(id);
      for (const q of [number, `#${number}`, number.toLowerCase(), `#${number.toLowerCase()}`, id, id.toUpperCase()]) {
        expect(await found(q), q).toEqual([afterSaleId]);
      }
    }
    expect(await found(who.email.slice(5, 23).toUpperCase())).toEqual([afterSaleId]);
    expect(await found(`account${marker}`)).toEqual([afterSaleId]);
    expect(await found(`DELIVER${marker}`)).toEqual([afterSaleId]);
    expect(await found("ada park")).toContain(otherId);
    expect(await found("Ada_Park")).toEqual([]);
    expect(await found(`#${afterSaleNumber(otherId)}`)).toEqual([otherId]);
  });
});
