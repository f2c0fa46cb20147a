// @vitest-environment node
import path from "node:path";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type * as NextCache from "next/cache";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { cartItems, orderEvents, orders, products } from "@/lib/db/schema";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { orderListSchema, orderSchema, type Order } from "@/lib/schemas/order";
import { deliveredMailTo } from "@/test/support/mail";
import { stockTag } from "@/lib/server/catalog";
import { sweepExpiredOrders } from "@/lib/server/orders";
import { dataOf, read } from "@/test/support/answer";
import { apiRequest, HOUSTON, makeCustomer, makeProduct, putInCart, type Customer } from "@/test/support/shop";
import { POST as checkout } from "../cart/checkout/route";
import { POST as buyNowRoute } from "./add/route";
import { GET as getRoute } from "./get/route";
import { PUT as editRoute } from "./edit/route";
import { POST as cancelRoute } from "./cancel/route";
import { GET as listRoute } from "./list/route";
import { POST as payRoute } from "./payment/route";
import { orderNumber } from "@/lib/display/order-display";
import { readMail } from "@/lib/server/mail/outbox-reader";

// The route handlers run outside a Next request here, where revalidateTag has no cache to reach;
// the calls are observed instead (which product pages an order sends back to render).
const revalidated = vi.hoisted(() => vi.fn());
vi.mock("next/cache", async (importOriginal) => ({ ...(await importOriginal<typeof NextCache>()), revalidateTag: revalidated }));
const stockRevalidations = () => revalidated.mock.calls.filter(([tag]) => String(tag).startsWith(stockTag("")));

const outbox = path.resolve(".data/outbox");
const api = "/api/v1/c/merchandise";

const checkoutAs = async (who: Customer | null, body: unknown = {}, cookie?: string) =>
  read<{ orderId: string }>(
    await checkout(apiRequest("POST", `${api}/cart/checkout`, body, { token: who?.token ?? null, ...(cookie ? { cookie } : {}) })),
  );
const buyNow = async (who: Customer | null, body: unknown, cookie?: string) =>
  read<{ orderId: string }>(
    await buyNowRoute(apiRequest("POST", `${api}/order/add`, body, { token: who?.token ?? null, ...(cookie ? { cookie } : {}) })),
  );
const getOrder = async (who: Customer | null, orderId: string) =>
  read<Order>(
    await getRoute(apiRequest("GET", `${api}/order/get?orderId=${encodeURIComponent(orderId)}`, undefined, { token: who?.token ?? null })),
  );
const edit = async (who: Customer, body: unknown) =>
  read<Order>(await editRoute(apiRequest("PUT", `${api}/order/edit`, body, { token: who.token })));
const cancel = async (who: Customer | null, body: unknown) =>
  read<Order>(await cancelRoute(apiRequest("POST", `${api}/order/cancel`, body, { token: who?.token ?? null })));
const list = async (who: Customer | null, query = "") =>
  read(await listRoute(apiRequest("GET", `${api}/order/list${query}`, undefined, { token: who?.token ?? null })));

