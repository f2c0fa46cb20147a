// @vitest-environment node
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { orderEvents, orders } from "@/lib/db/schema";
import { orderNumber } from "@/lib/display/order-display";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { operatorOrderListSchema, operatorOrderSchema } from "@/lib/schemas/operator-order";
import { readMail } from "@/lib/server/mail/outbox-reader";
import { deliveredMailTo } from "@/test/support/mail";
import { OUTBOX, paidOrder } from "@/test/support/after-sale";
import { dataOf, read } from "@/test/support/answer";
import { apiRequest, HOUSTON, makeCustomer, makeProduct, type Customer } from "@/test/support/shop";
import { POST as buyNowRoute } from "../../c/merchandise/order/add/route";
import { GET as customerGet } from "../../c/merchandise/order/get/route";
import { POST as cancelRoute } from "../../c/merchandise/order/cancel/route";
import { GET as notFound } from "../[...path]/route";
import { POST as ship } from "./ship/route";
import { POST as deliver } from "./deliver/route";
import { GET as operatorList } from "./list/route";
import { GET as operatorGet } from "./get/route";

describeEachEngine("operator order calls on $name", (engine) => {
  const db = databaseForSuite(engine);

  const shipAs = async (who: Customer | null, body: unknown) =>
    read(await ship(apiRequest("POST", "/api/v1/admin/orders/ship", body, { token: who?.token ?? null })));
  const deliverAs = async (who: Customer | null, body: unknown) =>
    read(await deliver(apiRequest("POST", "/api/v1/admin/orders/deliver", body, { token: who?.token ?? null })));

  it("ships a paid order with carrier and tracking, e-mails the customer, and records the operator", async () => {
    const admin = await makeCustomer(db(), { role: "admin" });
    const who = await makeCustomer(db(), { address: HOUSTON });
    const { orderId } = await paidOrder(db(), who);

    const shipped = operatorOrderSchema.parse(
      dataOf(await shipAs(admin, { orderId, carrier: "UPS", trackingNumber: "1Z999AA10123456784" })),
    );
    expect(shipped).toMatchObject({
      status: "shipped",
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
      canCancel: false,
      canEdit: false,
      canApplyAfterSale: true,
      customer: { id: who.id, email: who.email },
    });
    const [event] = await db()
      .db.select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(orderEvents.createdAt)
      .then((rows) => rows.filter((row) => row.type === "shipped"));
    expect(event).toMatchObject({ actor: "admin", actorUserId: admin.id, note: "UPS 1Z999AA10123456784" });
    await expect.poll(async () => readMail((await deliveredMailTo(OUTBOX, who.email)) ?? "").text).toContain("1Z999AA10123456784");
    const mail = readMail((await deliveredMailTo(OUTBOX, who.email)) ?? "");
    expect(mail.subject).toBe("Your Lenwell order has shipped");
    expect(mail.text).toContain("Carrier: UPS");
    expect(mail.text).toContain(`Your order #${orderNumber(orderId)} is on its way.`);

    // The customer sees it, can no longer cancel it.
    const seen = await read(
      await customerGet(apiRequest("GET", `/api/v1/c/merchandise/order/get?orderId=${orderId}`, undefined, { token: who.token })),
    );
    expect(dataOf(seen)).toMatchObject({ status: "shipped", trackingNumber: "1Z999AA10123456784" });
    expect(
      (await read(await cancelRoute(apiRequest("POST", "/api/v1/c/merchandise/order/cancel", { orderId }, { token: who.token })))).status,
    ).toBe(409);

    expect((await shipAs(admin, { orderId, carrier: "UPS", trackingNumber: "1Z999AA10123456785" })).status).toBe(409);
    const delivered = dataOf(await deliverAs(admin, { orderId }));
    expect(delivered).toMatchObject({ status: "delivered" });
    expect((await deliverAs(admin, { orderId })).status).toBe(409);
  });

  it("refuses to ship an unpaid order or deliver an unshipped one", async () => {
    const admin = await makeCustomer(db(), { role: "admin" });
    const who = await makeCustomer(db());
    const sku = await makeProduct(db());
    const { orderId } = dataOf(
      await read<{ orderId: string }>(
        await buyNowRoute(apiRequest("POST", "/api/v1/c/merchandise/order/add", { skuNum: sku, quantity: 1 }, { token: who.token })),
      ),
    );
    const unpaid = await shipAs(admin, { orderId, carrier: "UPS", trackingNumber: "1Z999AA1" });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.errmsg).toBe("Only a paid order can be marked shipped.");
    expect((await deliverAs(admin, { orderId })).body.errmsg).toBe("Only a shipped order can be marked delivered.");
    expect((await shipAs(admin, { orderId: randomUUID(), carrier: "UPS", trackingNumber: "1Z999AA1" })).status).toBe(404);
  });

  it("checks the role: 401 without a session, 403 for a customer, and validates the fields", async () => {
    const customer = await makeCustomer(db(), { address: HOUSTON });
    const { orderId } = await paidOrder(db(), customer);
    expect((await shipAs(null, { orderId, carrier: "UPS", trackingNumber: "1Z999AA1" })).status).toBe(401);
    const forbidden = await shipAs(customer, { orderId, carrier: "UPS", trackingNumber: "1Z999AA1" });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.errmsg).toBe("Current account does not have permission to access");
    expect((await deliverAs(customer, { orderId })).status).toBe(403);
    const listed = await read(await operatorList(apiRequest("GET", "/api/v1/admin/orders/list", undefined, { token: customer.token })));
    expect(listed.status).toBe(403);
    const got = await read(
      await operatorGet(apiRequest("GET", `/api/v1/admin/orders/get?orderId=${orderId}`, undefined, { token: customer.token })),
    );
    expect(got.status).toBe(403);
    const [row] = await db().db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    expect(row?.status).toBe("paid");

    const admin = await makeCustomer(db(), { role: "admin" });
    const noTracking = await shipAs(admin, { orderId, carrier: "UPS" });
    expect(noTracking.status).toBe(422);
    expect(noTracking.body.errors).toEqual([{ path: "trackingNumber", message: "Enter the tracking number." }]);
    expect((await shipAs(admin, { orderId, carrier: " ", trackingNumber: "1Z999AA1" })).body.errors?.[0]?.path).toBe("carrier");
    expect(
      (await shipAs(admin, { orderId, carrier: "UPS", trackingNumber: "1Z999AA1", status: "delivered" })).status,
    ).toBeGreaterThanOrEqual(400);
  });

  it("lists and reads any customer's orders, by status and by id or e-mail", async () => {
    const admin = await makeCustomer(db(), { role: "admin" });
    const who = await makeCustomer(db(), { address: HOUSTON });
    const { orderId } = await paidOrder(db(), who);
    const listAs = async (query: string) =>
      read(await operatorList(apiRequest("GET", `/api/v1/admin/orders/list${query}`, undefined, { token: admin.token })));

    const byEmail = operatorOrderListSchema.parse(dataOf(await listAs(`?q=${encodeURIComponent(who.email.toUpperCase())}`)));
    expect(byEmail).toMatchObject({ total: 1, list: [{ orderId, status: "paid", customer: { email: who.email } }] });
    const byId = operatorOrderListSchema.parse(dataOf(await listAs(`?q=${orderId}`)));
    expect(byId.list.map((order) => order.orderId)).toEqual([orderId]);
    const paidOnly = operatorOrderListSchema.parse(dataOf(await listAs("?status=paid&pageSize=100")));
    expect(paidOnly.list.every((order) => order.status === "paid")).toBe(true);
    expect(paidOnly.list.map((order) => order.orderId)).toContain(orderId);
    // A LIKE wildcard is a literal character, not "everything".
    expect(operatorOrderListSchema.parse(dataOf(await listAs("?q=%25"))).total).toBe(0);
    expect((await listAs("?status=lost")).status).toBe(422);

    const detail = operatorOrderSchema.parse(
      dataOf(
        await read(await operatorGet(apiRequest("GET", `/api/v1/admin/orders/get?orderId=${orderId}`, undefined, { token: admin.token }))),
      ),
    );
    expect(detail).toMatchObject({ orderId, customer: { id: who.id } });
    expect(
      (
        await read(
          await operatorGet(apiRequest("GET", `/api/v1/admin/orders/get?orderId=${randomUUID()}`, undefined, { token: admin.token })),
        )
      ).status,
    ).toBe(404);
  });

  it("finds an order by the short number the customer sees, the full id, the e-mail and the customer's names", async () => {
    const admin = await makeCustomer(db(), { role: "admin" });
    const marker = randomUUID().slice(0, 8);
    const who = await makeCustomer(db(), {
      address: { ...HOUSTON, fullName: `Imogen Deliver${marker}` },
      username: `Quentin Account${marker}`,
    });
    const { orderId } = await paidOrder(db(), who);
    // Another customer's order at the same address name: only what names this one may find it.
    const { orderId: otherId } = await paidOrder(db(), await makeCustomer(db(), { address: HOUSTON }));
    const found = async (q: string, extra = "") => {
      const answer = await read(
        await operatorList(
          apiRequest("GET", `/api/v1/admin/orders/list?q=${encodeURIComponent(q)}${extra}`, undefined, { token: admin.token }),
        ),
      );
      return operatorOrderListSchema.parse(dataOf(answer)).list.map((order) => order.orderId);
    };

    const number = orderNumber(orderId);
    for (const q of [
      number,
      `#${number}`,
      number.toLowerCase(),
      `# ${number.toLowerCase()} `,
      orderId,
      orderId.toUpperCase(),
      orderId.slice(0, 13),
    ]) {
      expect(await found(q), q).toEqual([orderId]);
    }
    expect(await found(who.email.slice(5, 23).toUpperCase())).toEqual([orderId]);
    expect(await found(`account${marker}`)).toEqual([orderId]);
    expect(await found(`DELIVER${marker}`)).toEqual([orderId]);
    expect(await found("Ada Park", "&pageSize=100")).toContain(otherId);
    // '_' and '%' are the characters typed, not LIKE's "any character": "Ada_Park" is nobody's name.
    expect(await found("Ada_Park")).toEqual([]);
    expect(await found(`#${orderNumber(otherId)}`)).toEqual([otherId]);
    expect(await found(number, "&status=cancelled")).toEqual([]);
    expect(await found("#zz")).toEqual([]);
  });

  it("answers unknown admin paths with a 404 envelope", async () => {
    const answer = await read(await notFound());
    expect(answer).toMatchObject({ status: 404, body: { code: 404, data: null } });
  });
});
