// @vitest-environment node
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  mailOutbox,
  memberships,
  orderEvents,
  orderItems,
  orders,
  payments,
  products,
  savedPaymentMethods,
  sandboxCharges,
  users,
} from "@/lib/db/schema";
import { operatorCancelOrder } from "@/lib/server/orders";
import type { User } from "@/lib/schemas/user";
import { dataOf, read } from "@/test/support/answer";
import { apiRequest, expectShopInvariants, HOUSTON, makeCustomer, putInCart, type Customer } from "@/test/support/shop";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { POST as buyNowRoute } from "@/app/api/v1/c/merchandise/order/add/route";
import { POST as checkoutRoute } from "@/app/api/v1/c/merchandise/cart/checkout/route";
import { setReminderSubscription } from "@/lib/server/reminders";
import { POST as payRoute } from "@/app/api/v1/c/merchandise/order/payment/route";
import { GET as profileRoute } from "@/app/api/v1/c/user/profile/route";
import { POST as cancelRoute } from "@/app/api/v1/c/user/membership/cancel/route";
import { PUT as cardRoute } from "@/app/api/v1/c/user/membership/card/route";
import { POST as operatorCancelRoute } from "@/app/api/v1/admin/plans/cancel/route";
import {
  operatorCancelMembership,
  cancelMembership,
  customerPlans,
  isMemberAt,
  runCareReminders,
  runRenewals,
  setRenewalCard,
} from "./index";

// Renewals, retries, cancels and reminders on a clock the tests choose: each member pays at the
// real checkout, then the membership's period is moved to the dates under test and the jobs run at
// injected moments. Every job runs over the whole database, so each test looks at its own member.

const nextYear = new Date().getUTCFullYear() + 1;
const GOOD = "4242424242424242";
const FAILS_ON_RENEWAL = "4000000000000341";
const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);
// Tests that run the jobs many times: more than the default 5 s when the machine is busy.
const JOB_TEST_TIMEOUT_MS = 30_000;

