// @vitest-environment node
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { User } from "@/lib/schemas/user";
import { applyPaymentEvent } from "@/lib/server/orders";
import { mailsTo } from "@/test/support/after-sale";
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
  plansOf,
  PORTLAND,
  YEARLY,
} from "@/test/support/money";
import { apiRequest, makeCustomer, type Customer } from "@/test/support/shop";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { GET as profileRoute } from "../../c/user/profile/route";
import { POST as membershipCancelRoute } from "../../c/user/membership/cancel/route";

// What the payment provider says happened outside the shop, applied as its verified webhook is
// (applyPaymentEvent, after the signature check): a refund from its dashboard, a dispute and its
// outcome. Each counts once, whatever the redeliveries, lands on the ledger and the order, and a
// refund that reaches a plan's line ends the plan and tells its holder.

const ENDED_SUBJECT = "Your Lenwell Membership, yearly has ended";

describeEachEngine("provider refunds and disputes on $name", (engine) => {
  const db = databaseForSuite(engine);

  const eventId = () => `evt_${randomUUID().replaceAll("-", "")}`;
  const profile = async (who: Customer) =>
    dataOf(await read<{ user: User }>(await profileRoute(apiRequest("GET", "/api/v1/c/user/profile", undefined, { token: who.token }))))
      .user;
  const endedMails = async (who: Customer) => (await mailsTo(who.email)).filter((mail) => mail.subject === ENDED_SUBJECT);

  /** Pen + yearly membership to Oregon (no tax): $15.00 + $129.00 + $11.90 shipping = $155.90, paid. */
  async function penAndMembership(): Promise<{ who: Customer; orderId: string; providerRef: string; planId: string }> {
    const who = await makeCustomer(db(), { address: PORTLAND });
    const orderId = await paidOrderOf(who, [
      { sku: PEN, quantity: 1 },
      { sku: YEARLY, quantity: 1 },
    ]);
    expect((await customerOrder(who, orderId)).total).toBe("155.90");
    const { providerRef } = await chargeOf(db(), orderId);
    return { who, orderId, providerRef, planId: (await planOf(db(), who.id, YEARLY)).id };
  }

  it(
    "a dashboard refund of the whole order ends its membership and e-mails the member; its replay changes nothing",
    async () => {
      const { who, orderId, providerRef, planId } = await penAndMembership();
      const event = { id: eventId(), type: "charge.refunded", kind: "refund" as const, providerRef, refundedCents: 15_590 };
      expect(await applyPaymentEvent(event)).toEqual({ received: true, duplicate: false });

      const order = await customerOrder(who, orderId);
      expect(order).toMatchObject({ status: "refunded", refunded: "155.90" });
      expect(order.timeline.filter((step) => step.type === "refunded").map((step) => [step.actor, step.note])).toEqual([
        ["system", "$155.90 refunded from the payment provider's dashboard"],
      ]);
      expect(await planOf(db(), who.id, YEARLY)).toMatchObject({ id: planId, status: "cancelled", autoRenew: false });
      expect((await profile(who)).membership).toMatchObject({ plan: YEARLY, status: "cancelled" });
      const mails = await endedMails(who);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(
        "The payment for your Lenwell Membership, yearly was refunded to your card, so the plan has ended today. Nothing more will be charged for it.",
      );
      const ledger = await ledgerOf(db(), orderId);
      expect(ledger.map(({ reason, status, amountCents }) => ({ reason, status, amountCents }))).toEqual([
        { reason: "provider_dashboard", status: "succeeded", amountCents: 15_590 },
      ]);
      expect(ledger[0]?.parts).toEqual(
        new Map<string | null, number>([
          [null, 1190],
          [PEN, 1500],
          [YEARLY, 12_900],
        ]),
      );
      expect(await chargeOf(db(), orderId)).toMatchObject({ status: "refunded", refundedCents: 15_590 });
      await expectLedgerMatchesOrder(db(), orderId);

      expect(await applyPaymentEvent(event)).toEqual({ received: true, duplicate: true });
      expect(await customerOrder(who, orderId)).toMatchObject({ status: "refunded", refunded: "155.90" });
      expect(await ledgerOf(db(), orderId)).toHaveLength(1);
      expect(await endedMails(who)).toHaveLength(1);
      // Nothing is left to give back: the member's cancel finds the membership ended.
      const cancel = await read(
        await membershipCancelRoute(apiRequest("POST", "/api/v1/c/user/membership/cancel", {}, { token: who.token })),
      );
      expect(cancel.status).toBe(409);
      expect(cancel.body.errmsg).toBe("Your membership is already cancelled.");
    },
    MONEY_TEST_TIMEOUT_MS,
  );

  it(
    "a dashboard refund of an order of two care plans ends both and tells their holder once",
    async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const who = await makeCustomer(db(), { address: PORTLAND });
      await verifiedPurifier(who, admin);
      await verifiedPurifier(who, admin);
      const orderId = await paidOrderOf(who, [{ sku: CARE, quantity: 2 }]);
      const { providerRef, amountCents } = await chargeOf(db(), orderId);
      await applyPaymentEvent({ id: eventId(), type: "charge.refunded", kind: "refund", providerRef, refundedCents: amountCents });

      const plans = await plansOf(db(), who.id, CARE);
      expect(plans.map((plan) => plan.status)).toEqual(["cancelled", "cancelled"]);
      const ended = (await mailsTo(who.email)).filter((mail) => / ended$/.test(mail.subject));
      expect(ended.map((mail) => mail.subject)).toEqual(["Your 2 Lenwell Care, 2-year protection plans have ended"]);
      expect(ended[0]?.text).toContain(
        "The payment for your 2 Lenwell Care, 2-year protection plans was refunded to your card, so they have ended today.",
      );
      await expectLedgerMatchesOrder(db(), orderId);
    },
    MONEY_TEST_TIMEOUT_MS,
  );

  it(
    "a partial dashboard refund reaches the shipping and the pen first and leaves the membership running; more that reaches it ends it",
    async () => {
      const { who, orderId, providerRef } = await penAndMembership();
      await applyPaymentEvent({ id: eventId(), type: "charge.refunded", kind: "refund", providerRef, refundedCents: 2690 });
      expect(await customerOrder(who, orderId)).toMatchObject({ status: "paid", refunded: "26.90" });
      expect(await planOf(db(), who.id, YEARLY)).toMatchObject({ status: "active", autoRenew: true });
      expect((await profile(who)).membership).toMatchObject({ plan: YEARLY, status: "active" });
      expect(await endedMails(who)).toEqual([]);
      const [first] = await ledgerOf(db(), orderId);
      expect(first?.parts).toEqual(
        new Map<string | null, number>([
          [null, 1190],
          [PEN, 1500],
        ]),
      );

      // The provider's total now says $76.90: the $50.00 more can only have paid back the membership.
      await applyPaymentEvent({ id: eventId(), type: "charge.refunded", kind: "refund", providerRef, refundedCents: 7690 });
      expect(await customerOrder(who, orderId)).toMatchObject({ status: "paid", refunded: "76.90" });
      expect((await ledgerOf(db(), orderId))[1]?.parts).toEqual(new Map([[YEARLY, 5000]]));
      expect(await planOf(db(), who.id, YEARLY)).toMatchObject({ status: "cancelled" });
      expect(await endedMails(who)).toHaveLength(1);
      await expectLedgerMatchesOrder(db(), orderId);
    },
    MONEY_TEST_TIMEOUT_MS,
  );

  it(
    "two dashboard refunds learnt newest first, then one of them fails: only that part is reopened",
    async () => {
      const { who, orderId, providerRef } = await penAndMembership();
      // $26.90 then $50.00 more from the dashboard; the provider's events arrive newest first, so
      // the shop learns the $76.90 total at once and the $26.90 total after it (nothing new).
      await applyPaymentEvent({ id: eventId(), type: "charge.refunded", kind: "refund", providerRef, refundedCents: 7690 });
      await applyPaymentEvent({ id: eventId(), type: "charge.refunded", kind: "refund", providerRef, refundedCents: 2690 });
      expect(await customerOrder(who, orderId)).toMatchObject({ refunded: "76.90" });
      expect(await ledgerOf(db(), orderId)).toHaveLength(1);

      // The bank sends the $26.90 one back.
      const refundRef = `re_${randomUUID()}`;
      const failure = { type: "charge.refund.updated", kind: "refund_failed" as const, providerRef, refundRef, amountCents: 2690 };
      await applyPaymentEvent({ ...failure, id: eventId(), message: "The card was closed." });
      expect(await customerOrder(who, orderId)).toMatchObject({ refunded: "50.00" });
      expect(await chargeOf(db(), orderId)).toMatchObject({ refundedCents: 5000 });
      const ledger = await ledgerOf(db(), orderId);
      expect(ledger.map(({ status, amountCents, providerRef: ref }) => ({ status, amountCents, ref }))).toEqual(
        expect.arrayContaining([
          { status: "succeeded", amountCents: 5000, ref: null },
          { status: "failed", amountCents: 2690, ref: refundRef },
        ]),
      );
      await expectLedgerMatchesOrder(db(), orderId);

      // Delivered again, it changes nothing.
      await applyPaymentEvent({ ...failure, id: eventId(), message: "The card was closed." });
      expect(await customerOrder(who, orderId)).toMatchObject({ refunded: "50.00" });
      expect(await ledgerOf(db(), orderId)).toHaveLength(2);
    },
    MONEY_TEST_TIMEOUT_MS,
  );

  it(
    "counts a dispute once however often it is delivered, and a won dispute gives the amount back to the shop",
    async () => {
      const { who, orderId, providerRef } = await penAndMembership();
      const dispute = {
        type: "charge.dispute.created",
        kind: "dispute" as const,
        providerRef,
        disputeRef: `dp_${randomUUID()}`,
        amountCents: 2690,
      };
      expect(await applyPaymentEvent({ ...dispute, id: eventId(), reason: "fraudulent" })).toEqual({ received: true, duplicate: false });
      // The same dispute again under another event id (Stripe sends created and updated events for it).
      expect(await applyPaymentEvent({ ...dispute, id: eventId(), reason: "fraudulent" })).toEqual({ received: true, duplicate: false });

      const disputed = await customerOrder(who, orderId);
      expect(disputed).toMatchObject({ status: "paid", refunded: "26.90" });
      expect(disputed.timeline.filter((step) => step.type === "disputed").map((step) => step.note)).toEqual([
        "The cardholder disputes $26.90 with their bank (fraudulent). Answer it in the payment provider's dashboard.",
      ]);
      const ledger = await ledgerOf(db(), orderId);
      expect(ledger.map(({ reason, status, amountCents, providerRef: ref }) => ({ reason, status, amountCents, ref }))).toEqual([
        { reason: "dispute", status: "succeeded", amountCents: 2690, ref: dispute.disputeRef },
      ]);
      // It took back the shipping and the pen: the membership runs on.
      expect(await planOf(db(), who.id, YEARLY)).toMatchObject({ status: "active" });
      await expectLedgerMatchesOrder(db(), orderId);

      const won = {
        id: eventId(),
        type: "charge.dispute.closed",
        kind: "dispute_closed" as const,
        providerRef,
        disputeRef: dispute.disputeRef,
      };
      await applyPaymentEvent({ ...won, amountCents: 2690, won: true });
      const after = await customerOrder(who, orderId);
      expect(after).toMatchObject({ status: "paid", refunded: "0.00" });
      expect(after.timeline.filter((step) => step.type === "dispute_won").map((step) => step.note)).toEqual([
        "$26.90 returned to the shop: the dispute was decided in its favour",
      ]);
      expect((await ledgerOf(db(), orderId)).map((row) => row.status)).toEqual(["reversed"]);
      expect(await applyPaymentEvent({ ...won, amountCents: 2690, won: true })).toEqual({ received: true, duplicate: true });
      // Closed again under another id: still reversed once.
      await applyPaymentEvent({ ...won, id: eventId(), amountCents: 2690, won: true });
      expect((await customerOrder(who, orderId)).refunded).toBe("0.00");
      await expectLedgerMatchesOrder(db(), orderId);
    },
    MONEY_TEST_TIMEOUT_MS,
  );

  it(
    "a dispute of the whole payment ends the membership with the dispute's words; won, the order is paid again",
    async () => {
      const { who, orderId, providerRef } = await penAndMembership();
      const disputeRef = `dp_${randomUUID()}`;
      await applyPaymentEvent({
        id: eventId(),
        type: "charge.dispute.created",
        kind: "dispute",
        providerRef,
        disputeRef,
        amountCents: 15_590,
        reason: "product_not_received",
      });
      expect(await customerOrder(who, orderId)).toMatchObject({ status: "refunded", refunded: "155.90" });
      expect(await planOf(db(), who.id, YEARLY)).toMatchObject({ status: "cancelled" });
      const mails = await endedMails(who);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(
        "Your bank took back the payment for your Lenwell Membership, yearly (a dispute), so the plan has ended today.",
      );

      await applyPaymentEvent({
        id: eventId(),
        type: "charge.dispute.closed",
        kind: "dispute_closed",
        providerRef,
        disputeRef,
        amountCents: 15_590,
        won: true,
      });
      // The bank gave the money back to the shop: nothing of the order has gone back any more.
      expect(await customerOrder(who, orderId)).toMatchObject({ refunded: "0.00", status: "paid" });
    },
    MONEY_TEST_TIMEOUT_MS,
  );

  it(
    "does not count the webhook of a refund the shop made itself a second time",
    async () => {
      const { who, orderId, providerRef } = await penAndMembership();
      const cancelled = await read(
        await membershipCancelRoute(apiRequest("POST", "/api/v1/c/user/membership/cancel", {}, { token: who.token })),
      );
      expect(cancelled.status).toBe(200);
      expect((await customerOrder(who, orderId)).refunded).toBe("129.00");
      // The provider then reports the charge's refunded total, which is that very refund.
      await applyPaymentEvent({ id: eventId(), type: "charge.refunded", kind: "refund", providerRef, refundedCents: 12_900 });
      const order = await customerOrder(who, orderId);
      expect(order).toMatchObject({ status: "paid", refunded: "129.00" });
      expect(order.timeline.filter((step) => step.type === "refunded")).toHaveLength(1);
      expect((await ledgerOf(db(), orderId)).map((row) => row.reason)).toEqual(["plan_cancelled"]);
      expect(await endedMails(who)).toEqual([]);
      await expectLedgerMatchesOrder(db(), orderId);
    },
    MONEY_TEST_TIMEOUT_MS,
  );

  it(
    "records an event about a charge the shop did not make, and changes nothing",
    async () => {
      const { who, orderId } = await penAndMembership();
      expect(
        await applyPaymentEvent({
          id: eventId(),
          type: "charge.refunded",
          kind: "refund",
          providerRef: "tp_ch_unknown",
          refundedCents: 15_590,
        }),
      ).toEqual({
        received: true,
        duplicate: false,
      });
      expect(await customerOrder(who, orderId)).toMatchObject({ status: "paid", refunded: "0.00" });
      expect(await ledgerOf(db(), orderId)).toEqual([]);
    },
    MONEY_TEST_TIMEOUT_MS,
  );
});
