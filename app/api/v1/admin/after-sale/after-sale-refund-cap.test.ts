// @vitest-environment node
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { memberships } from "@/lib/db/schema";
import { operatorAfterSaleSchema, type OperatorAfterSale } from "@/lib/schemas/after-sale";
import { applyAs, mailsTo, submitTracking } from "@/test/support/after-sale";
import { dataOf, read } from "@/test/support/answer";
import { verifiedPurifier } from "@/test/support/purifiers";
import {
  CARE,
  cents,
  chargeOf,
  customerOrder,
  expectLedgerMatchesOrder,
  ledgerOf,
  MONEY_TEST_TIMEOUT_MS,
  paidOrderOf,
  PEN,
} from "@/test/support/money";
import { apiRequest, HOUSTON, makeCustomer, type Customer } from "@/test/support/shop";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { POST as approveRoute } from "./approve/route";
import { POST as receiveRoute } from "./receive/route";
import { POST as completeRoute } from "./complete/route";

// An operator completing a return can never send back more than the line was paid (its price and
// its share of the tax), whatever went back for it before: a repair that refunded part of it, or
// anything else on the ledger. Before the ledger the only cap was the order's total, so a pen's
// return could also take the shipping back.

describeEachEngine("after-sale refunds capped by the line on $name", (engine) => {
  const db = databaseForSuite(engine);

  const completeAs = async (admin: Customer, body: unknown) =>
    read<OperatorAfterSale>(await completeRoute(apiRequest("POST", "/api/v1/admin/after-sale/complete", body, { token: admin.token })));

  /** A request of `who` taken through approval, the customer's tracking number and receipt, ready to complete. */
  async function receivedRequest(admin: Customer, who: Customer, fields: Parameters<typeof applyAs>[1]): Promise<string> {
    const { afterSaleId } = dataOf(await applyAs(who, fields));
    dataOf(await read(await approveRoute(apiRequest("POST", "/api/v1/admin/after-sale/approve", { afterSaleId }, { token: admin.token }))));
    await submitTracking(who, afterSaleId);
    dataOf(await read(await receiveRoute(apiRequest("POST", "/api/v1/admin/after-sale/receive", { afterSaleId }, { token: admin.token }))));
    return afterSaleId;
  }

  it(
    "refuses a return of two pens for more than the pens' line has left, with a 409 in the shop's words, and takes what is left",
    async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const who = await makeCustomer(db(), { address: HOUSTON });
      const orderId = await paidOrderOf(who, [{ sku: PEN, quantity: 2 }], { admin, until: "delivered" });
      const bought = await customerOrder(who, orderId);
      // Two $15.00 pens, Texas tax on them ($1.88), $11.90 UPS Ground: the pens' line was paid $31.88.
      expect(bought).toMatchObject({ subTotal: "30.00", tax: "1.88", shippingFee: "11.90", total: "43.78" });

      // A repair that could not be done: the operator refunds $20.00 of the pens, and the units are handed back.
      const repair = await receivedRequest(admin, who, { orderId, skuNum: PEN, quantity: 2, type: "repair", reason: "Stopped working" });
      const repaired = operatorAfterSaleSchema.parse(dataOf(await completeAs(admin, { afterSaleId: repair, refundAmount: "20.00" })));
      expect(repaired).toMatchObject({ status: "completed", refunded: "20.00" });
      expect((await customerOrder(who, orderId)).afterSaleRemaining).toEqual({ [PEN]: 2 });

      // The return of both pens asks the order's $23.78 still unrefunded: $11.90 of that is shipping, not pens.
      const returned = await receivedRequest(admin, who, { orderId, skuNum: PEN, quantity: 2, type: "return", reason: "Stopped working" });
      const whole = await completeAs(admin, { afterSaleId: returned });
      expect(whole.status).toBe(409);
      expect(whole.body.errmsg).toBe("Only $11.88 is left refundable on this item.");
      const stated = await completeAs(admin, { afterSaleId: returned, refundAmount: "11.89" });
      expect(stated.status).toBe(409);
      expect(stated.body.errmsg).toBe("Only $11.88 is left refundable on this item.");
      // Refused: nothing moved, the request is still waiting to be completed.
      expect(await customerOrder(who, orderId)).toMatchObject({ refunded: "20.00" });
      expect((await ledgerOf(db(), orderId)).map((row) => row.amountCents)).toEqual([2000]);

      const done = operatorAfterSaleSchema.parse(dataOf(await completeAs(admin, { afterSaleId: returned, refundAmount: "11.88" })));
      expect(done).toMatchObject({ status: "completed", refunded: "11.88" });
      const order = await customerOrder(who, orderId);
      // The pens came back whole ($31.88); the shipping stayed charged, so the order is not refunded whole.
      expect(order).toMatchObject({ status: "delivered", refunded: "31.88" });
      expect(order.timeline.filter((event) => event.type === "refunded").map((event) => event.note)).toEqual([
        "$20.00 refunded to Visa ending 4242",
        "$11.88 refunded to Visa ending 4242",
      ]);
      expect(await chargeOf(db(), orderId)).toMatchObject({ refundedCents: 3188, status: "partially_refunded" });
      const ledger = await ledgerOf(db(), orderId);
      expect(ledger.map(({ reason, status, amountCents }) => ({ reason, status, amountCents }))).toEqual([
        { reason: "after_sale", status: "succeeded", amountCents: 2000 },
        { reason: "after_sale", status: "succeeded", amountCents: 1188 },
      ]);
      expect(ledger.every((row) => row.parts.size === 1 && row.parts.has(PEN))).toBe(true);
      await expectLedgerMatchesOrder(db(), orderId);
      const refundMails = (await mailsTo(who.email)).filter((mail) => mail.subject.endsWith("refund issued"));
      expect(refundMails.map((mail) => mail.text.includes("$11.88"))).toContain(true);
    },
    MONEY_TEST_TIMEOUT_MS,
  );

  it(
    "refuses to refund a Lenwell Care plan's money through a repair made under it; the repair itself completes",
    async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const who = await makeCustomer(db(), { address: HOUSTON });
      const purifier = await verifiedPurifier(who, admin);
      const orderId = await paidOrderOf(who, [{ sku: CARE, quantity: 1 }]);
      const repair = await receivedRequest(admin, who, {
        orderId,
        skuNum: CARE,
        quantity: 1,
        type: "repair",
        reason: "Stopped working",
        purifierId: purifier.purifierId,
      });

      const refused = await completeAs(admin, { afterSaleId: repair, refundAmount: "69.00" });
      expect(refused.status).toBe(409);
      expect(refused.body.errmsg).toBe(
        "A membership or care plan is not returned like goods. To end it and get its unused part back, cancel the plan from your account.",
      );
      expect((await customerOrder(who, orderId)).refunded).toBe("0.00");
      expect(await ledgerOf(db(), orderId)).toEqual([]);

      expect(operatorAfterSaleSchema.parse(dataOf(await completeAs(admin, { afterSaleId: repair })))).toMatchObject({
        status: "completed",
        refunded: "0.00",
      });
      const [plan] = await db()
        .db.select()
        .from(memberships)
        .where(and(eq(memberships.userId, who.id), eq(memberships.kind, "care")));
      expect(plan?.status).toBe("active");
      expect(cents((await customerOrder(who, orderId)).refunded)).toBe(0);
    },
    MONEY_TEST_TIMEOUT_MS,
  );
});
