// @vitest-environment node
import { eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { cartItems, orderItems, orders, products } from "@/lib/db/schema";
import { databaseForSuite, describeOnPostgres } from "@/test/support/test-engines";
import { sweepExpiredOrders } from "@/lib/server/orders";
import { dataOf, read } from "@/test/support/answer";
import { apiRequest, expectShopInvariants, makeCustomer, makeProduct, putInCart, type Customer } from "@/test/support/shop";
import { POST as checkout } from "../cart/checkout/route";
import { POST as buyNowRoute } from "./add/route";
import { POST as cancelRoute } from "./cancel/route";

// Races need a real server with real row locks: PGlite runs one statement at a time, so these run
// only on PostgreSQL (TEST_DATABASE_URL).
describeOnPostgres("order races on PostgreSQL", (engine) => {
  const db = databaseForSuite(engine);

  async function stockOf(sku: string): Promise<number> {
    const [row] = await db().db.select({ stock: products.stock }).from(products).where(eq(products.sku, sku));
    return row?.stock ?? -1;
  }

  it("60 customers check out the last 10 at once: exactly 10 orders, 50 clear 409s, stock 0", async () => {
    const sku = await makeProduct(db(), { stock: 10, name: "Limited Purifier" });
    const customers: Customer[] = [];
    for (let index = 0; index < 60; index += 1) {
      const who = await makeCustomer(db());
      await putInCart(db(), who.id, sku, 1);
      customers.push(who);
    }
    const answers = await Promise.all(
      customers.map(async (who) =>
        read(await checkout(apiRequest("POST", "/api/v1/c/merchandise/cart/checkout", {}, { token: who.token }))),
      ),
    );
    const won = answers.filter((answer) => answer.status === 200);
    const lost = answers.filter((answer) => answer.status === 409);
    expect(won).toHaveLength(10);
    expect(lost).toHaveLength(50);
    for (const answer of lost) expect(answer.body.errmsg).toBe("Limited Purifier is out of stock.");
    expect(await stockOf(sku)).toBe(0);

    const sold = await db().db.select({ quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.sku, sku));
    expect(sold.reduce((sum, line) => sum + line.quantity, 0)).toBe(10);
    // The winners' carts are empty; the losers keep theirs.
    const carts = await db().db.select({ userId: cartItems.userId }).from(cartItems).where(eq(cartItems.sku, sku));
    expect(carts).toHaveLength(50);
  }, 60_000);

  it("buy now with mixed quantities never sells more than the stock", async () => {
    const sku = await makeProduct(db(), { stock: 25 });
    const customers = await Promise.all(Array.from({ length: 30 }, () => makeCustomer(db())));
    const answers = await Promise.all(
      customers.map(async (who, index) =>
        read<{ orderId: string }>(
          await buyNowRoute(
            apiRequest("POST", "/api/v1/c/merchandise/order/add", { skuNum: sku, quantity: (index % 3) + 1 }, { token: who.token }),
          ),
        ),
      ),
    );
    const orderIds = answers.filter((answer) => answer.status === 200).map((answer) => dataOf(answer).orderId);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    const sold = await db().db.select({ quantity: orderItems.quantity }).from(orderItems).where(inArray(orderItems.orderId, orderIds));
    const soldCount = sold.reduce((sum, line) => sum + line.quantity, 0);
    expect(soldCount).toBeLessThanOrEqual(25);
    expect(await stockOf(sku)).toBe(25 - soldCount);
  }, 60_000);

  it("two sweepers at once release each expired order's stock exactly once", async () => {
    const sku = await makeProduct(db(), { stock: 40 });
    const customers = await Promise.all(Array.from({ length: 20 }, () => makeCustomer(db())));
    const orderIds: string[] = [];
    for (const who of customers) {
      const answer = await read<{ orderId: string }>(
        await buyNowRoute(apiRequest("POST", "/api/v1/c/merchandise/order/add", { skuNum: sku, quantity: 2 }, { token: who.token })),
      );
      orderIds.push(dataOf(answer).orderId);
    }
    expect(await stockOf(sku)).toBe(0);
    await db()
      .db.update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(inArray(orders.id, orderIds));

    const sweeps = await Promise.all([
      sweepExpiredOrders(),
      sweepExpiredOrders(),
      sweepExpiredOrders({ userId: customers[0]?.id ?? "" }),
      sweepExpiredOrders(),
    ]);
    const released = sweeps.flat().filter((id) => orderIds.includes(id));
    expect(released.sort()).toEqual([...orderIds].sort());
    expect(new Set(released).size).toBe(released.length);
    expect(await stockOf(sku)).toBe(40);
    const statuses = await db().db.select({ status: orders.status }).from(orders).where(inArray(orders.id, orderIds));
    expect(statuses.every((row) => row.status === "cancelled")).toBe(true);
  }, 60_000);

  it("a customer's cancel racing the expiry sweep releases the stock once", async () => {
    const sku = await makeProduct(db(), { stock: 5 });
    const who = await makeCustomer(db());
    const { orderId } = dataOf(
      await read<{ orderId: string }>(
        await buyNowRoute(apiRequest("POST", "/api/v1/c/merchandise/order/add", { skuNum: sku, quantity: 5 }, { token: who.token })),
      ),
    );
    await db()
      .db.update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId));
    const [cancelAnswer] = await Promise.all([
      read(await cancelRoute(apiRequest("POST", "/api/v1/c/merchandise/order/cancel", { orderId }, { token: who.token }))),
      sweepExpiredOrders(),
    ]);
    // The cancel sweeps the customer's expired orders first, so either way it finds it cancelled.
    expect(cancelAnswer.status).toBe(409);
    expect(await stockOf(sku)).toBe(5);
    const [row] = await db().db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    expect(row?.status).toBe("cancelled");
  }, 60_000);

  it("afterwards every invariant holds: no negative stock, every order adds up, one charge per paid order", async () => {
    await expectShopInvariants(db());
  });
});
