// @vitest-environment node
import { stripeDouble } from "@/test/support/stripe-env";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, expect, it } from "vitest";
import { mailOutbox, memberships, orderEvents, orders, payments, products, savedPaymentMethods } from "@/lib/db/schema";
import { sweepExpiredOrders } from "@/lib/server/orders";
import { bankCheckOf } from "@/lib/server/payments";
import type { User } from "@/lib/schemas/user";
import { read } from "@/test/support/answer";
import { HOUSTON, apiRequest, expectShopInvariants, makeCustomer, type Customer } from "@/test/support/shop";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { POST as buyNowRoute } from "@/app/api/v1/c/merchandise/order/add/route";
import { POST as payRoute } from "@/app/api/v1/c/merchandise/order/payment/route";
import { POST as checkRoute } from "@/app/api/v1/c/merchandise/order/payment/check/route";
import { POST as webhookRoute } from "@/app/api/v1/payments/webhook/route";
import { GET as profileRoute } from "@/app/api/v1/c/user/profile/route";
import { runRenewals } from "./index";
import { nextPeriodEnd } from "./periods";

// A renewal the bank will not let through without the cardholder (Stripe's authentication_required),
// on Stripe, against the tests' Stripe-shaped server: the member joins with 4000 0027 6000 3184 (its
// bank asks for 3-D Secure on every charge, so the first payment is confirmed as the browser would),
// the period ends, and the renewal job runs at injected moments. The member then confirms from the
// e-mailed link (the page's action, the bank's check, the webhook or the page's re-check), or never.

const AUTHENTICATES_ALWAYS = "4000002760003184";
const nextYear = new Date().getUTCFullYear() + 1;
const card = (number: string) => ({ number, exp_month: 12, exp_year: nextYear, cvc: "123" });
const DAY = 86_400_000;
// Far enough ahead that the renewal order is still payable for the route handlers, which run at the real time.
const YEAR = new Date().getUTCFullYear() + 3;
const STARTS = new Date(`${YEAR}-01-31T18:00:00Z`);
const ENDS = new Date(`${YEAR}-02-28T18:00:00Z`);
const LAPSES = new Date(ENDS.getTime() + 7 * DAY);
const CONFIRM_SUBJECT = "Confirm your Lenwell membership renewal with your bank";
const stripe = new Stripe(stripeDouble.secretKey, { host: stripeDouble.host, port: stripeDouble.port, protocol: "http" });
const signer = new Stripe(stripeDouble.secretKey);

interface PaymentData {
  status: "paid" | "failed" | "requires_action" | "processing";
  message: string | null;
  action: { kind: "confirm" | "authenticate"; clientSecret: string; paymentMethod?: string } | null;
}

afterAll(() => stripeDouble.close());

const intentIdOf = (clientSecret: string) => clientSecret.split("_secret_")[0] ?? "";

async function deliverWebhook(event: Stripe.Event) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: stripeDouble.webhookSecret });
  const request = new Request("http://shop.test/api/v1/payments/webhook", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": header },
    body: payload,
  });
  const answer = await read<{ received: boolean; duplicate: boolean }>(await webhookRoute(request));
  expect(answer.status).toBe(200);
  return answer.body.data;
}

function eventFor(type: string, intentId: string): Stripe.Event {
  const found = stripeDouble
    .events()
    .filter((event) => event.type === type && (event.data.object as { id?: string }).id === intentId)
    .at(-1);
  if (!found) throw new Error(`No ${type} event for ${intentId}`);
  return found;
}

async function pay(who: Customer, body: Record<string, unknown>) {
  const answer = await read<PaymentData>(
    await payRoute(
      apiRequest("POST", "/api/v1/c/merchandise/order/payment", { idempotencyKey: randomUUID(), ...body }, { token: who.token }),
    ),
  );
  if (!answer.body.data) throw new Error(answer.body.errmsg);
  return answer.body.data;
}

async function check(who: Customer, orderId: string) {
  const answer = await read<PaymentData>(
    await checkRoute(apiRequest("POST", "/api/v1/c/merchandise/order/payment/check", { orderId }, { token: who.token })),
  );
  if (!answer.body.data) throw new Error(answer.body.errmsg);
  return answer.body.data;
}