describeEachEngine("order calls on $name", (engine) => {
  const db = databaseForSuite(engine);

  async function stockOf(sku: string): Promise<number> {
    const [row] = await db().db.select({ stock: products.stock }).from(products).where(eq(products.sku, sku));
    return row?.stock ?? -1;
  }

  async function pendingOrder(who: Customer, options: { stock?: number; quantity?: number; discountCents?: number } = {}) {
    const sku = await makeProduct(db(), { stock: options.stock ?? 10, discountCents: options.discountCents ?? 2000 });
    const orderId = dataOf(await buyNow(who, { skuNum: sku, quantity: options.quantity ?? 1 })).orderId;
    return { sku, orderId };
  }

  async function pay(who: Customer, orderId: string) {
    const answer = await read<{ status: string }>(
      await payRoute(
        apiRequest(
          "POST",
          `${api}/order/payment`,
          {
            orderId,
            card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2099, cvc: "123", name: "Ada Park" },
            idempotencyKey: `key-${randomUUID()}`,
          },
          { token: who.token },
        ),
      ),
    );
    expect(dataOf(answer).status).toBe("paid");
  }

  describe("checkout", () => {
    it("turns the cart into a pending order: lines snapshotted, stock reserved, cart emptied, totals from the server", async () => {
      const who = await makeCustomer(db(), { address: HOUSTON });
      const a = await makeProduct(db(), { stock: 5, originalCents: 2500, discountCents: 2000 });
      const b = await makeProduct(db(), { stock: 3, originalCents: 1000, discountCents: 900 });
      await putInCart(db(), who.id, a, 2);
      await putInCart(db(), who.id, b, 1);

      const { orderId } = dataOf(await checkoutAs(who, {}, "referral_code=PARTNER_7"));
      expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
      expect(await stockOf(a)).toBe(3);
      expect(await stockOf(b)).toBe(2);
      expect(await db().db.select().from(cartItems).where(eq(cartItems.userId, who.id))).toEqual([]);

      const order = orderSchema.parse(dataOf(await getOrder(who, orderId)));
      expect(order).toMatchObject({
        status: "pending_payment",
        subTotal: "49.00",
        // 49.00 is at or over the $37 threshold: ground is free.
        shippingFee: "0.00",
        // Texas base rate 6.25 % of 49.00 = 3.0625.
        tax: "3.06",
        total: "52.06",
        shippingMethod: "ups_ground",
        shippingAddress: HOUSTON,
        referralCode: "PARTNER_7",
        canPay: true,
        canCancel: true,
        canEdit: true,
        canApplyAfterSale: false,
      });
      expect(order.items.map((item) => [item.skuNum, item.quantity, item.discountPrice, item.originalPrice])).toEqual(
        [
          [a, 2, "20.00", "25.00"],
          [b, 1, "9.00", "10.00"],
        ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
      );
      expect(order.shippingOptions.map((option) => [option.value, option.price])).toEqual([
        ["ups_ground", "0.00"],
        ["ups_2nd_day_air", "22.90"],
        ["ups_next_day_air", "33.90"],
      ]);
      expect(order.timeline.map((event) => [event.type, event.actor])).toEqual([["created", "customer"]]);
      // The list counts the units (3 items) and the products apart: one product and 1 more, not 2.
      const [row] = orderListSchema.parse(dataOf(await list(who))).list;
      expect(row).toMatchObject({ orderId, itemCount: 3, lineCount: 2 });
      const expires = new Date(order.expiresAt ?? 0).getTime() - new Date(order.createdAt).getTime();
      expect(expires).toBeGreaterThan(29 * 60_000);
      expect(expires).toBeLessThanOrEqual(30 * 60_000 + 5_000);
    });

    it("keeps the snapshot when the catalogue changes later", async () => {
      const who = await makeCustomer(db());
      const { sku, orderId } = await pendingOrder(who);
      await db().db.update(products).set({ name: "Renamed", discountPriceCents: 100 }).where(eq(products.sku, sku));
      const order = dataOf(await getOrder(who, orderId));
      expect(order.items[0]).toMatchObject({ name: `Test item ${sku}`, discountPrice: "20.00" });
      expect(order.subTotal).toBe("20.00");
    });

    it("without a default address: no tax yet, ground 11.90 under $37", async () => {
      const who = await makeCustomer(db());
      const { orderId } = await pendingOrder(who);
      expect(dataOf(await getOrder(who, orderId))).toMatchObject({
        subTotal: "20.00",
        shippingFee: "11.90",
        tax: "0.00",
        total: "31.90",
        shippingAddress: null,
      });
    });

    it("an empty cart is a 400 with the reason", async () => {
      const who = await makeCustomer(db());
      const answer = await checkoutAs(who);
      expect(answer.status).toBe(400);
      expect(answer.body.errmsg).toBe("Your cart is empty.");
    });

    it("not enough stock of one line: 409 naming it, and nothing changes (stock, cart, orders)", async () => {
      const who = await makeCustomer(db());
      const plenty = await makeProduct(db(), { stock: 50 });
      const scarce = await makeProduct(db(), { stock: 2, name: "Scarce Filter" });
      await putInCart(db(), who.id, plenty, 5);
      await putInCart(db(), who.id, scarce, 3);
      const answer = await checkoutAs(who);
      expect(answer.status).toBe(409);
      expect(answer.body.errmsg).toBe("Only 2 left of Scarce Filter.");
      expect(await stockOf(plenty)).toBe(50);
      expect(await stockOf(scarce)).toBe(2);
      expect(await db().db.select().from(cartItems).where(eq(cartItems.userId, who.id))).toHaveLength(2);
      expect(await db().db.select().from(orders).where(eq(orders.userId, who.id))).toEqual([]);

      await db().db.update(products).set({ stock: 0 }).where(eq(products.sku, scarce));
      expect((await checkoutAs(who)).body.errmsg).toBe("Scarce Filter is out of stock.");
    });

    it("refuses any field in the body (no client prices or totals) and needs a session", async () => {
      const who = await makeCustomer(db());
      const sku = await makeProduct(db());
      await putInCart(db(), who.id, sku, 1);
      const withTotal = await checkoutAs(who, { total: "0.01" });
      expect([400, 422]).toContain(withTotal.status);
      expect(withTotal.body.data).toBeNull();
      expect((await checkoutAs(null)).status).toBe(401);
      expect(await db().db.select().from(orders).where(eq(orders.userId, who.id))).toEqual([]);
    });

    it("ignores a malformed referral cookie", async () => {
      const who = await makeCustomer(db());
      const sku = await makeProduct(db());
      await putInCart(db(), who.id, sku, 1);
      const { orderId } = dataOf(await checkoutAs(who, {}, "referral_code=%3Cscript%3E"));
      expect(dataOf(await getOrder(who, orderId)).referralCode).toBeNull();
    });
  });

  describe("buy now", () => {
    it("orders one product without touching the cart, and records the referral code", async () => {
      const who = await makeCustomer(db());
      const inCart = await makeProduct(db());
      await putInCart(db(), who.id, inCart, 1);
      const sku = await makeProduct(db(), { stock: 4 });
      const { orderId } = dataOf(await buyNow(who, { skuNum: sku, quantity: 3 }, "referral_code=FRIEND"));
      expect(await stockOf(sku)).toBe(1);
      expect(await db().db.select().from(cartItems).where(eq(cartItems.userId, who.id))).toHaveLength(1);
      expect(dataOf(await getOrder(who, orderId))).toMatchObject({
        subTotal: "60.00",
        referralCode: "FRIEND",
        items: [{ skuNum: sku, quantity: 3 }],
      });
    });

    it("unknown or unlisted sku: 404 on skuNum; too many: 409", async () => {
      const who = await makeCustomer(db());
      const unknown = await buyNow(who, { skuNum: "NO-SUCH-SKU", quantity: 1 });
      expect(unknown.status).toBe(404);
      expect(unknown.body.errors?.[0]?.path).toBe("skuNum");
      const hidden = await makeProduct(db(), { listed: false });
      expect((await buyNow(who, { skuNum: hidden, quantity: 1 })).status).toBe(404);
      const few = await makeProduct(db(), { stock: 2, name: "Few Left" });
      const tooMany = await buyNow(who, { skuNum: few, quantity: 3 });
      expect(tooMany.status).toBe(409);
      expect(tooMany.body.errmsg).toBe("Only 2 left of Few Left.");
    });

    it("bad quantities, client prices and malformed bodies get the field's error", async () => {
      const who = await makeCustomer(db());
      const sku = await makeProduct(db());
      for (const quantity of [0, -1, 1.5, 1001, "2", null]) {
        const answer = await buyNow(who, { skuNum: sku, quantity });
        expect(answer.status, String(quantity)).toBe(422);
        expect(answer.body.errors?.[0]?.path).toBe("quantity");
      }
      const priced = await buyNow(who, { skuNum: sku, quantity: 1, discountPrice: "0.01" });
      expect([400, 422]).toContain(priced.status);
      const missing = await buyNow(who, { quantity: 1 });
      expect(missing.body.errors?.[0]?.path).toBe("skuNum");
      const broken = await read(
        await buyNowRoute(apiRequest("POST", `${api}/order/add`, undefined, { token: who.token, raw: "{not json" })),
      );
      expect(broken.status).toBe(400);
      expect(await stockOf(sku)).toBe(100);
    });
  });

  describe("reading orders", () => {
    it("another customer's order, an unknown id and a malformed id: 404, 404, 422; no session: 401", async () => {
      const owner = await makeCustomer(db());
      const other = await makeCustomer(db());
      const { orderId } = await pendingOrder(owner);
      const foreign = await getOrder(other, orderId);
      const unknown = await getOrder(other, randomUUID());
      expect(foreign.status).toBe(404);
      expect(unknown.status).toBe(404);
      expect(foreign.body).toEqual(unknown.body);
      expect((await getOrder(owner, "12")).status).toBe(422);
      expect((await getOrder(null, orderId)).status).toBe(401);
    });

    it("lists newest first, with a status filter and pages", async () => {
      const who = await makeCustomer(db());
      const first = await pendingOrder(who);
      const second = await pendingOrder(who);
      const third = await pendingOrder(who);
      dataOf(await cancel(who, { orderId: second.orderId }));

      const all = orderListSchema.parse(dataOf(await list(who)));
      expect(all.total).toBe(3);
      expect(all.list.map((order) => order.orderId)).toEqual([third.orderId, second.orderId, first.orderId]);
      expect(all.list[0]).toMatchObject({
        status: "pending_payment",
        total: "31.90",
        itemCount: 1,
        lineCount: 1,
        firstItem: { name: `Test item ${third.sku}` },
      });

      const cancelled = orderListSchema.parse(dataOf(await list(who, "?status=cancelled")));
      expect(cancelled.list.map((order) => order.orderId)).toEqual([second.orderId]);
      const page2 = orderListSchema.parse(dataOf(await list(who, "?page=2&pageSize=2")));
      expect(page2).toMatchObject({ total: 3, list: [{ orderId: first.orderId }] });

      expect((await list(who, "?status=lost")).status).toBe(422);
      expect((await list(who, "?pageSize=500")).status).toBe(422);
      expect((await list(who, "?userId=x")).status).toBe(422);
      expect(orderListSchema.parse(dataOf(await list(await makeCustomer(db()))))).toEqual({ list: [], total: 0 });
      expect((await list(null)).status).toBe(401);
    });
  });

  describe("editing", () => {
    it("before payment: shipping option and address change, totals recomputed", async () => {
      const who = await makeCustomer(db());
      const { orderId } = await pendingOrder(who);
      const faster = dataOf(await edit(who, { orderId, shippingMethod: "ups_next_day_air" }));
      expect(faster).toMatchObject({ shippingMethod: "ups_next_day_air", shippingFee: "33.90", tax: "0.00", total: "53.90" });
      const california = { ...HOUSTON, city: "Los Angeles", state: "CA", zip: "90012" };
      const addressed = dataOf(await edit(who, { orderId, shippingAddress: california }));
      // 7.25 % of 20.00 = 1.45; shipping is not taxed.
      expect(addressed).toMatchObject({ shippingAddress: california, tax: "1.45", total: "55.35" });
      expect(addressed.timeline.map((event) => event.type)).toEqual(["created", "shipping_changed", "address_changed"]);
      // The same address again is no change (and no timeline entry).
      const again = dataOf(
        await edit(who, {
          orderId,
          shippingAddress: { zip: "90012", state: "CA", city: "Los Angeles", line1: HOUSTON.line1, fullName: HOUSTON.fullName },
        }),
      );
      expect(again.timeline).toHaveLength(3);
      // A correction typed right after (the payment page quotes each complete address) is the same
      // change, until another step comes between.
      const corrected = dataOf(await edit(who, { orderId, shippingAddress: { ...california, zip: "90013" } }));
      expect(corrected).toMatchObject({ shippingAddress: { zip: "90013" } });
      expect(corrected.timeline.map((event) => event.type)).toEqual(["created", "shipping_changed", "address_changed"]);
      await edit(who, { orderId, shippingMethod: "ups_ground" });
      const back = dataOf(await edit(who, { orderId, shippingAddress: HOUSTON }));
      expect(back.timeline.map((event) => event.type)).toEqual([
        "created",
        "shipping_changed",
        "address_changed",
        "shipping_changed",
        "address_changed",
      ]);
    });

    it("refuses client totals, an empty change, bad addresses and another customer's order", async () => {
      const who = await makeCustomer(db());
      const { orderId } = await pendingOrder(who);
      expect([400, 422]).toContain((await edit(who, { orderId, total: "1.00" })).status);
      expect([400, 422]).toContain((await edit(who, { orderId, status: "paid" })).status);
      const nothing = await edit(who, { orderId });
      expect(nothing.status).toBe(422);
      const badZip = await edit(who, { orderId, shippingAddress: { ...HOUSTON, zip: "123" } });
      expect(badZip.status).toBe(422);
      expect(badZip.body.errors?.[0]?.path).toBe("shippingAddress.zip");
      expect((await edit(who, { orderId, shippingMethod: "pigeon" })).body.errors?.[0]?.path).toBe("shippingMethod");
      expect((await edit(await makeCustomer(db()), { orderId, shippingMethod: "ups_2nd_day_air" })).status).toBe(404);
      expect(dataOf(await getOrder(who, orderId))).toMatchObject({ total: "31.90", status: "pending_payment" });
    });

    it("after payment: the address within the same state only, never the shipping option", async () => {
      const who = await makeCustomer(db(), { address: HOUSTON });
      const { orderId } = await pendingOrder(who);
      await pay(who, orderId);
      const paid = dataOf(await getOrder(who, orderId));
      expect(paid).toMatchObject({ status: "paid", canPay: false, paymentReceived: true, canEdit: true, canCancel: true, expiresAt: null });

      const method = await edit(who, { orderId, shippingMethod: "ups_next_day_air" });
      expect(method.status).toBe(409);
      expect(method.body.errors?.[0]?.path).toBe("shippingMethod");
      const otherState = await edit(who, { orderId, shippingAddress: { ...HOUSTON, city: "Denver", state: "CO", zip: "80202" } });
      expect(otherState.status).toBe(409);
      const dallas = { ...HOUSTON, line1: "1 Elm St", city: "Dallas", zip: "75201" };
      const moved = dataOf(await edit(who, { orderId, shippingAddress: dallas }));
      expect(moved).toMatchObject({ shippingAddress: dallas, total: paid.total, tax: paid.tax, status: "paid" });
      // After payment each change is a step of its own: a label may have been printed in between.
      const again = dataOf(await edit(who, { orderId, shippingAddress: { ...dallas, zip: "75202" } }));
      expect(again.timeline.filter((event) => event.type === "address_changed")).toHaveLength(2);
    });
  });

  describe("cancelling", () => {
    it("a pending order: cancelled, stock back, cancellation e-mail without a refund", async () => {
      const who = await makeCustomer(db());
      const { sku, orderId } = await pendingOrder(who, { stock: 5, quantity: 2 });
      expect(await stockOf(sku)).toBe(3);
      const cancelled = dataOf(await cancel(who, { orderId, reason: "Changed my mind" }));
      expect(cancelled).toMatchObject({
        status: "cancelled",
        canCancel: false,
        canEdit: false,
        canPay: false,
        paymentReceived: false,
        refunded: "0.00",
      });
      expect(cancelled.timeline.at(-1)).toMatchObject({ type: "cancelled", actor: "customer", note: "Changed my mind" });
      expect(await stockOf(sku)).toBe(5);
      await expect.poll(async () => readMail((await deliveredMailTo(outbox, who.email)) ?? "").text).toContain("nothing was charged");

      const again = await cancel(who, { orderId });
      expect(again.status).toBe(409);
      expect(again.body.errmsg).toBe("This order is already cancelled.");
      expect(await stockOf(sku)).toBe(5);
    });

    it("a paid order: refunded in full through the provider, stock back, e-mail with the amount", async () => {
      const who = await makeCustomer(db(), { address: HOUSTON });
      const { sku, orderId } = await pendingOrder(who, { stock: 5 });
      await pay(who, orderId);
      const cancelled = dataOf(await cancel(who, { orderId }));
      // 20.00 + 11.90 shipping + 1.25 tax (6.25 % of 20.00).
      expect(cancelled).toMatchObject({ status: "cancelled", total: "33.15", refunded: "33.15" });
      expect(cancelled.timeline.map((event) => event.type)).toEqual(expect.arrayContaining(["paid", "refunded", "cancelled"]));
      expect(await stockOf(sku)).toBe(5);
      await expect
        .poll(async () => readMail((await deliveredMailTo(outbox, who.email)) ?? "").text)
        .toContain(`Your order #${orderNumber(orderId)} was cancelled.`);
      expect(readMail((await deliveredMailTo(outbox, who.email)) ?? "").text).toContain("We refunded $33.15 to the card you paid with.");
    });

    it("a shipped order cannot be cancelled; another customer's is a 404; a bad body is refused", async () => {
      const who = await makeCustomer(db(), { address: HOUSTON });
      const { orderId } = await pendingOrder(who);
      // Paid for real first, so the shop's invariants (a shipped order was charged) still hold.
      await pay(who, orderId);
      await db().db.update(orders).set({ status: "shipped", shippedAt: new Date() }).where(eq(orders.id, orderId));
      const shipped = await cancel(who, { orderId });
      expect(shipped.status).toBe(409);
      expect(shipped.body.errmsg).toMatch(/already shipped/);
      const { orderId: other } = await pendingOrder(who);
      expect((await cancel(await makeCustomer(db()), { orderId: other })).status).toBe(404);
      expect((await cancel(who, { orderId: other, refund: "99.00" })).status).toBeGreaterThanOrEqual(400);
      expect((await cancel(who, { orderId: other, reason: "x".repeat(501) })).body.errors?.[0]?.path).toBe("reason");
      expect((await cancel(null, { orderId: other })).status).toBe(401);
      expect(dataOf(await getOrder(who, other)).status).toBe("pending_payment");
    });
  });

  describe("product pages follow the stock", () => {
    beforeEach(() => revalidated.mockClear());

    it("a checkout revalidates the stock of each product it sold, once, after the commit", async () => {
      const who = await makeCustomer(db());
      const a = await makeProduct(db(), { stock: 5 });
      const b = await makeProduct(db(), { stock: 5 });
      await putInCart(db(), who.id, a, 2);
      await putInCart(db(), who.id, b, 1);
      dataOf(await checkoutAs(who));
      expect(stockRevalidations()).toEqual(
        expect.arrayContaining([
          [stockTag(a), { expire: 0 }],
          [stockTag(b), { expire: 0 }],
        ]),
      );
      expect(stockRevalidations()).toHaveLength(2);
    });

    it("buy now, cancel and expiry each revalidate the product; a refused checkout revalidates nothing", async () => {
      const who = await makeCustomer(db());
      const { sku, orderId } = await pendingOrder(who, { stock: 5 });
      expect(stockRevalidations()).toEqual([[stockTag(sku), { expire: 0 }]]);

      revalidated.mockClear();
      dataOf(await cancel(who, { orderId }));
      expect(stockRevalidations()).toEqual([[stockTag(sku), { expire: 0 }]]);

      const late = await pendingOrder(who, { stock: 5 });
      await db()
        .db.update(orders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, late.orderId));
      revalidated.mockClear();
      // Scoped to this customer: on the shared PostgreSQL database other suites' orders expire too.
      expect(await sweepExpiredOrders({ userId: who.id })).toEqual([late.orderId]);
      expect(stockRevalidations()).toEqual([[stockTag(late.sku), { expire: 0 }]]);

      const scarce = await makeProduct(db(), { stock: 1 });
      revalidated.mockClear();
      expect((await buyNow(who, { skuNum: scarce, quantity: 2 })).status).toBe(409);
      expect(stockRevalidations()).toEqual([]);
    });
  });

  describe("expiry", () => {
    it("an unpaid order past its time is cancelled when read, and its stock goes back", async () => {
      const who = await makeCustomer(db());
      const { sku, orderId } = await pendingOrder(who, { stock: 3, quantity: 2 });
      await db()
        .db.update(orders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, orderId));
      const expired = dataOf(await getOrder(who, orderId));
      expect(expired).toMatchObject({ status: "cancelled", canPay: false, canCancel: false });
      expect(expired.timeline.at(-1)).toMatchObject({ type: "expired", actor: "system" });
      expect(await stockOf(sku)).toBe(3);
      // A second sweep finds nothing left to release.
      expect(await sweepExpiredOrders()).not.toContain(orderId);
      expect(await stockOf(sku)).toBe(3);
    });

    it("a paid order never expires", async () => {
      const who = await makeCustomer(db(), { address: HOUSTON });
      const { sku, orderId } = await pendingOrder(who, { stock: 3 });
      await pay(who, orderId);
      await db()
        .db.update(orders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, orderId));
      await sweepExpiredOrders();
      expect(dataOf(await getOrder(who, orderId)).status).toBe("paid");
      expect(await stockOf(sku)).toBe(2);
    });
  });

  it("records who did what in order_events", async () => {
    const who = await makeCustomer(db());
    const { orderId } = await pendingOrder(who);
    await edit(who, { orderId, shippingMethod: "ups_2nd_day_air" });
    const events = await db()
      .db.select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, "shipping_changed")));
    expect(events).toMatchObject([{ actor: "customer", actorUserId: who.id, note: "ups_2nd_day_air" }]);
  });
});
