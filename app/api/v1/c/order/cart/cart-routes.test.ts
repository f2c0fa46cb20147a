// @vitest-environment node
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { cartItems, products } from "@/lib/db/schema";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import type { CartList } from "@/lib/schemas/cart";
import { cartListSchema } from "@/lib/schemas/cart";
import { dataOf, read, type Answer } from "@/test/support/answer";
import { makeCustomer, makeProduct } from "@/test/support/shop";
import { cartLinesForCheckout, clearCart } from "@/lib/server/cart";
import { POST as add } from "./add/route";
import { POST as update } from "./update/route";
import { GET as list } from "./list/route";
import { DELETE as remove } from "./delete/route";

const base = "http://shop.test/api/v1/c/order/cart";

function send(method: "POST" | "DELETE", path: string, token: string | null, body: unknown, raw = false): Request {
  return new Request(`${base}${path}`, {
    method,
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin", ...(token ? { token } : {}) },
    body: raw ? String(body) : JSON.stringify(body),
  });
}

function cartOf(answer: Answer): CartList {
  return cartListSchema.parse(dataOf(answer));
}

describeEachEngine("cart calls on $name", (engine) => {
  const db = databaseForSuite(engine);

  const customer = () => makeCustomer(db());
  /** A product of this test's own, so limits do not depend on other suites' changes. */
  const product = (values: Parameters<typeof makeProduct>[1] = {}) =>
    makeProduct(db(), { stock: 50, originalCents: 1500, discountCents: 1200, ...values });

  const addItem = async (token: string | null, body: unknown) => read(await add(send("POST", "/add/", token, body)));
  const setItem = async (token: string | null, body: unknown) => read(await update(send("POST", "/update/", token, body)));
  const removeItem = async (token: string | null, body: unknown) => read(await remove(send("DELETE", "/delete/", token, body)));
  const listItems = async (token: string | null) => read(await list(new Request(`${base}/list`, { headers: token ? { token } : {} })));

  it("answers an empty cart with zero strings and no lines", async () => {
    const { token } = await customer();
    const cart = cartOf(await listItems(token));
    expect(cart).toEqual({
      cartList: [],
      shipping: "0.00",
      subTotal: "0.00",
      shippedSubTotal: "0.00",
      member: false,
      freeShippingThreshold: "37.00",
      amountToFreeShipping: "0.00",
      count: 0,
    });
  });

  it("adds a product with the catalogue's data and prices, and merges a second add into the same line", async () => {
    const { token } = await customer();
    const sku = await product({ originalCents: 1500, discountCents: 1200 });
    const first = cartOf(await addItem(token, { skuNum: sku, quantity: 1 }));
    expect(first.cartList).toEqual([
      {
        skuNum: sku,
        name: `Test item ${sku}`,
        image: [`/images/${sku}.jpg`],
        attributes: "Blue",
        spec: [{ spec_key: "size", spec_name: "Size", spec_value: "M" }],
        quantity: 1,
        originalPrice: "15.00",
        discountPrice: "12.00",
        memberPrice: null,
        stock: 50,
      },
    ]);
    // 12.00 is under the $37 threshold: ground shipping is charged and 25.00 is left to add.
    expect(first).toMatchObject({ subTotal: "12.00", shipping: "11.90", amountToFreeShipping: "25.00", count: 1 });

    const merged = cartOf(await addItem(token, { skuNum: sku, quantity: 2 }));
    expect(merged.cartList).toHaveLength(1);
    expect(merged.cartList[0]?.quantity).toBe(3);
    // 36.00 is a dollar short; a fourth piece reaches free shipping.
    expect(merged).toMatchObject({ subTotal: "36.00", shipping: "11.90", amountToFreeShipping: "1.00", count: 3 });
    const free = cartOf(await addItem(token, { skuNum: sku, quantity: 1 }));
    expect(free).toMatchObject({ subTotal: "48.00", shipping: "0.00", amountToFreeShipping: "0.00", count: 4 });
  });

  it("counts pieces for the badge, across lines", async () => {
    const { token } = await customer();
    const [a, b] = [await product(), await product()];
    await addItem(token, { skuNum: a, quantity: 2 });
    const cart = cartOf(await addItem(token, { skuNum: b, quantity: 3 }));
    expect(cart.cartList.map((item) => item.skuNum)).toEqual([a, b]);
    expect(cart.count).toBe(5);
    expect(cartOf(await listItems(token))).toEqual(cart);
  });

  it("free shipping starts exactly at the threshold", async () => {
    const { token } = await customer();
    const sku = await product({ originalCents: 3700, discountCents: 3700 });
    const cart = cartOf(await addItem(token, { skuNum: sku, quantity: 1 }));
    expect(cart).toMatchObject({ subTotal: "37.00", shipping: "0.00", amountToFreeShipping: "0.00" });
  });

  it("sets a quantity with update, and always prices from the database", async () => {
    const { token } = await customer();
    const sku = await product({ discountCents: 1000, originalCents: 1000 });
    await addItem(token, { skuNum: sku, quantity: 1 });
    const cart = cartOf(await setItem(token, { skuNum: sku, quantity: 7 }));
    expect(cart.cartList[0]?.quantity).toBe(7);
    expect(cart.subTotal).toBe("70.00");
    // A price change in the catalogue shows in the cart at once: the line stores no price.
    await db().db.update(products).set({ discountPriceCents: 500 }).where(eq(products.sku, sku));
    expect(cartOf(await listItems(token)).subTotal).toBe("35.00");
  });

  it("refuses prices or other fields sent by the client, and changes nothing", async () => {
    const { token } = await customer();
    const sku = await product();
    for (const body of [
      { skuNum: sku, quantity: 1, discountPrice: "0.01" },
      { skuNum: sku, quantity: 1, price: 1 },
      { skuNum: sku, quantity: 1, userId: randomUUID() },
    ]) {
      const answer = await addItem(token, body);
      expect(answer.status).toBe(422);
      expect(answer.body.errors?.[0]?.path).toBe("body");
    }
    expect((await setItem(token, { skuNum: sku, quantity: 1, subTotal: "0.00" })).status).toBe(422);
    expect((await removeItem(token, { skuNum: sku, quantity: 1 })).status).toBe(422);
    expect(cartOf(await listItems(token)).cartList).toEqual([]);
  });

  it.each([
    ["0", 0],
    ["1001", 1001],
    ["1.5", 1.5],
    ['"2"', "2"],
    ["-1", -1],
    ["null", null],
  ])("refuses the quantity %s on add and update, naming the field", async (_label, quantity) => {
    const { token } = await customer();
    const sku = await product();
    await addItem(token, { skuNum: sku, quantity: 2 });
    for (const call of [addItem, setItem]) {
      const answer = await call(token, { skuNum: sku, quantity });
      expect(answer.status).toBe(422);
      expect(answer.body.errmsg).toMatch(/^quantity: /);
      expect(answer.body.errors?.map((error) => error.path)).toEqual(["quantity"]);
    }
    expect(cartOf(await listItems(token)).cartList[0]?.quantity).toBe(2);
  });

  it("accepts the limits 1 and 1000 when the stock allows", async () => {
    const { token } = await customer();
    const sku = await product({ stock: 5000 });
    expect(cartOf(await addItem(token, { skuNum: sku, quantity: 1000 })).count).toBe(1000);
    expect(cartOf(await setItem(token, { skuNum: sku, quantity: 1 })).count).toBe(1);
  });

  it("refuses more than the stock with 409 on quantity: on add, on a merge and on update", async () => {
    const { token } = await customer();
    const sku = await product({ stock: 3 });
    const tooMany = await addItem(token, { skuNum: sku, quantity: 4 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({
      code: 409,
      data: null,
      errmsg: "Only 3 left in stock.",
      errors: [{ path: "quantity", message: "Only 3 left in stock." }],
    });
    expect(cartOf(await addItem(token, { skuNum: sku, quantity: 2 })).count).toBe(2);
    const merge = await addItem(token, { skuNum: sku, quantity: 2 });
    expect(merge.status).toBe(409);
    expect(merge.body.errmsg).toBe("Only 3 left in stock. You already have 2 in your cart.");
    const over = await setItem(token, { skuNum: sku, quantity: 4 });
    expect(over.status).toBe(409);
    expect(over.body.errors).toEqual([{ path: "quantity", message: "Only 3 left in stock." }]);
    // Nothing changed by the refusals; the stock itself is reported for the stepper's maximum.
    const cart = cartOf(await listItems(token));
    expect(cart.cartList[0]).toMatchObject({ quantity: 2, stock: 3 });
    expect(cartOf(await setItem(token, { skuNum: sku, quantity: 3 })).count).toBe(3);
  });

  it("refuses a merge past 1000 pieces of one product", async () => {
    const { token } = await customer();
    const sku = await product({ stock: 5000 });
    await addItem(token, { skuNum: sku, quantity: 600 });
    const answer = await addItem(token, { skuNum: sku, quantity: 401 });
    expect(answer.status).toBe(409);
    expect(answer.body.errmsg).toBe("You can have at most 1000 of one product in your cart. You already have 600 in your cart.");
    expect(cartOf(await listItems(token)).count).toBe(600);
  });

  it("says a sold-out product is out of stock", async () => {
    const { token } = await customer();
    const sku = await product({ stock: 0 });
    const answer = await addItem(token, { skuNum: sku, quantity: 1 });
    expect(answer.status).toBe(409);
    expect(answer.body.errmsg).toBe("This product is out of stock.");
  });

  it("answers 404 on skuNum for an unknown or unlisted product, and 422 for a malformed sku", async () => {
    const { token } = await customer();
    const unlisted = await product({ listed: false });
    for (const skuNum of ["LW-NOPE-404", unlisted]) {
      for (const call of [addItem, setItem]) {
        const answer = await call(token, { skuNum, quantity: 1 });
        expect(answer.status).toBe(404);
        expect(answer.body.errors).toEqual([{ path: "skuNum", message: "This product does not exist or is no longer sold." }]);
      }
    }
    const malformed = await addItem(token, { skuNum: "<script>", quantity: 1 });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors?.[0]?.path).toBe("skuNum");
    expect((await addItem(token, { quantity: 1 })).body.errors?.[0]?.path).toBe("skuNum");
  });

  it("update and delete of a product that is not in the cart answer 404 on skuNum", async () => {
    const { token } = await customer();
    const sku = await product();
    for (const answer of [await setItem(token, { skuNum: sku, quantity: 1 }), await removeItem(token, { skuNum: sku })]) {
      expect(answer.status).toBe(404);
      expect(answer.body.errors).toEqual([{ path: "skuNum", message: "This product is not in your cart." }]);
    }
  });

  it("deletes a line and answers the rest of the cart", async () => {
    const { token } = await customer();
    const [a, b] = [await product(), await product()];
    await addItem(token, { skuNum: a, quantity: 1 });
    await addItem(token, { skuNum: b, quantity: 4 });
    const cart = cartOf(await removeItem(token, { skuNum: a }));
    expect(cart.cartList.map((item) => item.skuNum)).toEqual([b]);
    expect(cart.count).toBe(4);
  });

  it("keeps each customer to their own cart: another customer's line can be neither seen nor touched", async () => {
    const alice = await customer();
    const bob = await customer();
    const sku = await product();
    await addItem(alice.token, { skuNum: sku, quantity: 5 });
    expect(cartOf(await listItems(bob.token)).cartList).toEqual([]);
    expect((await setItem(bob.token, { skuNum: sku, quantity: 1 })).status).toBe(404);
    expect((await removeItem(bob.token, { skuNum: sku })).status).toBe(404);
    // Bob's own add makes Bob's line; Alice's is untouched by all of it.
    expect(cartOf(await addItem(bob.token, { skuNum: sku, quantity: 1 })).count).toBe(1);
    expect(cartOf(await listItems(alice.token)).cartList[0]?.quantity).toBe(5);
  });

  it("answers 401 without a valid session, whatever the call", async () => {
    const sku = await product();
    for (const answer of [
      await listItems(null),
      await listItems("x".repeat(43)),
      await addItem(null, { skuNum: sku, quantity: 1 }),
      await setItem(null, { skuNum: sku, quantity: 1 }),
      await removeItem(null, { skuNum: sku }),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.body.data).toBeNull();
    }
  });

  it("refuses malformed and non-JSON bodies and cross-site mutations", async () => {
    const { token } = await customer();
    expect((await read(await add(send("POST", "/add/", token, "{not json", true)))).status).toBe(400);
    const form = new Request(`${base}/add/`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", token },
      body: "skuNum=LW-F1-PP&quantity=1",
    });
    expect((await read(await add(form))).status).toBe(415);
    const crossSite = new Request(`${base}/add/`, {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "cross-site", token },
      body: JSON.stringify({ skuNum: "LW-F1-PP", quantity: 1 }),
    });
    expect((await read(await add(crossSite))).status).toBe(403);
  });

  it("hides a line whose product was withdrawn from sale, and still lets it be deleted", async () => {
    const { token } = await customer();
    const [kept, withdrawn] = [await product(), await product()];
    await addItem(token, { skuNum: kept, quantity: 1 });
    await addItem(token, { skuNum: withdrawn, quantity: 2 });
    await db().db.update(products).set({ listed: false }).where(eq(products.sku, withdrawn));
    const cart = cartOf(await listItems(token));
    expect(cart.cartList.map((item) => item.skuNum)).toEqual([kept]);
    expect(cart.count).toBe(1);
    expect(cartOf(await removeItem(token, { skuNum: withdrawn })).count).toBe(1);
  });

  it("gives checkout the listed lines in sku order inside its transaction, and empties the cart there", async () => {
    const { id, token } = await customer();
    const [a, b, gone] = [await product(), await product(), await product()];
    await addItem(token, { skuNum: b, quantity: 2 });
    await addItem(token, { skuNum: a, quantity: 1 });
    await addItem(token, { skuNum: gone, quantity: 1 });
    await db().db.update(products).set({ listed: false }).where(eq(products.sku, gone));
    const lines = await db().db.transaction(async (tx) => {
      const found = await cartLinesForCheckout(tx, id);
      await clearCart(
        tx,
        id,
        found.map((line) => line.sku),
      );
      return found;
    });
    const expected: [string, number][] = [
      [a, 1],
      [b, 2],
    ];
    expected.sort(([x], [y]) => (x < y ? -1 : 1));
    expect(lines.map((line) => [line.sku, line.quantity])).toEqual(expected);
    expect(lines.every((line) => line.discountPriceCents === 1200)).toBe(true);
    // Only the lines bought go; the withdrawn one stays (hidden) until the customer deletes it.
    const left = await db().db.select().from(cartItems).where(eq(cartItems.userId, id));
    expect(left.map((row) => row.sku)).toEqual([gone]);
    await db().db.transaction((tx) => clearCart(tx, id));
    expect(
      await db()
        .db.select()
        .from(cartItems)
        .where(and(eq(cartItems.userId, id))),
    ).toEqual([]);
  });
});
