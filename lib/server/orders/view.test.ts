// @vitest-environment node
import { expect, it } from "vitest";
import { memberships } from "@/lib/db/schema";
import { verifiedPurifier } from "@/test/support/purifiers";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { HOUSTON, makeCustomer, makeProduct, putInCart } from "@/test/support/shop";
import { buyNow, checkoutCart } from "@/lib/server/checkout";
import { getOrderForCustomer } from "./customer";

// "Member prices applied" is a claim about the order's lines: it holds only when a line cost less
// than its regular price because a membership ran, not for every order a member makes.

const DAY = 24 * 60 * 60 * 1000;

describeEachEngine("member-priced lines of an order on $name", (engine) => {
  const db = databaseForSuite(engine);

  async function member() {
    const who = await makeCustomer(db(), { address: HOUSTON });
    const now = Date.now();
    await db()
      .db.insert(memberships)
      .values({
        userId: who.id,
        kind: "membership",
        sku: "LW-MEM-Y",
        startsAt: new Date(now - 30 * DAY),
        endsAt: new Date(now + 300 * DAY),
      });
    return who;
  }

  it("a member's care-plan order is made while the membership runs, yet applies no member price", async () => {
    const who = await member();
    // Lenwell Care is sold to owners of a purifier the shop vouches for.
    await verifiedPurifier(who, await makeCustomer(db(), { role: "admin" }));
    const { orderId } = await buyNow(who.id, "LW-CARE-2Y", 1, null);
    const order = await getOrderForCustomer(who.id, orderId);
    expect(order).toMatchObject({ memberPricing: true, memberPricesApplied: false, subTotal: "69.00" });
  });

  it("a member's order of products without member prices applies none; one with a member-priced line does", async () => {
    const who = await member();
    const plain = await makeProduct(db(), { discountCents: 900, originalCents: 1000 });
    // A member price no lower than the discount price saves nothing either.
    const same = await makeProduct(db(), { discountCents: 1500, originalCents: 1900, memberCents: 1500 });
    const cheaper = await makeProduct(db(), { discountCents: 2000, originalCents: 2500, memberCents: 1700 });

    await putInCart(db(), who.id, plain, 1);
    await putInCart(db(), who.id, same, 2);
    const without = await getOrderForCustomer(who.id, (await checkoutCart(who.id, null)).orderId);
    expect(without).toMatchObject({ memberPricing: true, memberPricesApplied: false, subTotal: "39.00" });

    await putInCart(db(), who.id, plain, 1);
    await putInCart(db(), who.id, cheaper, 1);
    const withMemberPrice = await getOrderForCustomer(who.id, (await checkoutCart(who.id, null)).orderId);
    expect(withMemberPrice).toMatchObject({ memberPricing: true, memberPricesApplied: true, subTotal: "26.00" });
  });

  it("a customer without a membership pays regular prices, and the order says nothing of member prices", async () => {
    const who = await makeCustomer(db(), { address: HOUSTON });
    const cheaper = await makeProduct(db(), { discountCents: 2000, originalCents: 2500, memberCents: 1700 });
    const { orderId } = await buyNow(who.id, cheaper, 1, null);
    expect(await getOrderForCustomer(who.id, orderId)).toMatchObject({
      memberPricing: false,
      memberPricesApplied: false,
      subTotal: "20.00",
    });
  });
});
