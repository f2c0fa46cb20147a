// @vitest-environment node
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { memberships, orders } from "@/lib/db/schema";
import { operatorOrderSchema } from "@/lib/schemas/operator-order";
import { cartListSchema, type CartList } from "@/lib/schemas/cart";
import { orderSchema, type Order } from "@/lib/schemas/order";
import { addMonths } from "@/lib/server/memberships";
import { dataOf, read, type Answer } from "@/test/support/answer";
import { HOUSTON, apiRequest, makeCustomer, makeProduct, putInCart, type Customer } from "@/test/support/shop";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { POST as ship } from "../../../admin/orders/ship/route";
import { GET as listCart } from "../../order/cart/list/route";
import { POST as checkout } from "../cart/checkout/route";
import { POST as buyNow } from "./add/route";
import { PUT as edit } from "./edit/route";
import { GET as getOrder } from "./get/route";
import { POST as pay } from "./payment/route";

// Membership as the membership page promises it, through the real calls: member prices and free
// UPS Ground while a membership runs (and only then), and plans that are not parcels.

const nextYear = new Date().getUTCFullYear() + 1;
const goodCard = { number: "4242 4242 4242 4242", expMonth: 12, expYear: nextYear, cvc: "123", name: "Ada Park" };
const key = () => randomUUID().replaceAll("-", "");
const DAY = 24 * 60 * 60 * 1000;

