// @vitest-environment node
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { sandboxCharges, sandboxRefunds } from "@/lib/db/schema";
import { operatorOrderSchema, type OperatorOrder } from "@/lib/schemas/operator-order";
import { applyPaymentEvent } from "@/lib/server/orders";
import { applyAs, submitTracking } from "@/test/support/after-sale";
import { dataOf, read } from "@/test/support/answer";
import {
  chargeOf,
  consoleOrder,
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
import { POST as cancelRoute } from "./cancel/route";
import { POST as retryRoute } from "./refund-retry/route";
import { POST as approveRoute } from "../after-sale/approve/route";
import { POST as receiveRoute } from "../after-sale/receive/route";
import { POST as completeRoute } from "../after-sale/complete/route";

// A refund can fail after the shop decided it: the provider refuses it at once, or takes it and
// says later that it did not reach the card (a closed card). Either way it no longer counts on the
// order, the timeline says so, and the console lists it for the operator to send again, once.

const CLOSED_CARD = "The customer's card was closed, so the refund could not be delivered.";

describeEachEngine("refunds that fail, and sending them again, on $name", (engine) => {
  const db = databaseForSuite(engine);

  const cancelAs = async (admin: Customer, orderId: string) =>
    operatorOrderSchema.parse(
      dataOf(
        await read(
          await cancelRoute(
            apiRequest("POST", "/api/v1/admin/orders/cancel", { orderId, reason: "Customer asked by phone" }, { token: admin.token }),
          ),
        ),
      ),
    );
  const retryAs = async (who: Customer, refundId: string) =>
    read<OperatorOrder>(await retryRoute(apiRequest("POST", "/api/v1/admin/orders/refund-retry", { refundId }, { token: who.token })));

  /**
   * What the provider does when a refund it took fails afterwards (Stripe: the refund turns
   * "failed" and its amount is refundable on the charge again), then its webhook: the sandbox gateway
   * answers every refund at once, so its books are moved here as a real provider's would be.
   */
  async function refundFailsLater(refundRef: string, providerRef: string, amountCents: number): Promise<void> {
    const [atProvider] = await db().db.select().from(sandboxRefunds).where(eq(sandboxRefunds.ref, refundRef));
    expect(atProvider?.amountCents).toBe(amountCents);
    await db()
      .db.update(sandboxCharges)
      .set({ refundedCents: sql`${sandboxCharges.refundedCents} - ${amountCents}` })
      .where(eq(sandboxCharges.ref, providerRef));
    const event = {
      id: `evt_${randomUUID()}`,
      type: "refund.failed",
      kind: "refund_failed" as const,
      providerRef,
      refundRef,
      amountCents,
      message: CLOSED_CARD,
    };
    expect(await applyPaymentEvent(event)).toEqual({ received: true, duplicate: false });
  }

  it(
    "reopens a cancel's refund that failed later, lists it for the operator, and sends it again once",
    async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const who = await makeCustomer(db(), { address: PORTLAND });
      const orderId = await paidOrderOf(who, [
        { sku: PEN, quantity: 1 },
        { sku: YEARLY, quantity: 1 },
      ]);
      const plan = await planOf(db(), who.id, YEARLY);
      expect(await cancelAs(admin, orderId)).toMatchObject({ status: "cancelled", total: "155.90", refunded: "155.90" });
      const cancelled = await consoleOrder(admin, orderId);
      expect(
        cancelled.refunds
          .map(({ amount, status, reason, canRetry }) => ({ amount, status, reason, canRetry }))
          .sort((a, b) => a.reason.localeCompare(b.reason)),
      ).toEqual([
        { amount: "26.90", status: "succeeded", reason: "Order cancelled", canRetry: false },
        { amount: "129.00", status: "succeeded", reason: "Plan cancelled", canRetry: false },
      ]);
      expect(await planOf(db(), who.id, YEARLY)).toMatchObject({ status: "cancelled" });

      const { providerRef } = await chargeOf(db(), orderId);
      const planRefund = (await ledgerOf(db(), orderId)).find((row) => row.reason === "plan_cancelled");
      if (!planRefund?.providerRef) throw new Error("The plan's refund has no provider reference");
      await refundFailsLater(planRefund.providerRef, providerRef, 12_900);

      const reopened = await customerOrder(who, orderId);
      expect(reopened).toMatchObject({ status: "cancelled", refunded: "26.90" });
      expect(reopened.timeline.filter((step) => step.type === "refund_failed").map((step) => [step.actor, step.note])).toEqual([
        ["system", `$129.00 refund failed: ${CLOSED_CARD}`],
      ]);
      expect(await chargeOf(db(), orderId)).toMatchObject({ refundedCents: 2690, status: "partially_refunded" });
      // What the refund ended stays ended: the money is owed, not the membership.
      expect(await planOf(db(), who.id, YEARLY)).toMatchObject({ status: "cancelled" });
      await expectLedgerMatchesOrder(db(), orderId);

      const listed = await consoleOrder(admin, orderId);
      expect(listed.refunded).toBe("26.90");
      const failed = listed.refunds.find((refund) => refund.refundId === planRefund.id);
      expect(failed).toMatchObject({
        amount: "129.00",
        status: "failed",
        failureMessage: CLOSED_CARD,
        canRetry: true,
        reason: "Plan cancelled",
      });
      expect(listed.refunds.filter((refund) => refund.canRetry)).toHaveLength(1);

      expect((await retryAs(who, planRefund.id)).status).toBe(403);
      const retried = operatorOrderSchema.parse(dataOf(await retryAs(admin, planRefund.id)));
      expect(retried).toMatchObject({ status: "cancelled", refunded: "155.90" });
      expect(retried.refunds).toHaveLength(3);
      expect(retried.refunds.find((refund) => refund.refundId === planRefund.id)).toMatchObject({ status: "failed", canRetry: false });
      const sentAgain = retried.refunds.find((refund) => refund.refundId !== planRefund.id && refund.amount === "129.00");
      expect(sentAgain).toMatchObject({ status: "succeeded", canRetry: false, reason: "Plan cancelled", failureMessage: null });
      expect(sentAgain?.to).toMatch(/^Visa •••• 4242 · tp_re_/);
      const ledger = await ledgerOf(db(), orderId);
      const again = ledger.find((row) => row.id === sentAgain?.refundId);
      expect(again).toMatchObject({ reason: "plan_cancelled", status: "succeeded", membershipId: plan.id, amountCents: 12_900 });
      expect(again?.parts).toEqual(new Map([[YEARLY, 12_900]]));
      expect(retried.timeline.filter((step) => step.type === "refunded").map((step) => step.actor)).toEqual(["admin", "admin", "admin"]);
      expect(await chargeOf(db(), orderId)).toMatchObject({ refundedCents: 15_590, status: "refunded" });
      await expectLedgerMatchesOrder(db(), orderId);

      const twice = await retryAs(admin, planRefund.id);
      expect(twice.status).toBe(409);
      expect(twice.body.errmsg).toBe("This refund has already been sent again.");
      const notFailed = await retryAs(admin, sentAgain?.refundId ?? "");
      expect(notFailed.status).toBe(409);
      expect(notFailed.body.errmsg).toBe("Only a refund that failed can be sent again.");
      const unknown = await retryAs(admin, randomUUID());
      expect(unknown.status).toBe(404);
      expect(unknown.body.errmsg).toBe("This refund does not exist.");
      expect((await customerOrder(who, orderId)).refunded).toBe("155.90");
      expect(await ledgerOf(db(), orderId)).toHaveLength(3);

      // The provider's later word on the failed refund, delivered again, changes nothing more.
      await applyPaymentEvent({
        id: `evt_${randomUUID()}`,
        type: "refund.failed",
        kind: "refund_failed",
        providerRef,
        refundRef: planRefund.providerRef,
        amountCents: 12_900,
        message: CLOSED_CARD,
      });
      expect((await customerOrder(who, orderId)).refunded).toBe("155.90");
      await expectLedgerMatchesOrder(db(), orderId);
    },
    MONEY_TEST_TIMEOUT_MS,
  );

  it(
    "no longer shows an order as refunded once the refund that made it whole has failed",
    async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const who = await makeCustomer(db(), { address: PORTLAND });
      // Three pens ($45.00) ship free: a return of all three gives back the whole order.
      const orderId = await paidOrderOf(who, [{ sku: PEN, quantity: 3 }], { admin, until: "delivered" });
      expect(await customerOrder(who, orderId)).toMatchObject({ shippingFee: "0.00", total: "45.00" });
      const { afterSaleId } = dataOf(await applyAs(who, { orderId, skuNum: PEN, quantity: 3, type: "return", reason: "No longer needed" }));
      dataOf(
        await read(await approveRoute(apiRequest("POST", "/api/v1/admin/after-sale/approve", { afterSaleId }, { token: admin.token }))),
      );
      await submitTracking(who, afterSaleId);
      dataOf(
        await read(await receiveRoute(apiRequest("POST", "/api/v1/admin/after-sale/receive", { afterSaleId }, { token: admin.token }))),
      );
      dataOf(
        await read(await completeRoute(apiRequest("POST", "/api/v1/admin/after-sale/complete", { afterSaleId }, { token: admin.token }))),
      );
      expect(await customerOrder(who, orderId)).toMatchObject({ status: "refunded", refunded: "45.00" });

      const { providerRef } = await chargeOf(db(), orderId);
      const [refund] = await ledgerOf(db(), orderId);
      if (!refund?.providerRef) throw new Error("The return's refund has no provider reference");
      await refundFailsLater(refund.providerRef, providerRef, 4500);
      const failed = await customerOrder(who, orderId);
      expect(failed.refunded).toBe("0.00");
      await expectLedgerMatchesOrder(db(), orderId);
      // The money never reached the card: the order must not read "Refunded" (it was delivered).
      expect(failed.status).toBe("delivered");

      const retried = operatorOrderSchema.parse(dataOf(await retryAs(admin, refund.id)));
      // Sent again and whole again: the order reads "Refunded" as it did after the return.
      expect(retried).toMatchObject({ refunded: "45.00", status: "refunded" });
      await expectLedgerMatchesOrder(db(), orderId);
    },
    MONEY_TEST_TIMEOUT_MS,
  );

  it(
    "keeps a refund the provider refuses at once as failed, with its words on the timeline, for the operator to send again",
    async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const who = await makeCustomer(db(), { address: PORTLAND });
      const orderId = await paidOrderOf(who, [{ sku: PEN, quantity: 2 }]);
      const { providerRef } = await chargeOf(db(), orderId);
      // Someone refunded the charge in the provider's dashboard and its webhook has not arrived yet.
      await db().db.update(sandboxCharges).set({ refundedCents: sandboxCharges.amountCents }).where(eq(sandboxCharges.ref, providerRef));

      const answered = await cancelAs(admin, orderId);
      const cancelled = await consoleOrder(admin, orderId);
      expect(cancelled).toMatchObject({ status: "cancelled", total: "41.90", refunded: "0.00" });
      const refused = {
        amount: "41.90",
        status: "failed",
        failureMessage: "The refund is more than what is left of the payment.",
        canRetry: true,
      };
      expect(cancelled.refunds).toEqual([expect.objectContaining(refused)]);
      expect(cancelled.timeline.filter((step) => step.type === "refund_failed").map((step) => step.note)).toEqual([
        "$41.90 refund failed: The refund is more than what is left of the payment.",
      ]);
      expect((await customerOrder(who, orderId)).refunded).toBe("0.00");
      expect(await chargeOf(db(), orderId)).toMatchObject({ refundedCents: 0, status: "succeeded" });
      await expectLedgerMatchesOrder(db(), orderId);

      // The cancel's own answer is what the operator reads first: it should say the refund was refused,
      // as the refund-retry answer (read after the provider answered) would, not "$41.90 refunded".
      expect(answered).toMatchObject({ status: "cancelled", refunded: "0.00" });
      expect(answered.refunds).toEqual([expect.objectContaining(refused)]);
    },
    MONEY_TEST_TIMEOUT_MS,
  );
});