describeEachEngine("membership renewals and cancels on $name", (engine) => {
  const db = databaseForSuite(engine);

  interface Member {
    who: Customer;
    membershipId: string;
    orderId: string;
  }

  /**
   * A customer who bought `sku` (with `alongside` in the same order, from the cart) with `cardNumber`,
   * the membership then set to run from `startsAt` to `endsAt`.
   */
  async function member(sku: string, cardNumber: string, startsAt: string, endsAt: string, alongside: string[] = []): Promise<Member> {
    const who = await makeCustomer(db(), { address: HOUSTON });
    let response: Response;
    if (alongside.length === 0) {
      response = await buyNowRoute(
        apiRequest("POST", "/api/v1/c/merchandise/order/add", { skuNum: sku, quantity: 1 }, { token: who.token }),
      );
    } else {
      for (const line of [sku, ...alongside]) await putInCart(db(), who.id, line, 1);
      response = await checkoutRoute(apiRequest("POST", "/api/v1/c/merchandise/cart/checkout", {}, { token: who.token }));
    }
    const added = dataOf(await read<{ orderId: string }>(response));
    const card = { number: cardNumber, expMonth: 12, expYear: nextYear, cvc: "123", name: "Ada Park" };
    // No "save" box ticked: a membership keeps its card for the renewals anyway.
    const paid = dataOf(
      await read<{ status: string }>(
        await payRoute(
          apiRequest(
            "POST",
            "/api/v1/c/merchandise/order/payment",
            { orderId: added.orderId, card, idempotencyKey: `key-${randomUUID()}` },
            { token: who.token },
          ),
        ),
      ),
    );
    expect(paid.status).toBe("paid");
    const [row] = await db()
      .db.update(memberships)
      .set({ startsAt: at(startsAt), endsAt: at(endsAt) })
      .where(eq(memberships.userId, who.id))
      .returning();
    if (!row) throw new Error("no membership");
    return { who, membershipId: row.id, orderId: added.orderId };
  }

  async function row(membershipId: string) {
    const [found] = await db().db.select().from(memberships).where(eq(memberships.id, membershipId));
    if (!found) throw new Error("membership gone");
    return found;
  }

  async function mailsTo(email: string) {
    const rows = await db().db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    return rows.map((mail) => ({ subject: mail.subject, body: mail.body }));
  }

  async function taxOf(orderId: string): Promise<number> {
    const [order] = await db().db.select({ tax: orders.taxCents }).from(orders).where(eq(orders.id, orderId));
    return order?.tax ?? 0;
  }

  async function stockOf(sku: string): Promise<number> {
    const [product] = await db().db.select({ stock: products.stock }).from(products).where(eq(products.sku, sku));
    return product?.stock ?? Number.NaN;
  }

  async function ordersOf(userId: string) {
    return db().db.select().from(orders).where(eq(orders.userId, userId));
  }

  it(
    "keeps the card the member joined with and renews exactly at the period's end, Jan 31 → Feb 29 → Mar 31",
    async () => {
      const { who, membershipId } = await member("LW-MEM-M", GOOD, "2028-01-31T18:00:00Z", "2028-02-29T18:00:00Z");
      const joined = await row(membershipId);
      expect(joined).toMatchObject({ autoRenew: true, status: "active" });
      const [card] = await db().db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.userId, who.id));
      expect(card).toMatchObject({ id: joined.paymentMethodId, last4: "4242" });

      await runRenewals(at("2028-02-29T17:59:59.999Z"));
      expect((await row(membershipId)).endsAt.toISOString()).toBe("2028-02-29T18:00:00.000Z");
      expect(await ordersOf(who.id)).toHaveLength(1);

      await runRenewals(at("2028-02-29T18:00:00Z"));
      const renewed = await row(membershipId);
      expect(renewed).toMatchObject({ status: "active", renewalAttempts: 0 });
      expect(renewed.endsAt.toISOString()).toBe("2028-03-31T18:00:00.000Z");
      const renewal = (await ordersOf(who.id)).find((order) => order.id === renewed.periodOrderId);
      expect(renewal).toMatchObject({
        status: "paid",
        subtotalCents: 1290,
        shippingCents: 0,
        taxCents: 0,
        totalCents: 1290,
        shippingAddress: null,
      });
      const lines = await db()
        .db.select()
        .from(orderItems)
        .where(eq(orderItems.orderId, renewal?.id ?? ""));
      expect(lines).toMatchObject([{ sku: "LW-MEM-M", quantity: 1, unitPriceCents: 1290 }]);
      const [payment] = await db()
        .db.select()
        .from(payments)
        .where(eq(payments.orderId, renewal?.id ?? ""));
      expect(payment).toMatchObject({ status: "succeeded", amountCents: 1290, last4: "4242" });
      const receipts = (await mailsTo(who.email)).filter((mail) => mail.subject.startsWith("Receipt"));
      expect(receipts).toHaveLength(1);
      expect(receipts[0]?.body).toContain("We charged $12.90 to Visa •••• 4242");
      expect(receipts[0]?.body).toContain("It now runs until Mar 31, 2028");

      await runRenewals(at("2028-03-31T18:00:00Z"));
      expect((await row(membershipId)).endsAt.toISOString()).toBe("2028-04-30T18:00:00.000Z");
      await expectShopInvariants(db());
    },
    JOB_TEST_TIMEOUT_MS,
  );

  it(
    "renews a period once when two runs of the job go at the same moment",
    async () => {
      const { who, membershipId } = await member("LW-MEM-M", GOOD, "2029-05-15T10:00:00Z", "2029-06-15T10:00:00Z");
      const moment = at("2029-06-15T10:00:01Z");
      await Promise.all([runRenewals(moment), runRenewals(moment)]);
      expect((await row(membershipId)).endsAt.toISOString()).toBe("2029-07-15T10:00:00.000Z");
      expect(await ordersOf(who.id)).toHaveLength(2);
      const charges = await db().db.select().from(sandboxCharges).where(eq(sandboxCharges.amountCents, 1290));
      expect(charges.filter((charge) => charge.idempotencyKey.startsWith(`renewal:${membershipId}`))).toHaveLength(1);
      expect((await mailsTo(who.email)).filter((mail) => mail.subject.startsWith("Receipt"))).toHaveLength(1);
    },
    JOB_TEST_TIMEOUT_MS,
  );

  it(
    "retries a declined renewal 1, 3 and 7 days after the period's end, keeps the benefits meanwhile, then lapses",
    async () => {
      const end = "2029-09-30T15:00:00Z";
      const { who, membershipId } = await member("LW-MEM-M", FAILS_ON_RENEWAL, "2029-08-30T15:00:00Z", end);
      const endMs = at(end).getTime();

      await runRenewals(at(end));
      expect(await row(membershipId)).toMatchObject({
        status: "past_due",
        renewalAttempts: 1,
        lastRenewalFailure: "Your card was declined.",
      });
      expect((await row(membershipId)).nextRenewalAttemptAt?.toISOString()).toBe(new Date(endMs + DAY).toISOString());
      expect(await isMemberAt(db().db, who.id, new Date(endMs + 2 * 60_000))).toBe(true);
      const profile = await customerPlans(who.id, new Date(endMs + 60_000));
      expect(profile.membership).toMatchObject({ status: "past_due", renewalFailure: "Your card was declined." });

      await runRenewals(new Date(endMs + DAY - 1));
      expect((await row(membershipId)).renewalAttempts).toBe(1);
      await runRenewals(new Date(endMs + DAY));
      expect((await row(membershipId)).nextRenewalAttemptAt?.toISOString()).toBe(new Date(endMs + 3 * DAY).toISOString());
      await runRenewals(new Date(endMs + 3 * DAY));
      expect((await row(membershipId)).nextRenewalAttemptAt?.toISOString()).toBe(new Date(endMs + 7 * DAY).toISOString());
      expect(await isMemberAt(db().db, who.id, new Date(endMs + 7 * DAY - 1))).toBe(true);
      await runRenewals(new Date(endMs + 7 * DAY));
      const lapsed = await row(membershipId);
      expect(lapsed).toMatchObject({ status: "expired", autoRenew: false, renewalAttempts: 4 });
      expect(lapsed.endsAt.toISOString()).toBe(new Date(endMs).toISOString());
      expect(await isMemberAt(db().db, who.id, new Date(endMs + 7 * DAY + 1))).toBe(false);
      await runRenewals(new Date(endMs + 30 * DAY));
      expect(await ordersOf(who.id)).toHaveLength(1);

      const subjects = (await mailsTo(who.email)).map((mail) => mail.subject);
      expect(subjects.filter((subject) => subject.includes("could not be renewed"))).toHaveLength(3);
      expect(subjects.filter((subject) => subject.includes("has ended"))).toHaveLength(1);
      // One e-mail per failed try, each naming the next (in any order: they may share a timestamp).
      const failed = (await mailsTo(who.email)).filter((mail) => mail.subject.includes("could not be renewed"));
      expect(failed.map((mail) => /We will try again on ([A-Z][a-z]{2} \d{1,2}, \d{4})/.exec(mail.body)?.[1]).sort()).toEqual([
        "Oct 1, 2029",
        "Oct 3, 2029",
        "Oct 7, 2029",
      ]);
      for (const mail of failed) expect(mail.body).toContain("/account/user");
    },
    JOB_TEST_TIMEOUT_MS,
  );

  it("tries again at once when a past-due member chooses another card", async () => {
    const end = "2029-11-10T15:00:00Z";
    const { who, membershipId } = await member("LW-MEM-M", FAILS_ON_RENEWAL, "2029-10-10T15:00:00Z", end);
    await runRenewals(at(end));
    expect((await row(membershipId)).status).toBe("past_due");

    const membership = await setRenewalCard(
      who.id,
      { card: { number: "5555555555554444", expMonth: 12, expYear: nextYear, cvc: "123", name: "Ada Park" } },
      at("2029-11-11T09:00:00Z"),
    );
    expect(membership).toMatchObject({ status: "active", renewalCard: { label: "Mastercard •••• 4444" }, renewalFailure: null });
    const renewed = await row(membershipId);
    expect(renewed).toMatchObject({ status: "active", renewalAttempts: 0 });
    expect(renewed.endsAt.toISOString()).toBe("2029-12-10T15:00:00.000Z");
    await expect(setRenewalCard(who.id, { paymentMethodId: randomUUID() })).rejects.toMatchObject({ code: 404 });
  });

  it(
    "stops retrying a past-due membership once the member pays for a new one",
    async () => {
      const end = "2029-12-20T15:00:00Z";
      const { who, membershipId } = await member("LW-MEM-M", FAILS_ON_RENEWAL, "2029-11-20T15:00:00Z", end);
      await runRenewals(at(end));
      expect((await row(membershipId)).status).toBe("past_due");
      const added = dataOf(
        await read<{ orderId: string }>(
          await buyNowRoute(
            apiRequest("POST", "/api/v1/c/merchandise/order/add", { skuNum: "LW-MEM-M", quantity: 1 }, { token: who.token }),
          ),
        ),
      );
      const card = { number: GOOD, expMonth: 12, expYear: nextYear, cvc: "123", name: "Ada Park" };
      await payRoute(
        apiRequest(
          "POST",
          "/api/v1/c/merchandise/order/payment",
          { orderId: added.orderId, card, idempotencyKey: `key-${randomUUID()}` },
          { token: who.token },
        ),
      );
      expect(await row(membershipId)).toMatchObject({ status: "expired", autoRenew: false });
      const rows = await db().db.select().from(memberships).where(eq(memberships.userId, who.id));
      expect(rows.filter((item) => item.autoRenew)).toMatchObject([{ orderId: added.orderId }]);
      await runRenewals(new Date(at(end).getTime() + DAY));
      expect(await row(membershipId)).toMatchObject({ status: "expired", renewalAttempts: 1 });
      const retried = await db().db.select().from(sandboxCharges).where(eq(sandboxCharges.failureCode, "decline_off_session"));
      expect(retried.filter((charge) => charge.idempotencyKey.startsWith(`renewal:${membershipId}`))).toHaveLength(1);
    },
    JOB_TEST_TIMEOUT_MS,
  );

  it(
    "announces a yearly renewal 7 days ahead, once",
    async () => {
      const end = "2030-03-20T16:00:00Z";
      const { who } = await member("LW-MEM-Y", GOOD, "2029-03-20T16:00:00Z", end);
      const notices = async () => (await mailsTo(who.email)).filter((mail) => mail.subject.includes("renews on"));
      await runRenewals(new Date(at(end).getTime() - 7 * DAY - 1));
      expect(await notices()).toHaveLength(0);
      await Promise.all([runRenewals(new Date(at(end).getTime() - 7 * DAY)), runRenewals(new Date(at(end).getTime() - 7 * DAY))]);
      await runRenewals(new Date(at(end).getTime() - DAY));
      const sent = await notices();
      expect(sent).toHaveLength(1);
      expect(sent[0]?.subject).toBe("Your Lenwell membership renews on Mar 20, 2030");
      expect(sent[0]?.body).toContain("We will charge $129.00 to Visa •••• 4242");
    },
    JOB_TEST_TIMEOUT_MS,
  );

  it(
    "cancels a monthly membership at the end of the month paid for: active until then, no charge, then stops",
    async () => {
      const end = "2030-05-31T14:00:00Z";
      const { who, membershipId } = await member("LW-MEM-M", GOOD, "2030-04-30T14:00:00Z", end);
      const now = at("2030-05-12T20:00:00Z");
      expect((await customerPlans(who.id, now)).membership?.cancellation).toEqual({
        mode: "at_period_end",
        activeUntil: at(end).toISOString(),
      });

      const outcome = await cancelMembership(who.id, now);
      expect(outcome.cancellation).toEqual({ mode: "at_period_end", activeUntil: at(end).toISOString() });
      expect(outcome.membership).toMatchObject({ status: "active", autoRenew: false, cancellation: null, endsAt: at(end).toISOString() });
      expect(await isMemberAt(db().db, who.id, new Date(at(end).getTime() - 1))).toBe(true);
      await runRenewals(at(end));
      await runRenewals(new Date(at(end).getTime() + 8 * DAY));
      expect(await ordersOf(who.id)).toHaveLength(1);
      expect(await isMemberAt(db().db, who.id, at(end))).toBe(false);
      expect((await customerPlans(who.id, at(end))).membership).toMatchObject({ status: "cancelled" });
      expect((await row(membershipId)).cancelledByUserId).toBe(who.id);
      const mail = (await mailsTo(who.email)).find((item) => item.subject.includes("cancelled"));
      expect(mail?.body).toContain("Your membership stays active until May 31, 2030, then stops. Nothing more will be charged.");
      await expect(cancelMembership(who.id, now)).rejects.toMatchObject({ code: 409, message: "Your membership is already cancelled." });
    },
    JOB_TEST_TIMEOUT_MS,
  );

  it("ends a yearly membership at once and refunds the unused full months, counted in Chicago days", async () => {
    // Paid Mar 10, 2030 to Mar 10, 2031. 04:30 UTC on Jun 11 is still Jun 10 in Chicago (23:30
    // CDT): 9 unused full months (Jun 10 → Mar 10), where the UTC day would give 8.
    const { who, membershipId, orderId } = await member("LW-MEM-Y", GOOD, "2030-03-10T15:00:00Z", "2031-03-10T15:00:00Z");
    const now = at("2030-06-11T04:30:00Z");
    // Paid: $129.00 and no sales tax (a plan is a service:
    // docs/decisions/0027-membership-benefits-and-unshipped-plans.md); 9/12 of it comes back.
    expect(await taxOf(orderId)).toBe(0);
    const refundCents = Math.round((12_900 * 9) / 12);
    expect(refundCents).toBe(9675);
    expect((await customerPlans(who.id, now)).membership?.cancellation).toEqual({
      mode: "now",
      refund: 96.75,
      unusedMonths: 9,
      card: "Visa •••• 4242",
    });
    const outcome = await cancelMembership(who.id, now);
    expect(outcome.cancellation).toEqual({ mode: "now", refund: 96.75, unusedMonths: 9, card: "Visa •••• 4242" });
    expect(outcome.membership).toMatchObject({ status: "cancelled" });
    const ended = await row(membershipId);
    expect(ended).toMatchObject({ status: "cancelled", autoRenew: false });
    expect(ended.endsAt.toISOString()).toBe(now.toISOString());
    const [paid] = await db().db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(paid).toMatchObject({ refundedCents: 9675, status: "partially_refunded" });
    const [order] = await db().db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.refundedCents).toBe(9675);
    expect(await isMemberAt(db().db, who.id, now)).toBe(false);
    const mail = (await mailsTo(who.email)).find((item) => item.subject.includes("cancelled"));
    expect(mail?.body).toContain("We refunded $96.75 for 9 full months you had not used to Visa •••• 4242");
    await runRenewals(at("2031-03-10T15:00:00Z"));
    expect(await ordersOf(who.id)).toHaveLength(1);
    await expectShopInvariants(db());
  });

  it("refunds a yearly membership bought with a purifier its own price: the purifier's sales tax is not the plan's", async () => {
    const { who, orderId } = await member("LW-MEM-Y", GOOD, "2030-03-10T15:00:00Z", "2031-03-10T15:00:00Z", ["LW-RO600"]);
    // The order taxed the purifier; the plan carries none, so 12 unused months give back $129.00.
    expect(await taxOf(orderId)).toBeGreaterThan(0);
    const outcome = await cancelMembership(who.id, at("2030-03-10T16:00:00Z"));
    expect(outcome.cancellation).toEqual({ mode: "now", refund: 129, unusedMonths: 12, card: "Visa •••• 4242" });
    const [order] = await db().db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.refundedCents).toBe(12_900);
    await expectShopInvariants(db());
  });

  it("refunds nothing for a yearly membership cancelled in its last month", async () => {
    const { who, orderId } = await member("LW-MEM-Y", GOOD, "2030-01-31T18:00:00Z", "2031-01-31T18:00:00Z");
    const outcome = await cancelMembership(who.id, at("2031-01-01T06:00:00Z"));
    expect(outcome.cancellation).toEqual({ mode: "now", refund: 0, unusedMonths: 0, card: "Visa •••• 4242" });
    const [paid] = await db().db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(paid?.refundedCents).toBe(0);
  });

  it("lets an operator cancel for a customer by the same rules, recording the operator", async () => {
    const admin = await makeCustomer(db(), { role: "admin" });
    const { who, membershipId, orderId } = await member("LW-MEM-Y", GOOD, "2030-07-01T15:00:00Z", "2031-07-01T15:00:00Z");
    await expect(operatorCancelMembership({ id: who.id, role: "customer" }, membershipId)).rejects.toMatchObject({ code: 403 });
    // Cancelled Jan 31, 2031 (Chicago): Jan 31 + 5 months = Jun 30 ≤ Jul 1, + 6 = Jul 31: 5 months.
    const operator = { id: admin.id, role: "admin" as const };
    const outcome = await operatorCancelMembership(operator, membershipId, at("2031-01-31T20:00:00Z"));
    // 12900 × 5 ÷ 12 = 5375
    expect(outcome.cancellation).toEqual({ mode: "now", refund: 53.75, unusedMonths: 5, card: "Visa •••• 4242" });
    expect(await row(membershipId)).toMatchObject({ status: "cancelled", cancelledByUserId: admin.id });
    const refunded = await db()
      .db.select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, "refunded")));
    expect(refunded).toMatchObject([{ actor: "admin", actorUserId: admin.id }]);
    const mail = (await mailsTo(who.email)).find((item) => item.subject.includes("cancelled"));
    expect(mail?.body).toContain("Lenwell cancelled your Lenwell Membership, yearly at your request.");
    await expect(operatorCancelMembership(operator, randomUUID())).rejects.toMatchObject({ code: 404 });
  });

  it(
    "gives back no stock when an operator cancels a renewal's order: the renewal took none",
    async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const { membershipId } = await member("LW-MEM-M", GOOD, "2032-01-10T18:00:00Z", "2032-02-10T18:00:00Z");
      await runRenewals(at("2032-02-10T18:00:00Z"));
      const renewalId = (await row(membershipId)).periodOrderId ?? "";
      const stockBefore = await stockOf("LW-MEM-M");
      const [operator] = await db().db.select().from(users).where(eq(users.id, admin.id));
      if (!operator) throw new Error("no operator");
      const cancelled = await operatorCancelOrder(operator, { orderId: renewalId, reason: "The member asked by phone." });
      expect(cancelled.status).toBe("cancelled");
      expect(await stockOf("LW-MEM-M")).toBe(stockBefore);
    },
    JOB_TEST_TIMEOUT_MS,
  );

  it("reminds a care plan holder 30 days before the plan ends, once", async () => {
    const who = await makeCustomer(db());
    const end = at("2031-08-15T17:00:00Z");
    await db()
      .db.insert(memberships)
      .values({ userId: who.id, kind: "care", sku: "LW-CARE-2Y", startsAt: at("2029-08-15T17:00:00Z"), endsAt: end });
    const reminders = async () => (await mailsTo(who.email)).filter((mail) => mail.subject.includes("Care plan ends"));
    await runCareReminders(new Date(end.getTime() - 30 * DAY - 1));
    expect(await reminders()).toHaveLength(0);
    await Promise.all([runCareReminders(new Date(end.getTime() - 30 * DAY)), runCareReminders(new Date(end.getTime() - 30 * DAY))]);
    await runCareReminders(new Date(end.getTime() - 2 * DAY));
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe("Your Lenwell Care plan ends on Aug 15, 2031");
    // A reminder: it carries the signed link that leaves the reminders list without signing in.
    expect(sent[0]?.body).toMatch(/unsubscribe here: http\S+\/reminders\/unsubscribe\?token=\S+/);
  });

  it("sends no care plan reminder to a customer who left the reminders list", async () => {
    const who = await makeCustomer(db());
    const end = at("2032-03-31T17:00:00Z");
    await db()
      .db.insert(memberships)
      .values({ userId: who.id, kind: "care", sku: "LW-CARE-2Y", startsAt: at("2030-03-31T17:00:00Z"), endsAt: end });
    await setReminderSubscription(who.id, false);
    expect(await runCareReminders(new Date(end.getTime() - 10 * DAY))).toEqual({ reminded: 1 });
    expect((await mailsTo(who.email)).filter((mail) => mail.subject.includes("Care plan ends"))).toEqual([]);
    // Claimed all the same: turning reminders back on does not send this one late.
    await setReminderSubscription(who.id, true);
    expect(await runCareReminders(new Date(end.getTime() - 5 * DAY))).toEqual({ reminded: 0 });
  });

  it("answers the cancel and card calls through the API, the operator's too", async () => {
    const { who } = await member("LW-MEM-M", GOOD, new Date(Date.now() - DAY).toISOString(), new Date(Date.now() + 20 * DAY).toISOString());
    const profileOf = async () =>
      dataOf(await read<{ user: User }>(await profileRoute(apiRequest("GET", "/api/v1/c/user/profile", undefined, { token: who.token }))))
        .user;
    expect((await profileOf()).membership).toMatchObject({ autoRenew: true, renewalCard: { label: "Visa •••• 4242" } });

    const strict = await read(
      await cancelRoute(apiRequest("POST", "/api/v1/c/user/membership/cancel", { refund: 1 }, { token: who.token })),
    );
    expect(strict.status).toBe(422);
    const noCard = await read(await cardRoute(apiRequest("PUT", "/api/v1/c/user/membership/card", {}, { token: who.token })));
    expect(noCard.status).toBe(422);

    const cancelled = dataOf(
      await read<{ cancellation: { mode: string } }>(
        await cancelRoute(apiRequest("POST", "/api/v1/c/user/membership/cancel", {}, { token: who.token })),
      ),
    );
    expect(cancelled.cancellation.mode).toBe("at_period_end");
    expect((await profileOf()).membership).toMatchObject({ status: "active", autoRenew: false });
    const again = await read(await cancelRoute(apiRequest("POST", "/api/v1/c/user/membership/cancel", {}, { token: who.token })));
    expect(again).toMatchObject({ status: 409, body: { errmsg: "Your membership is already cancelled." } });

    const asCustomer = await read(
      await operatorCancelRoute(apiRequest("POST", "/api/v1/admin/plans/cancel", { membershipId: randomUUID() }, { token: who.token })),
    );
    expect(asCustomer.status).toBe(403);
  });
});