describeEachEngine("member prices, member shipping and plans without parcels on $name", (engine) => {
  const db = databaseForSuite(engine);

  /** A membership row as a paid order leaves it; `from`/`to` relative to now. */
  async function giveMembership(userId: string, fromMs: number, toMs: number, status: "active" | "cancelled" | "expired" = "active") {
    const now = Date.now();
    await db()
      .db.insert(memberships)
      .values({ userId, kind: "membership", sku: "LW-MEM-Y", status, startsAt: new Date(now + fromMs), endsAt: new Date(now + toMs) });
  }

  const member = async (address = HOUSTON) => {
    const customer = await makeCustomer(db(), { address });
    await giveMembership(customer.id, -30 * DAY, 300 * DAY);
    return customer;
  };

  const cartOf = async (who: Customer): Promise<CartList> =>
    cartListSchema.parse(
      dataOf(await read(await listCart(apiRequest("GET", "/api/v1/c/order/cart/list", undefined, { token: who.token })))),
    );

  const orderOf = (answer: Answer): Order => orderSchema.parse(dataOf(answer));

  async function viewOrder(who: Customer, orderId: string): Promise<Order> {
    return orderOf(
      await read(await getOrder(apiRequest("GET", `/api/v1/c/merchandise/order/get?orderId=${orderId}`, undefined, { token: who.token }))),
    );
  }

  async function buy(who: Customer, skuNum: string, quantity = 1): Promise<Order> {
    const answer = await read<{ orderId: string }>(
      await buyNow(apiRequest("POST", "/api/v1/c/merchandise/order/add", { skuNum, quantity }, { token: who.token })),
    );
    return viewOrder(who, dataOf(answer).orderId);
  }

  async function checkoutCart(who: Customer): Promise<Order> {
    const answer = await read<{ orderId: string }>(
      await checkout(apiRequest("POST", "/api/v1/c/merchandise/cart/checkout", {}, { token: who.token })),
    );
    return viewOrder(who, dataOf(answer).orderId);
  }

  const payOrder = async (who: Customer, body: Record<string, unknown>) =>
    read<{ status: string; order: Order }>(
      await pay(
        apiRequest("POST", "/api/v1/c/merchandise/order/payment", { card: goodCard, idempotencyKey: key(), ...body }, { token: who.token }),
      ),
    );

  const editOrder = async (who: Customer, body: Record<string, unknown>) =>
    read(await edit(apiRequest("PUT", "/api/v1/c/merchandise/order/edit", body, { token: who.token })));

  it("a member's cart and order are member-priced with free UPS Ground; a non-member's are not", async () => {
    const sku = await makeProduct(db(), { originalCents: 2500, discountCents: 2000, memberCents: 1700 });
    const plain = await makeProduct(db(), { originalCents: 1000, discountCents: 900 });
    const [yes, no] = [await member(), await makeCustomer(db(), { address: HOUSTON })];
    for (const who of [yes, no]) {
      await putInCart(db(), who.id, sku, 1);
      await putInCart(db(), who.id, plain, 1);
    }

    const memberCart = await cartOf(yes);
    expect(memberCart).toMatchObject({
      member: true,
      subTotal: "26.00",
      shippedSubTotal: "26.00",
      shipping: "0.00",
      amountToFreeShipping: "0.00",
    });
    expect(memberCart.cartList.map((line) => [line.skuNum, line.discountPrice, line.memberPrice])).toEqual([
      [sku, "20.00", "17.00"],
      [plain, "9.00", null],
    ]);
    const otherCart = await cartOf(no);
    expect(otherCart).toMatchObject({ member: false, subTotal: "29.00", shipping: "11.90", amountToFreeShipping: "8.00" });

    const memberOrder = await checkoutCart(yes);
    expect(memberOrder).toMatchObject({ memberPricing: true, subTotal: "26.00", shippingFee: "0.00", shippingMethod: "ups_ground" });
    expect(memberOrder.items.find((item) => item.skuNum === sku)?.discountPrice).toBe("17.00");
    expect(memberOrder.shippingOptions.map((option) => option.price)).toEqual(["0.00", "22.90", "33.90"]);
    const otherOrder = await checkoutCart(no);
    expect(otherOrder).toMatchObject({ memberPricing: false, subTotal: "29.00", shippingFee: "11.90" });
    expect(otherOrder.items.find((item) => item.skuNum === sku)?.discountPrice).toBe("20.00");

    // The prices were fixed when the order was made: a member paying later still pays what was shown.
    const paid = await payOrder(yes, { orderId: memberOrder.orderId });
    expect(dataOf(paid).order).toMatchObject({ status: "paid", subTotal: "26.00", shippingFee: "0.00" });
  });

  it("the issue's case: a yearly member buying the $15 tester pen pays $12.75 and nothing for UPS Ground", async () => {
    const who = await member();
    const order = await buy(who, "LW-ACC-TDS");
    expect(order.items).toEqual([expect.objectContaining({ skuNum: "LW-ACC-TDS", discountPrice: "12.75" })]);
    // Texas tax, 6.25 %, on $12.75 is $0.80.
    expect(order).toMatchObject({ subTotal: "12.75", shippingFee: "0.00", tax: "0.80", total: "13.55" });
    // Faster methods keep their price.
    const faster = orderOf(await editOrder(who, { orderId: order.orderId, shippingMethod: "ups_2nd_day_air" }));
    expect(faster).toMatchObject({ shippingFee: "22.90", total: "36.45" });
    const back = orderOf(await editOrder(who, { orderId: order.orderId, shippingMethod: "ups_ground" }));
    expect(back).toMatchObject({ shippingFee: "0.00", total: "13.55" });
    expect(dataOf(await payOrder(who, { orderId: order.orderId }))).toMatchObject({ status: "paid", order: { total: "13.55" } });
  });

  it("an ended, cancelled or not yet started membership gives the normal price and shipping", async () => {
    const expired = await makeCustomer(db(), { address: HOUSTON });
    await giveMembership(expired.id, -400 * DAY, -1000);
    const cancelled = await makeCustomer(db(), { address: HOUSTON });
    await giveMembership(cancelled.id, -30 * DAY, 300 * DAY, "cancelled");
    const later = await makeCustomer(db(), { address: HOUSTON });
    await giveMembership(later.id, DAY, 300 * DAY);
    for (const who of [expired, cancelled, later]) {
      await putInCart(db(), who.id, "LW-ACC-TDS", 1);
      expect(await cartOf(who)).toMatchObject({ member: false, subTotal: "15.00", shipping: "11.90" });
      const order = await checkoutCart(who);
      expect(order).toMatchObject({ memberPricing: false, subTotal: "15.00", shippingFee: "11.90" });
    }
  });

  it("a membership bought in an order starts when paid: that order is not member-priced, the next one is", async () => {
    const who = await makeCustomer(db(), { address: HOUSTON });
    await putInCart(db(), who.id, "LW-MEM-Y", 1);
    await putInCart(db(), who.id, "LW-ACC-TDS", 1);
    const joining = await checkoutCart(who);
    // The pen alone ships: $15.00 is under the free threshold whatever the membership costs, and
    // only the pen is taxed.
    expect(joining).toMatchObject({ memberPricing: false, shippingMethod: "ups_ground", shippingFee: "11.90", tax: "0.94" });
    expect(joining.items.find((item) => item.skuNum === "LW-ACC-TDS")?.discountPrice).toBe("15.00");
    expect(dataOf(await payOrder(who, { orderId: joining.orderId })).status).toBe("paid");

    await putInCart(db(), who.id, "LW-ACC-TDS", 1);
    expect(await cartOf(who)).toMatchObject({ member: true, subTotal: "12.75", shipping: "0.00" });
    expect(await buy(who, "LW-ACC-TDS")).toMatchObject({ memberPricing: true, subTotal: "12.75", shippingFee: "0.00" });
  });

  it("an order of plans only asks for no address or shipping option, charges no shipping and is paid without an address", async () => {
    const service = await makeProduct(db(), { category: "repair", originalCents: 4900, discountCents: 4900 });
    const who = await makeCustomer(db(), { address: HOUSTON });
    await putInCart(db(), who.id, "LW-MEM-Y", 1);
    await putInCart(db(), who.id, service, 1);
    expect(await cartOf(who)).toMatchObject({ shippedSubTotal: "0.00", shipping: "0.00", amountToFreeShipping: "0.00" });
    const order = await checkoutCart(who);
    expect(order).toMatchObject({ shippingMethod: null, shippingAddress: null, shippingOptions: [], shippingFee: "0.00", tax: "0.00" });
    expect(order.total).toBe(order.subTotal);

    const addressed = await editOrder(who, { orderId: order.orderId, shippingAddress: HOUSTON });
    expect(addressed.status).toBe(409);
    expect(addressed.body.errmsg).toContain("Nothing in this order is shipped");
    const methodFor = await editOrder(who, { orderId: order.orderId, shippingMethod: "ups_next_day_air" });
    expect(methodFor.status).toBe(409);
    const withAddress = await payOrder(who, { orderId: order.orderId, shippingAddress: HOUSTON });
    expect(withAddress.status).toBe(422);
    expect(withAddress.body.errors?.[0]?.path).toBe("shippingAddress");

    const paid = dataOf(await payOrder(who, { orderId: order.orderId }));
    expect(paid).toMatchObject({
      status: "paid",
      order: { status: "paid", shippingMethod: null, shippingFee: "0.00", total: order.subTotal },
    });
    const [row] = await db().db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row).toMatchObject({ shippingMethod: null, shippingAddress: null, shippingCents: 0 });

    // The operator has no parcel to send.
    const admin = await makeCustomer(db(), { role: "admin" });
    const shipped = await read(
      await ship(
        apiRequest(
          "POST",
          "/api/v1/admin/orders/ship",
          { orderId: order.orderId, carrier: "UPS", trackingNumber: "1Z999AA10123456784" },
          { token: admin.token },
        ),
      ),
    );
    expect(shipped.status).toBe(409);
    expect(shipped.body.errmsg).toContain("Nothing in this order is shipped");
  });

  it("a customer without any address buys a plan: nothing asks for one", async () => {
    const who = await makeCustomer(db(), { address: null });
    const order = await buy(who, "LW-MEM-M");
    expect(order).toMatchObject({ shippingMethod: null, shippingAddress: null, shippingFee: "0.00", tax: "0.00" });
    const paid = dataOf(await payOrder(who, { orderId: order.orderId }));
    expect(paid.status).toBe("paid");
    const [row] = await db().db.select().from(memberships).where(eq(memberships.orderId, order.orderId));
    expect(row).toMatchObject({ kind: "membership", status: "active" });
    expect(row?.endsAt.toISOString()).toBe(addMonths(row?.startsAt ?? new Date(), 1).toISOString());
  });

  it("a mixed order ships only its physical lines: its fee, free threshold and tax count the goods alone", async () => {
    const pricey = await makeProduct(db(), { category: "repair", originalCents: 9000, discountCents: 9000 });
    const goods = await makeProduct(db(), { originalCents: 3000, discountCents: 3000 });
    const who = await makeCustomer(db(), { address: null });
    await putInCart(db(), who.id, pricey, 1);
    await putInCart(db(), who.id, goods, 1);
    expect(await cartOf(who)).toMatchObject({
      subTotal: "120.00",
      shippedSubTotal: "30.00",
      shipping: "11.90",
      amountToFreeShipping: "7.00",
    });
    const order = await checkoutCart(who);
    expect(order).toMatchObject({ shippingMethod: "ups_ground", subTotal: "120.00", shippingFee: "11.90", tax: "0.00", total: "131.90" });
    // It needs the address of its parcel, and is taxed on the goods only ($30.00 at 6.25 %).
    const unaddressed = await payOrder(who, { orderId: order.orderId });
    expect(unaddressed.status).toBe(422);
    expect(unaddressed.body.errors?.[0]?.path).toBe("shippingAddress");
    const paid = dataOf(await payOrder(who, { orderId: order.orderId, shippingAddress: HOUSTON }));
    expect(paid.order).toMatchObject({ status: "paid", tax: "1.88", total: "133.78" });

    const admin = await makeCustomer(db(), { role: "admin" });
    const shipped = await read(
      await ship(
        apiRequest(
          "POST",
          "/api/v1/admin/orders/ship",
          { orderId: order.orderId, carrier: "UPS", trackingNumber: "1Z999AA10123456784" },
          { token: admin.token },
        ),
      ),
    );
    expect(operatorOrderSchema.parse(dataOf(shipped)).status).toBe("shipped");
  });
});
