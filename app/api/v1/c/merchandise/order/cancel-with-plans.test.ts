// @vitest-environment node
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { sandboxCharges } from "@/lib/db/schema";
import { orderSchema } from "@/lib/schemas/order";
import type { User } from "@/lib/schemas/user";
import { mailsTo } from "@/test/support/after-sale";
import { dataOf, read } from "@/test/support/answer";
import {
  chargeOf,
  customerOrder,
  expectLedgerMatchesOrder,
  ledgerOf,
  MONEY_TEST_TIMEOUT_MS,
  MONTHLY,
  paidOrderOf,
  PEN,
  planOf,
  YEARLY,
} from "@/test/support/money";
import { apiRequest, HOUSTON, makeCustomer, type Customer } from "@/test/support/shop";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { orderNumber } from "@/lib/display/order-display";
import { POST as cancelRoute } from "./cancel/route";
import { GET as profileRoute } from "../../user/profile/route";
import { POST as membershipCancelRoute } from "../../user/membership/cancel/route";

// A paid order cancelled before it ships gives back its goods and shipping whole, and each plan in
// it by the plan's own rule: a yearly membership with its 12 months unused comes back whole and
// ends; a monthly one gives nothing back, stops renewing and runs to the end of its month.

describeEachEngine("cancelling a paid order with a plan in it on $name", (engine) => {
  const db = databaseForSuite(engine);

  const cancel = async (who: Customer, orderId: string) =>
    orderSchema.parse(
      dataOf(await read(await cancelRoute(apiRequest("POST", "/api/v1/c/merchandise/order/cancel", { orderId }, { token: who.token })))),
    );
  const profile = async (who: Customer) =>
    dataOf(await read<{ user: User }>(await profileRoute(apiRequest("GET", "/api/v1/c/user/profile", undefined, { token: who.token }))))
      .user;

  it(
    "gives back the pen, the shipping and the unused yearly membership whole, and ends the membership",
    async () => {
      const who = await makeCustomer(db(), { address: HOUSTON });
      const orderId = await paidOrderOf(who, [
        { sku: PEN, quantity: 1 },
        { sku: YEARLY, quantity: 1 },
      ]);
      const paid = await customerOrder(who, orderId);
      // Texas tax is on the pen only (plans are not parcels): $0.94 of $15.00.
      expect(paid).toMatchObject({
        status: "paid",
        subTotal: "144.00",
        shippingFee: "11.90",
        tax: "0.94",
        total: "156.84",
        canCancel: true,
      });
      expect((await profile(who)).membership).toMatchObject({ plan: YEARLY, status: "active" });

      const cancelled = await cancel(who, orderId);
      expect(cancelled).toMatchObject({ status: "cancelled", total: "156.84", refunded: "156.84", canCancel: false });
      const refunds = cancelled.timeline.filter((event) => event.type === "refunded").map((event) => event.note);
      expect(refunds).toEqual([
        "$27.84 refunded to Visa ending 4242",
        "$129.00 refunded to Visa ending 4242. Lenwell Membership, yearly cancelled: 12 full months not used",
      ]);
      expect(cancelled.timeline.map((event) => event.type).slice(-1)).toEqual(["cancelled"]);

      const plan = await planOf(db(), who.id, YEARLY);
      expect(plan).toMatchObject({ status: "cancelled", autoRenew: false });
      expect(plan.cancelledAt).not.toBeNull();
      expect((await profile(who)).membership).toMatchObject({ plan: YEARLY, status: "cancelled", autoRenew: false });

      // Both rows are written in the cancel's one transaction (same instant): compared by reason.
      const ledger = (await ledgerOf(db(), orderId)).sort((a, b) => a.reason.localeCompare(b.reason));
      expect(ledger.map(({ reason, status, amountCents, membershipId }) => ({ reason, status, amountCents, membershipId }))).toEqual([
        { reason: "order_cancelled", status: "succeeded", amountCents: 2784, membershipId: null },
        { reason: "plan_cancelled", status: "succeeded", amountCents: 12_900, membershipId: plan.id },
      ]);
      // The pen and its tax, the shipping, and the membership: each part at most what it was paid.
      expect(ledger[0]?.parts).toEqual(
        new Map<string | null, number>([
          [PEN, 1594],
          [null, 1190],
        ]),
      );
      expect(ledger[1]?.parts).toEqual(new Map([[YEARLY, 12_900]]));
      await expectLedgerMatchesOrder(db(), orderId);
      const charge = await chargeOf(db(), orderId);
      expect(charge).toMatchObject({ status: "refunded", refundedCents: 15_684 });
      const [atProvider] = await db().db.select().from(sandboxCharges).where(eq(sandboxCharges.ref, charge.providerRef));
      expect(atProvider?.refundedCents).toBe(15_684);

      const mail = (await mailsTo(who.email)).find((message) => message.subject === "Your Lenwell order was cancelled");
      expect(mail?.text).toContain(`Your order #${orderNumber(orderId)} was cancelled.`);
      expect(mail?.text).toContain("We refunded $156.84 to the card you paid with.");
    },
    MONEY_TEST_TIMEOUT_MS,
  );

  it(
    "gives back the pen and the shipping but nothing of a monthly membership, which stops renewing and runs to its month's end",
    async () => {
      const who = await makeCustomer(db(), { address: HOUSTON });
      const orderId = await paidOrderOf(who, [
        { sku: PEN, quantity: 1 },
        { sku: MONTHLY, quantity: 1 },
      ]);
      expect(await customerOrder(who, orderId)).toMatchObject({ subTotal: "27.90", shippingFee: "11.90", tax: "0.94", total: "40.74" });
      const before = await planOf(db(), who.id, MONTHLY);
      expect(before).toMatchObject({ status: "active", autoRenew: true });

      const cancelled = await cancel(who, orderId);
      expect(cancelled).toMatchObject({ status: "cancelled", total: "40.74", refunded: "27.84" });
      expect(cancelled.timeline.filter((event) => event.type === "refunded").map((event) => event.note)).toEqual([
        "$27.84 refunded to Visa ending 4242",
      ]);

      const plan = await planOf(db(), who.id, MONTHLY);
      expect(plan).toMatchObject({ status: "active", autoRenew: false, nextRenewalAttemptAt: null });
      expect(plan.endsAt.toISOString()).toBe(before.endsAt.toISOString());
      expect(plan.cancelledAt).not.toBeNull();
      const membership = (await profile(who)).membership;
      expect(membership).toMatchObject({ plan: MONTHLY, status: "active", autoRenew: false, endsAt: before.endsAt.toISOString() });
      expect(membership?.cancelledAt).not.toBeNull();

      const ledger = await ledgerOf(db(), orderId);
      expect(ledger.map(({ reason, amountCents }) => ({ reason, amountCents }))).toEqual([
        { reason: "order_cancelled", amountCents: 2784 },
      ]);
      expect(ledger[0]?.parts.has(MONTHLY)).toBe(false);
      await expectLedgerMatchesOrder(db(), orderId);
      expect(await chargeOf(db(), orderId)).toMatchObject({ status: "partially_refunded", refundedCents: 2784 });

      const mail = (await mailsTo(who.email)).find((message) => message.subject === "Your Lenwell order was cancelled");
      expect(mail?.text).toContain("We refunded $27.84 to the card you paid with.");
    },
    MONEY_TEST_TIMEOUT_MS,
  );

  it(
    "never refunds a yearly membership twice: cancelled first by the member, then with its order",
    async () => {
      const who = await makeCustomer(db(), { address: HOUSTON });
      const orderId = await paidOrderOf(who, [
        { sku: PEN, quantity: 1 },
        { sku: YEARLY, quantity: 1 },
      ]);
      expect(
        (await read(await membershipCancelRoute(apiRequest("POST", "/api/v1/c/user/membership/cancel", {}, { token: who.token })))).status,
      ).toBe(200);
      expect((await customerOrder(who, orderId)).refunded).toBe("129.00");

      const cancelled = await cancel(who, orderId);
      expect(cancelled).toMatchObject({ status: "cancelled", total: "156.84", refunded: "156.84" });
      const ledger = await ledgerOf(db(), orderId);
      expect(ledger.map(({ reason, amountCents }) => ({ reason, amountCents }))).toEqual([
        { reason: "plan_cancelled", amountCents: 12_900 },
        { reason: "order_cancelled", amountCents: 2784 },
      ]);
      await expectLedgerMatchesOrder(db(), orderId);
      expect(await chargeOf(db(), orderId)).toMatchObject({ status: "refunded", refundedCents: 15_684 });
      const mail = (await mailsTo(who.email)).find((message) => message.subject === "Your Lenwell order was cancelled");
      // The cancel itself gave back the pen, its tax and the shipping; the membership had gone back before.
      expect(mail?.text).toContain("We refunded $27.84 to the card you paid with.");
    },
    MONEY_TEST_TIMEOUT_MS,
  );

  it(
    "tells the customer the truth when a cancelled paid order gives nothing back (a monthly membership alone)",
    async () => {
      const who = await makeCustomer(db(), { address: HOUSTON });
      const orderId = await paidOrderOf(who, [{ sku: MONTHLY, quantity: 1 }]);
      const cancelled = await cancel(who, orderId);
      expect(cancelled).toMatchObject({ status: "cancelled", total: "12.90", refunded: "0.00" });
      expect(await planOf(db(), who.id, MONTHLY)).toMatchObject({ status: "active", autoRenew: false });
      expect(await ledgerOf(db(), orderId)).toEqual([]);
      const mail = (await mailsTo(who.email)).find((message) => message.subject === "Your Lenwell order was cancelled");
      // The order was paid: "it was not paid, so nothing was charged" would be false.
      expect(mail?.text).not.toContain("It was not paid, so nothing was charged.");
    },
    MONEY_TEST_TIMEOUT_MS,
  );
});