describeEachEngine("renewals the bank wants confirmed, on Stripe, on $name", (engine) => {
  const db = databaseForSuite(engine);

  /** A monthly member who joined with `cardNumber` (3-D Secure passed in the browser), the period moved to STARTS → ENDS. */
  async function member(cardNumber = AUTHENTICATES_ALWAYS) {
    const who = await makeCustomer(db(), { address: HOUSTON });
    const added = await read<{ orderId: string }>(
      await buyNowRoute(apiRequest("POST", "/api/v1/c/merchandise/order/add", { skuNum: "LW-MEM-M", quantity: 1 }, { token: who.token })),
    );
    const joinOrderId = added.body.data?.orderId ?? "";
    // A new card into Stripe's fields: the membership keeps it for the renewals (setup_future_usage).
    const started = await pay(who, { orderId: joinOrderId });
    expect(started).toMatchObject({ status: "requires_action", action: { kind: "confirm" } });
    const clientSecret = started.action?.clientSecret ?? "";
    const intent = await stripeDouble.confirmAsBrowser(clientSecret, { card: card(cardNumber) });
    expect(intent.status).toBe("requires_action");
    await stripeDouble.completeAuthentication(intentIdOf(clientSecret), "succeed");
    expect((await check(who, joinOrderId)).status).toBe("paid");
    const [row] = await db()
      .db.update(memberships)
      .set({ startsAt: STARTS, endsAt: ENDS })
      .where(eq(memberships.userId, who.id))
      .returning();
    if (!row?.paymentMethodId) throw new Error("the membership kept no card");
    const [saved] = await db().db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.id, row.paymentMethodId));
    return { who, membershipId: row.id, joinOrderId, savedCardRef: saved?.providerRef ?? "" };
  }

  async function membership(id: string) {
    const [row] = await db().db.select().from(memberships).where(eq(memberships.id, id));
    if (!row) throw new Error("membership gone");
    return row;
  }

  async function ordersOf(userId: string) {
    return db().db.select().from(orders).where(eq(orders.userId, userId));
  }

  async function mailsTo(email: string, subject: string) {
    return db()
      .db.select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.subject, subject)));
  }

  async function planPriceCents(): Promise<number> {
    const [plan] = await db().db.select().from(products).where(eq(products.sku, "LW-MEM-M"));
    return plan?.discountPriceCents ?? 0;
  }

  /** The off-session PaymentIntents the shop created for the renewals of `membershipId`. */
  function renewalIntents(membershipId: string) {
    return stripeDouble
      .requests()
      .filter((request) => request.method === "POST" && request.path === "/v1/payment_intents")
      .filter((request) => request.idempotencyKey?.startsWith(`renewal:${membershipId}:`));
  }

  /** Reaches the period's end: the renewal waits for the member; answers the order made for it. */
  async function renewalWaits(membershipId: string, who: Customer) {
    const report = await runRenewals(ENDS, { membershipId });
    expect(report).toMatchObject({ renewed: 0, failed: 0, awaiting: 1, lapsed: 0 });
    const row = await membership(membershipId);
    expect(row).toMatchObject({ status: "past_due", autoRenew: true, endsAt: ENDS, nextRenewalAttemptAt: LAPSES });
    const [renewal] = (await ordersOf(who.id)).filter((order) => order.id === row.renewalOrderId);
    if (!renewal) throw new Error("no renewal order");
    return renewal;
  }

  it("makes the renewal an unpaid order with one e-mail, re-uses it on retries, and renews once when the member confirms", async () => {
    const { who, membershipId, joinOrderId, savedCardRef } = await member();
    const price = await planPriceCents();
    const renewal = await renewalWaits(membershipId, who);
    expect(renewal).toMatchObject({
      status: "pending_payment",
      shippingMethod: null,
      shippingAddress: null,
      totalCents: price,
      taxCents: 0,
      expiresAt: LAPSES,
    });
    const [payment] = await db().db.select().from(payments).where(eq(payments.orderId, renewal.id));
    expect(payment).toMatchObject({ status: "requires_action", amountCents: price, provider: "stripe" });
    expect(payment?.providerRef).toMatch(/^pi_/);
    const intentId = payment?.providerRef ?? "";
    expect((await stripe.paymentIntents.retrieve(intentId)).last_payment_error?.code).toBe("authentication_required");

    const mails = await mailsTo(who.email, CONFIRM_SUBJECT);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain(`/mart/payment?orderId=${renewal.id}`);
    expect(mails[0]?.body).toContain("$");
    expect(mails[0]?.body).toMatch(/by \w+ \d+, \d{4}/);
    // Past due keeps the benefits, as with a failed renewal.
    expect((await membership(membershipId)).lastRenewalFailure).toBe("Your bank asks you to confirm this payment.");

    // Stripe's own payment_failed event of the off-session try does not close the waiting payment.
    await deliverWebhook(eventFor("payment_intent.payment_failed", intentId));
    expect((await db().db.select().from(payments).where(eq(payments.orderId, renewal.id)))[0]?.status).toBe("requires_action");

    // Later runs (a day on, and one asked for at once as choosing a card does) neither charge nor e-mail again.
    expect(await runRenewals(new Date(ENDS.getTime() + DAY), { membershipId })).toMatchObject({ awaiting: 0, failed: 0 });
    await db()
      .db.update(memberships)
      .set({ nextRenewalAttemptAt: new Date(ENDS.getTime() + 2 * DAY) })
      .where(eq(memberships.id, membershipId));
    expect(await runRenewals(new Date(ENDS.getTime() + 2 * DAY), { membershipId })).toMatchObject({ awaiting: 1, failed: 0 });
    expect((await membership(membershipId)).nextRenewalAttemptAt).toEqual(LAPSES);
    expect(renewalIntents(membershipId).filter((request) => request.status === 402)).toHaveLength(1);
    expect((await ordersOf(who.id)).map((order) => order.id).sort()).toEqual([joinOrderId, renewal.id].sort());
    expect(await mailsTo(who.email, CONFIRM_SUBJECT)).toHaveLength(1);

    // The account page sends the member to the same payment page.
    const profile = await read<{ user: User }>(
      await profileRoute(apiRequest("GET", "/api/v1/c/user/profile", undefined, { token: who.token })),
    );
    expect(profile.body.data?.user.membership).toMatchObject({ status: "past_due", renewalToConfirm: renewal.id });

    // The payment page is handed the bank's check: the saved card to confirm the refused charge with.
    const action = await bankCheckOf(renewal.id);
    expect(action).toMatchObject({ kind: "authenticate", paymentMethod: savedCardRef });
    const waiting = await check(who, renewal.id);
    expect(waiting).toMatchObject({ status: "requires_action", action: { kind: "authenticate" } });

    // What Stripe.js does for the page's "Confirm with your bank": confirm with the card, then 3-D Secure.
    const confirmed = await stripeDouble.confirmAsBrowser(action?.clientSecret ?? "", { paymentMethod: action?.paymentMethod ?? "" });
    expect(confirmed.status).toBe("requires_action");
    await stripeDouble.completeAuthentication(intentId, "succeed");
    const succeeded = eventFor("payment_intent.succeeded", intentId);
    await deliverWebhook(succeeded);
    await deliverWebhook(succeeded);
    expect(await check(who, renewal.id)).toMatchObject({ status: "paid" });

    const [paidOrder] = (await ordersOf(who.id)).filter((order) => order.id === renewal.id);
    expect(paidOrder).toMatchObject({ status: "paid", expiresAt: null });
    const renewed = await membership(membershipId);
    expect(renewed).toMatchObject({
      status: "active",
      autoRenew: true,
      periodOrderId: renewal.id,
      renewalOrderId: null,
      renewalAttempts: 0,
      nextRenewalAttemptAt: null,
      lastRenewalFailure: null,
    });
    expect(renewed.endsAt).toEqual(nextPeriodEnd(STARTS, ENDS, 1));
    const after = await read<{ user: User }>(
      await profileRoute(apiRequest("GET", "/api/v1/c/user/profile", undefined, { token: who.token })),
    );
    expect(after.body.data?.user.membership).toMatchObject({ renewalFailure: null, renewalToConfirm: null });
    // It renewed the membership it was for: no second membership from the order.
    expect(await db().db.select().from(memberships).where(eq(memberships.userId, who.id))).toHaveLength(1);
    const receipts = await mailsTo(who.email, "Receipt: your Lenwell membership is renewed");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.body).toContain("•••• 3184");
    expect(await mailsTo(who.email, "Your Lenwell order is confirmed")).toHaveLength(1);
    const paidEvents = await db()
      .db.select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, renewal.id), eq(orderEvents.type, "paid")));
    expect(paidEvents).toHaveLength(1);

    // The next period is charged (and waits for the bank again) at its own end, not before.
    expect(await runRenewals(new Date(renewed.endsAt.getTime() - 1), { membershipId })).toMatchObject({ awaiting: 0 });
    await expectShopInvariants(db());
  }, 60_000);

  it("lets the member pay the waiting renewal with another card instead, which the renewals charge from then on", async () => {
    const { who, membershipId } = await member();
    const renewal = await renewalWaits(membershipId, who);
    const started = await pay(who, { orderId: renewal.id });
    expect(started).toMatchObject({ status: "requires_action", action: { kind: "confirm" } });
    await stripeDouble.confirmAsBrowser(started.action?.clientSecret ?? "", { card: card("4242424242424242") });
    expect(await check(who, renewal.id)).toMatchObject({ status: "paid" });

    const attempts = await db().db.select().from(payments).where(eq(payments.orderId, renewal.id));
    expect(attempts.map((attempt) => attempt.status).sort()).toEqual(["canceled", "succeeded"]);
    const waitingIntent = attempts.find((attempt) => attempt.status === "canceled")?.providerRef ?? "";
    expect((await stripe.paymentIntents.retrieve(waitingIntent)).status).toBe("canceled");
    const renewed = await membership(membershipId);
    expect(renewed).toMatchObject({ status: "active", periodOrderId: renewal.id, renewalOrderId: null });
    const [kept] = await db()
      .db.select()
      .from(savedPaymentMethods)
      .where(eq(savedPaymentMethods.id, renewed.paymentMethodId ?? ""));
    expect(kept?.last4).toBe("4242");
  }, 60_000);

  it("never confirmed: at the last retry the membership lapses, and the order expires with its charge stopped", async () => {
    const { who, membershipId } = await member();
    const renewal = await renewalWaits(membershipId, who);
    const [payment] = await db().db.select().from(payments).where(eq(payments.orderId, renewal.id));
    const intentId = payment?.providerRef ?? "";

    expect(await runRenewals(new Date(ENDS.getTime() + 3 * DAY), { membershipId })).toMatchObject({ awaiting: 0, lapsed: 0 });
    expect(await runRenewals(new Date(LAPSES.getTime() - 1), { membershipId })).toMatchObject({ awaiting: 0, lapsed: 0 });
    expect(await runRenewals(LAPSES, { membershipId })).toMatchObject({ lapsed: 1 });
    // The orders' expiry sweep, due at the same moment (its timer, or the member's next visit).
    expect(await sweepExpiredOrders({ userId: who.id }, LAPSES)).toEqual([renewal.id]);

    expect(await membership(membershipId)).toMatchObject({ status: "expired", autoRenew: false, endsAt: ENDS });
    const [closed] = (await ordersOf(who.id)).filter((order) => order.id === renewal.id);
    expect(closed).toMatchObject({ status: "cancelled", cancelReason: "expired" });
    expect((await db().db.select().from(payments).where(eq(payments.orderId, renewal.id)))[0]?.status).toBe("canceled");
    expect((await stripe.paymentIntents.retrieve(intentId)).status).toBe("canceled");
    expect(renewalIntents(membershipId).filter((request) => request.status === 402)).toHaveLength(1);
    expect(await mailsTo(who.email, CONFIRM_SUBJECT)).toHaveLength(1);
    const ended = await mailsTo(who.email, "Your Lenwell membership has ended");
    expect(ended).toHaveLength(1);
    expect(ended[0]?.body).toContain("it was not confirmed in time");
    expect(await bankCheckOf(renewal.id)).toBeNull();
  }, 60_000);
});
