// @vitest-environment node
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { cartItems, memberships, orders, type MembershipRow } from "@/lib/db/schema";
import { formatOrderDate } from "@/lib/display/order-display";
import { addToCart, updateCartItem } from "@/lib/server/cart";
import { buyNow, checkoutCart } from "@/lib/server/checkout";
import { HOUSTON, makeCustomer, putInCart } from "@/test/support/shop";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { MEMBERSHIP_MESSAGES } from "./messages";

// The yearly membership is one per customer: one at a time, and not for a customer whose membership
// is active. Its page says so; these are the calls behind the page, which refuse the rest.

const YEARLY = "LW-MEM-Y";
const MONTHLY = "LW-MEM-M";
const DAY = 24 * 60 * 60 * 1000;

describeEachEngine("one yearly membership per customer on $name", (engine) => {
  const db = databaseForSuite(engine);

  async function customerWith(status?: MembershipRow["status"], days = { from: -30, to: 300 }) {
    const who = await makeCustomer(db(), { address: HOUSTON });
    if (status) {
      const now = Date.now();
      await db()
        .db.insert(memberships)
        .values({
          userId: who.id,
          kind: "membership",
          sku: MONTHLY,
          status,
          startsAt: new Date(now + days.from * DAY),
          endsAt: new Date(now + days.to * DAY),
        });
    }
    return who;
  }

  const ordersOf = async (userId: string) => db().db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
  const inCart = async (userId: string, sku: string) =>
    (
      await db()
        .db.select({ quantity: cartItems.quantity })
        .from(cartItems)
        .where(and(eq(cartItems.userId, userId), eq(cartItems.sku, sku)))
    )[0]?.quantity ?? 0;

  it("sells it one at a time: a quantity of 2 is refused by buy now, the cart and its stepper", async () => {
    const who = await customerWith();
    await expect(buyNow(who.id, YEARLY, 2, null)).rejects.toMatchObject({ code: 409, message: MEMBERSHIP_MESSAGES.onePerCustomer });
    await expect(addToCart(who.id, YEARLY, 2)).rejects.toMatchObject({ code: 409, message: MEMBERSHIP_MESSAGES.onePerCustomer });

    await addToCart(who.id, YEARLY, 1);
    // A second add would merge into 2.
    await expect(addToCart(who.id, YEARLY, 1)).rejects.toMatchObject({
      code: 409,
      message: `${MEMBERSHIP_MESSAGES.onePerCustomer} You already have 1 in your cart.`,
    });
    await expect(updateCartItem(who.id, YEARLY, 2)).rejects.toMatchObject({ code: 409, message: MEMBERSHIP_MESSAGES.onePerCustomer });
    expect(await inCart(who.id, YEARLY)).toBe(1);
    expect(await ordersOf(who.id)).toHaveLength(0);

    // One is what anyone may buy.
    expect((await checkoutCart(who.id, null)).orderId).toEqual(expect.any(String));
    // The monthly plan is not one per customer: several months may be paid ahead.
    expect((await buyNow(who.id, MONTHLY, 2, null)).orderId).toEqual(expect.any(String));
  });

  it("is not sold to a customer whose membership is active, who is told until when it runs", async () => {
    const who = await customerWith("active");
    const [row] = await db().db.select({ endsAt: memberships.endsAt }).from(memberships).where(eq(memberships.userId, who.id));
    const refusal = { code: 409, message: MEMBERSHIP_MESSAGES.alreadyMember(formatOrderDate(row?.endsAt.toISOString() ?? "")) };
    expect(refusal.message).toMatch(/^You are a member until [A-Z][a-z]{2} \d{1,2}, \d{4}\./);

    await expect(addToCart(who.id, YEARLY, 1)).rejects.toMatchObject(refusal);
    await expect(buyNow(who.id, YEARLY, 1, null)).rejects.toMatchObject(refusal);
    // A line put in the cart before the membership began is refused at checkout, and nothing changes.
    await putInCart(db(), who.id, YEARLY, 1);
    await expect(checkoutCart(who.id, null)).rejects.toMatchObject(refusal);
    expect(await inCart(who.id, YEARLY)).toBe(1);
    expect(await ordersOf(who.id)).toHaveLength(0);
  });

  it("is sold again once the membership has ended, or to a member whose renewal failed (it replaces that one)", async () => {
    for (const who of [
      await customerWith("expired", { from: -400, to: -35 }),
      await customerWith("cancelled", { from: -200, to: -2 }),
      await customerWith("active", { from: -60, to: -30 }),
      await customerWith("past_due", { from: -40, to: -3 }),
    ]) {
      expect((await buyNow(who.id, YEARLY, 1, null)).orderId).toEqual(expect.any(String));
    }
  });
});
