// @vitest-environment node
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { afterSaleRequests, sandboxCharges } from "@/lib/db/schema";
import { cancelMembershipResponseSchema } from "@/lib/schemas/user";
import { applyAs, mailsTo } from "@/test/support/after-sale";
import { dataOf, read } from "@/test/support/answer";
import { verifiedPurifier } from "@/test/support/purifiers";
import {
  CARE,
  chargeOf,
  customerOrder,
  expectLedgerMatchesOrder,
  ledgerOf,
  MONEY_TEST_TIMEOUT_MS,
  paidOrderOf,
  PEN,
  planOf,
  PORTLAND,
  YEARLY,
} from "@/test/support/money";
import { apiRequest, makeCustomer, type Customer } from "@/test/support/shop";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { POST as membershipCancelRoute } from "../../user/membership/cancel/route";

// The reported defect: a membership bought with goods was "returned" through after-sale and the
// whole order (goods, shipping and all) went back, while the membership ran on. A plan's line is
// never returned like goods; its money comes back only by its own rule, once, and that ends it.

const PLAN_NOT_RETURNABLE =
  "A membership or care plan is not returned like goods. To end it and get its unused part back, cancel the plan from your account.";

describeEachEngine("plan lines and after-sale on $name", (engine) => {
  const db = databaseForSuite(engine);

  const cancelMembership = async (who: Customer) =>
    read(await membershipCancelRoute(apiRequest("POST", "/api/v1/c/user/membership/cancel", {}, { token: who.token })));
  const requestsOf = async (orderId: string) => db().db.select().from(afterSaleRequests).where(eq(afterSaleRequests.orderId, orderId));

  it(
    "refuses a return, refund or exchange of a yearly membership bought with a pen; cancelling the membership refunds $129.00 once and ends it",
    async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const who = await makeCustomer(db(), { address: PORTLAND });
      const orderId = await paidOrderOf(
        who,
        [
          { sku: PEN, quantity: 1 },
          { sku: YEARLY, quantity: 1 },
        ],
        { admin, until: "delivered" },
      );
      const delivered = await customerOrder(who, orderId);
      // $15.00 pen + $129.00 membership + $11.90 UPS Ground (the pen alone is under free shipping), no Oregon tax.
      expect(delivered).toMatchObject({ status: "delivered", subTotal: "144.00", shippingFee: "11.90", tax: "0.00", total: "155.90" });
      expect(delivered.afterSaleRemaining).toEqual({ [PEN]: 1, [YEARLY]: 0 });
      expect(delivered.canApplyAfterSale).toBe(true);

      for (const type of ["return", "refund", "exchange"]) {
        const refused = await applyAs(who, {
          orderId,
          skuNum: YEARLY,
          type,
          reason: type === "exchange" ? "Wrong item" : "No longer needed",
        });
        expect(refused.status, type).toBe(422);
        expect(refused.body.errmsg).toBe(PLAN_NOT_RETURNABLE);
        expect(refused.body.errors).toEqual([{ path: "skuNum", message: PLAN_NOT_RETURNABLE }]);
      }
      expect(await requestsOf(orderId)).toEqual([]);
      expect((await customerOrder(who, orderId)).refunded).toBe("0.00");

      const plan = await planOf(db(), who.id, YEARLY);
      expect(plan).toMatchObject({ status: "active", orderId });

      const cancelled = cancelMembershipResponseSchema.parse(dataOf(await cancelMembership(who)));
      expect(cancelled.cancellation).toEqual({ mode: "now", refund: 129, unusedMonths: 12, card: "Visa •••• 4242" });
      expect(cancelled.membership).toMatchObject({ plan: YEARLY, status: "cancelled", autoRenew: false });
      expect(await planOf(db(), who.id, YEARLY)).toMatchObject({ status: "cancelled", autoRenew: false });

      // The order gave back the membership's price, not the order's total; it stays delivered.
      const after = await customerOrder(who, orderId);
      expect(after).toMatchObject({ status: "delivered", total: "155.90", refunded: "129.00" });
      expect(after.timeline.filter((event) => event.type === "refunded").map((event) => [event.actor, event.note])).toEqual([
        ["customer", "$129.00 refunded to Visa ending 4242. Lenwell Membership, yearly cancelled: 12 full months not used"],
      ]);
      const charge = await chargeOf(db(), orderId);
      expect(charge).toMatchObject({ status: "partially_refunded", refundedCents: 12_900 });
      const [atProvider] = await db().db.select().from(sandboxCharges).where(eq(sandboxCharges.ref, charge.providerRef));
      expect(atProvider?.refundedCents).toBe(12_900);
      const ledger = await ledgerOf(db(), orderId);
      expect(ledger.map(({ reason, status, amountCents, membershipId }) => ({ reason, status, amountCents, membershipId }))).toEqual([
        { reason: "plan_cancelled", status: "succeeded", amountCents: 12_900, membershipId: plan.id },
      ]);
      expect(ledger[0]?.parts).toEqual(new Map([[YEARLY, 12_900]]));
      await expectLedgerMatchesOrder(db(), orderId);

      const mail = (await mailsTo(who.email)).find((message) => message.subject === "Your Lenwell membership is cancelled");
      expect(mail?.text).toContain("We refunded $129.00 for 12 full months you had not used to Visa •••• 4242");

      // A second cancel finds nothing to cancel, and nothing more goes back.
      const again = await cancelMembership(who);
      expect(again.status).toBe(409);
      expect(again.body.errmsg).toBe("Your membership is already cancelled.");
      expect((await customerOrder(who, orderId)).refunded).toBe("129.00");
      expect(await ledgerOf(db(), orderId)).toHaveLength(1);

      // The membership line can still not be returned for its money a second time; the pen can be returned.
      expect((await applyAs(who, { orderId, skuNum: YEARLY, type: "refund", reason: "No longer needed" })).status).toBe(422);
      dataOf(await applyAs(who, { orderId, skuNum: PEN, type: "return", reason: "No longer needed" }));
      expect((await customerOrder(who, orderId)).afterSaleRemaining).toEqual({ [PEN]: 0, [YEARLY]: 0 });
    },
    MONEY_TEST_TIMEOUT_MS,
  );

  it(
    "refuses a return, refund or exchange of a Lenwell Care line bought with a pen, and offers after-sale on the pen only",
    async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const who = await makeCustomer(db(), { address: PORTLAND });
      await verifiedPurifier(who, admin);
      const orderId = await paidOrderOf(
        who,
        [
          { sku: PEN, quantity: 1 },
          { sku: CARE, quantity: 1 },
        ],
        { admin, until: "delivered" },
      );
      const delivered = await customerOrder(who, orderId);
      expect(delivered).toMatchObject({ status: "delivered", subTotal: "84.00", shippingFee: "11.90", total: "95.90" });
      expect(delivered.afterSaleRemaining).toEqual({ [PEN]: 1, [CARE]: 0 });

      for (const type of ["return", "refund", "exchange"]) {
        const refused = await applyAs(who, {
          orderId,
          skuNum: CARE,
          type,
          reason: type === "exchange" ? "Wrong item" : "No longer needed",
        });
        expect(refused.status, type).toBe(422);
        expect(refused.body.errmsg).toBe(PLAN_NOT_RETURNABLE);
      }
      // A repair not naming the covered purifier is not a repair under the plan either.
      expect((await applyAs(who, { orderId, skuNum: CARE, type: "repair", reason: "Other" })).status).toBe(422);
      expect(await requestsOf(orderId)).toEqual([]);
      expect(await planOf(db(), who.id, CARE)).toMatchObject({ status: "active", orderId });
      expect((await customerOrder(who, orderId)).refunded).toBe("0.00");
      expect(await ledgerOf(db(), orderId)).toEqual([]);

      dataOf(await applyAs(who, { orderId, skuNum: PEN, type: "return", reason: "No longer needed" }));
    },
    MONEY_TEST_TIMEOUT_MS,
  );
});
