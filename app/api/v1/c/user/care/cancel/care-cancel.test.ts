// @vitest-environment node
import { expect, it } from "vitest";
import { careCancellationSchema } from "@/lib/schemas/purifier";
import { cancelMembershipResponseSchema, type User } from "@/lib/schemas/user";
import { cancelCarePlan, previewCareCancellation } from "@/lib/server/memberships";
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
  planOf,
} from "@/test/support/money";
import { apiRequest, HOUSTON, makeCustomer, type Customer } from "@/test/support/shop";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { GET as previewRoute, POST as cancelRoute } from "./route";
import { GET as profileRoute } from "../../profile/route";
import { POST as operatorPlanCancelRoute } from "../../../../admin/plans/cancel/route";

// Cancelling Lenwell Care ($69.00, 24 months), by its holder or by an operator: the plan ends at
// once; within 30 days of buying it and with no repair made under it the whole price comes back;
// after a repair, nothing; later, its unused full months pro rata.

const DAY_MS = 86_400_000;

describeEachEngine("cancelling Lenwell Care on $name", (engine) => {
  const db = databaseForSuite(engine);

  const preview = async (who: Customer | null, planId: string) =>
    read(await previewRoute(apiRequest("GET", `/api/v1/c/user/care/cancel?planId=${planId}`, undefined, { token: who?.token ?? null })));
  const cancel = async (who: Customer | null, planId: string) =>
    read(await cancelRoute(apiRequest("POST", "/api/v1/c/user/care/cancel", { planId }, { token: who?.token ?? null })));
  const profile = async (who: Customer) =>
    dataOf(await read<{ user: User }>(await profileRoute(apiRequest("GET", "/api/v1/c/user/profile", undefined, { token: who.token }))))
      .user;

  /** A customer with a purifier bought elsewhere (Lenwell Care needs one) who bought and paid a care plan. */
  async function careHolder(): Promise<{ who: Customer; orderId: string; planId: string; purifierId: string }> {
    const who = await makeCustomer(db(), { address: HOUSTON });
    const { purifierId } = await verifiedPurifier(who, await makeCustomer(db(), { role: "admin" }));
    const orderId = await paidOrderOf(who, [{ sku: CARE, quantity: 1 }]);
    expect(await customerOrder(who, orderId)).toMatchObject({ status: "paid", total: "69.00" });
    const plan = await planOf(db(), who.id, CARE);
    expect(plan).toMatchObject({ status: "active", purifierId, orderId });
    return { who, orderId, planId: plan.id, purifierId };
  }

  it(
    "within 30 days gives back the whole $69.00, ends the plan, e-mails the customer, and refuses a second cancel",
    async () => {
      const { who, orderId, planId } = await careHolder();
      const expected = { refund: "69.00", why: "cancelled within 30 days of buying it", card: "Visa •••• 4242" };
      expect(careCancellationSchema.parse(dataOf(await preview(who, planId)))).toEqual(expected);
      // Asking changes nothing.
      expect(await planOf(db(), who.id, CARE)).toMatchObject({ status: "active" });

      expect(careCancellationSchema.parse(dataOf(await cancel(who, planId)))).toEqual(expected);
      expect(await planOf(db(), who.id, CARE)).toMatchObject({ status: "cancelled", autoRenew: false });
      expect((await profile(who)).carePlan).toMatchObject({ plan: CARE, status: "cancelled" });

      const order = await customerOrder(who, orderId);
      expect(order).toMatchObject({ total: "69.00", refunded: "69.00" });
      expect(order.timeline.filter((event) => event.type === "refunded").map((event) => [event.actor, event.note])).toEqual([
        [
          "customer",
          "$69.00 refunded to Visa ending 4242. Lenwell Care, 2-year protection cancelled: cancelled within 30 days of buying it",
        ],
      ]);
      expect(await chargeOf(db(), orderId)).toMatchObject({ status: "refunded", refundedCents: 6900 });
      const ledger = await ledgerOf(db(), orderId);
      expect(ledger.map(({ reason, status, amountCents, membershipId }) => ({ reason, status, amountCents, membershipId }))).toEqual([
        { reason: "plan_cancelled", status: "succeeded", amountCents: 6900, membershipId: planId },
      ]);
      await expectLedgerMatchesOrder(db(), orderId);

      const mail = (await mailsTo(who.email)).find((message) => message.subject === "Your Lenwell Care plan is cancelled");
      expect(mail?.text).toContain("You cancelled your Lenwell Care, 2-year protection.");
      expect(mail?.text).toContain("we refunded $69.00 (cancelled within 30 days of buying it) to Visa •••• 4242");

      const again = await cancel(who, planId);
      expect(again.status).toBe(409);
      expect(again.body.errmsg).toBe("This care plan has already ended or been cancelled.");
      expect((await preview(who, planId)).status).toBe(409);
      expect((await customerOrder(who, orderId)).refunded).toBe("69.00");
      expect(await ledgerOf(db(), orderId)).toHaveLength(1);
    },
    MONEY_TEST_TIMEOUT_MS,
  );

  it(
    "marks an order whose whole payment came back through the plan's cancel as refunded",
    async () => {
      const { who, orderId, planId } = await careHolder();
      dataOf(await cancel(who, planId));
      // Everything paid for the order went back: the order reads "refunded", as after a whole after-sale refund.
      expect(await customerOrder(who, orderId)).toMatchObject({ status: "refunded", refunded: "69.00" });
    },
    MONEY_TEST_TIMEOUT_MS,
  );

  it(
    "gives nothing back once a repair was made under the plan, and still ends it",
    async () => {
      const { who, orderId, planId, purifierId } = await careHolder();
      dataOf(await applyAs(who, { orderId, skuNum: CARE, type: "repair", reason: "Stopped working", purifierId }));
      const expected = { refund: "0.00", why: "A repair was made under the plan, so nothing is refunded.", card: null };
      expect(careCancellationSchema.parse(dataOf(await preview(who, planId)))).toEqual(expected);
      expect(careCancellationSchema.parse(dataOf(await cancel(who, planId)))).toEqual(expected);
      expect(await planOf(db(), who.id, CARE)).toMatchObject({ status: "cancelled" });
      expect(await customerOrder(who, orderId)).toMatchObject({ status: "paid", refunded: "0.00" });
      expect(await ledgerOf(db(), orderId)).toEqual([]);
      const mail = (await mailsTo(who.email)).find((message) => message.subject === "Your Lenwell Care plan is cancelled");
      expect(mail?.text).toContain("It ended today. A repair was made under the plan, so nothing is refunded.");
    },
    MONEY_TEST_TIMEOUT_MS,
  );

  it(
    "after 30 days gives back the unused full months pro rata (22 of 24 months: $63.25)",
    async () => {
      const { who, orderId, planId } = await careHolder();
      const plan = await planOf(db(), who.id, CARE);
      // The route runs on the real clock; the service takes the moment, as the route's callers do.
      const later = new Date(plan.createdAt.getTime() + 40 * DAY_MS);
      const expected = { refund: "63.25", why: "22 full months not used", card: "Visa •••• 4242" };
      expect(await previewCareCancellation(who.id, planId, later)).toEqual(expected);
      expect(await cancelCarePlan(who.id, planId, later)).toEqual(expected);

      expect(await planOf(db(), who.id, CARE)).toMatchObject({ status: "cancelled" });
      const order = await customerOrder(who, orderId);
      expect(order).toMatchObject({ status: "paid", refunded: "63.25" });
      expect(order.timeline.filter((event) => event.type === "refunded").map((event) => event.note)).toEqual([
        "$63.25 refunded to Visa ending 4242. Lenwell Care, 2-year protection cancelled: 22 full months not used",
      ]);
      expect(await chargeOf(db(), orderId)).toMatchObject({ status: "partially_refunded", refundedCents: 6325 });
      await expectLedgerMatchesOrder(db(), orderId);
      const mail = (await mailsTo(who.email)).find((message) => message.subject === "Your Lenwell Care plan is cancelled");
      expect(mail?.text).toContain("we refunded $63.25 (22 full months not used) to Visa •••• 4242");
    },
    MONEY_TEST_TIMEOUT_MS,
  );

  it(
    "answers another customer's plan as one that does not exist, and needs a session",
    async () => {
      const { who, orderId, planId } = await careHolder();
      const stranger = await makeCustomer(db(), { address: HOUSTON });
      for (const answer of [await preview(stranger, planId), await cancel(stranger, planId)]) {
        expect(answer.status).toBe(404);
        expect(answer.body.errmsg).toBe("This membership does not exist.");
      }
      expect((await cancel(null, planId)).status).toBe(401);
      expect((await preview(null, planId)).status).toBe(401);
      expect((await cancel(who, "not-a-plan")).status).toBe(422);
      expect(await planOf(db(), who.id, CARE)).toMatchObject({ status: "active" });
      expect((await customerOrder(who, orderId)).refunded).toBe("0.00");
    },
    MONEY_TEST_TIMEOUT_MS,
  );

  it(
    "lets an operator cancel a care plan through the plans console under the same rule",
    async () => {
      const { who, orderId, planId } = await careHolder();
      const admin = await makeCustomer(db(), { role: "admin" });
      const cancelAs = async (caller: Customer, membershipId: string) =>
        read(await operatorPlanCancelRoute(apiRequest("POST", "/api/v1/admin/plans/cancel", { membershipId }, { token: caller.token })));

      expect((await cancelAs(who, planId)).status).toBe(403);
      const answer = cancelMembershipResponseSchema.parse(dataOf(await cancelAs(admin, planId)));
      expect(answer.cancellation).toEqual({ mode: "now", refund: 69, unusedMonths: 24, card: "Visa •••• 4242" });
      expect(await planOf(db(), who.id, CARE)).toMatchObject({ status: "cancelled", cancelledByUserId: admin.id });
      const order = await customerOrder(who, orderId);
      expect(order.refunded).toBe("69.00");
      expect(order.timeline.find((event) => event.type === "refunded")?.actor).toBe("admin");
      await expectLedgerMatchesOrder(db(), orderId);
      const mail = (await mailsTo(who.email)).find((message) => message.subject === "Your Lenwell Care plan is cancelled");
      expect(mail?.text).toContain("Lenwell cancelled your Lenwell Care, 2-year protection.");
      expect(mail?.text).toContain("we refunded $69.00 (cancelled within 30 days of buying it) to Visa •••• 4242");

      const again = await cancelAs(admin, planId);
      expect(again.status).toBe(409);
      expect(again.body.errmsg).toBe("This care plan has already ended or been cancelled.");
      expect(await ledgerOf(db(), orderId)).toHaveLength(1);
    },
    MONEY_TEST_TIMEOUT_MS,
  );
});
