// @vitest-environment node
import { stripeDouble } from "@/test/support/stripe-env";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, expect, it } from "vitest";
import {
  mailOutbox,
  orderEvents,
  orders,
  paymentEvents,
  payments,
  products,
  refunds as refundRows,
  savedPaymentMethods,
  users,
} from "@/lib/db/schema";
import { amountToCents } from "@/lib/rules/money";
import type { Order, SavedPaymentMethod } from "@/lib/schemas/order";
import { createSession } from "@/lib/server/auth/session";
import { sweepExpiredOrders } from "@/lib/server/orders";
import { PAYMENT_MESSAGES } from "@/lib/server/payments/messages";
import { read } from "@/test/support/answer";
import type { DatabaseHandle } from "@/lib/db/client";
import { databaseForSuite, describeEachEngine, describeOnPostgres } from "@/test/support/test-engines";
import { POST as addOrder } from "../../c/merchandise/order/add/route";
import { POST as cancelOrder } from "../../c/merchandise/order/cancel/route";
import { POST as pay } from "../../c/merchandise/order/payment/route";
import { POST as check } from "../../c/merchandise/order/payment/check/route";
import { DELETE as removeCard, GET as savedMethods } from "../../c/user/saved_payments_methods/route";
import { POST as startSetup } from "../../c/user/saved_payments_methods/setup/route";
import { POST as webhook } from "./route";

// The payment API on Stripe, against the tests' Stripe-shaped server (test/support/stripe-double):
// the card is confirmed as Stripe.js would in the browser, and the outcome reaches the shop by the
// page's re-check or by a signed webhook, handed to the route here.

const address = { fullName: "Ada Park", line1: "1200 Main St", city: "Houston", state: "TX" as const, zip: "77002" };
const nextYear = new Date().getUTCFullYear() + 1;
const card = (number: string) => ({ number, exp_month: 12, exp_year: nextYear, cvc: "123" });
const signer = new Stripe(stripeDouble.secretKey);

interface PaymentData {
  status: "paid" | "failed" | "requires_action" | "processing";
  message: string | null;
  action: { kind: "confirm" | "authenticate"; clientSecret: string } | null;
  order: Order;
}

function post(path: string, body: unknown, token?: string, method = "POST"): Request {
  return new Request(`http://shop.test/api/v1/c${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
}

const key = () => randomUUID().replaceAll("-", "");

/** Posts `event` to the webhook route as Stripe would, signed now (or as told). */
async function deliverWebhook(event: Stripe.Event, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? stripeDouble.webhookSecret,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  const request = new Request("http://shop.test/api/v1/payments/webhook", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": header },
    body: payload,
  });
  return read<{ received: boolean; duplicate: boolean }>(await webhook(request));
}

/** The newest event of `type` about the object `objectId`. */
function eventFor(type: string, objectId: string): Stripe.Event {
  const found = stripeDouble
    .events()
    .filter((event) => event.type === type && (event.data.object as { id?: string; payment_intent?: unknown }).id === objectId)
    .at(-1);
  if (!found) throw new Error(`No ${type} event for ${objectId}`);
  return found;
}

function intentIdOf(clientSecret: string): string {
  return clientSecret.split("_secret_")[0] ?? "";
}

afterAll(() => stripeDouble.close());

/** Starts saving a card in Stripe's fields (a SetupIntent) for the customer of `token`. */
async function startCardSetup(token: string): Promise<{ setupIntentId: string; clientSecret: string }> {
  const started = await read<{ setupIntentId: string; clientSecret: string }>(
    await startSetup(post("/user/saved_payments_methods/setup", { attemptKey: key() }, token)),
  );
  if (!started.body.data) throw new Error(started.body.errmsg);
  return started.body.data;
}

/** The shop's calls and rows a Stripe test uses, on the suite's database. */
function shopOn(db: () => DatabaseHandle) {
  async function customer() {
    const [row] = await db()
      .db.insert(users)
      .values({ email: `stripe-${randomUUID()}@example.com`, passwordHash: "x", defaultAddress: address })
      .returning();
    if (!row) throw new Error("no user");
    const { token } = await createSession(row.id, { userAgent: null, ip: null });
    return { id: row.id, email: row.email, token };
  }

  async function order(token: string, skuNum = "LW-F1-PP", quantity = 1): Promise<string> {
    const answer = await read<{ orderId: string }>(await addOrder(post("/merchandise/order/add", { skuNum, quantity }, token)));
    if (!answer.body.data) throw new Error(answer.body.errmsg);
    return answer.body.data.orderId;
  }

  async function payWith(token: string, body: Record<string, unknown>) {
    return read<PaymentData>(await pay(post("/merchandise/order/payment", body, token)));
  }

  async function checkPayment(token: string, orderId: string) {
    return read<PaymentData>(await check(post("/merchandise/order/payment/check", { orderId }, token)));
  }

  /** Pay pressed with a new card typed into Stripe's fields: the intent the browser is to confirm. */
  async function startPayment(token: string, orderId: string, extra: Record<string, unknown> = {}) {
    const answer = await payWith(token, { orderId, idempotencyKey: key(), ...extra });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ status: "requires_action", action: { kind: "confirm" } });
    const clientSecret = answer.body.data?.action?.clientSecret ?? "";
    return { clientSecret, intentId: intentIdOf(clientSecret), answer: answer.body.data };
  }

  async function confirmationMails(email: string) {
    const rows = await db()
      .db.select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.subject, "Your Lenwell order is confirmed")));
    return rows.length;
  }

  async function orderRow(orderId: string) {
    const [row] = await db().db.select().from(orders).where(eq(orders.id, orderId));
    if (!row) throw new Error("no order");
    return row;
  }

  async function timeline(orderId: string) {
    return (await db().db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).map((event) => event.type);
  }

  return { customer, order, payWith, checkPayment, startPayment, confirmationMails, orderRow, timeline };
}

describeEachEngine("paying with Stripe on $name", (engine) => {
  const db = databaseForSuite(engine);
  const { customer, order, payWith, checkPayment, startPayment, confirmationMails, orderRow, timeline } = shopOn(db);

  it("creates one PaymentIntent for the server's total, confirmed in the browser, and the page's re-check marks the order paid", async () => {
    const { token, email } = await customer();
    const orderId = await order(token, "LW-F1-PP", 2);
    const { clientSecret, intentId, answer } = await startPayment(token, orderId);
    const total = amountToCents(answer?.order.total ?? "0");

    const created = stripeDouble.requests().filter((request) => request.method === "POST" && request.path === "/v1/payment_intents");
    const mine = created.filter((request) => request.idempotencyKey?.includes(orderId));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.body).toMatchObject({ amount: String(total), currency: "usd", metadata: { order_id: orderId } });
    // The shop sent Stripe no card details of any kind.
    expect(JSON.stringify(stripeDouble.requests().filter((request) => request.path.startsWith("/v1/payment_intents")))).not.toMatch(
      /card\[number\]|4242424242424242/,
    );

    await stripeDouble.confirmAsBrowser(clientSecret, { card: card("4242424242424242") });
    const checked = await checkPayment(token, orderId);
    expect(checked.body.data).toMatchObject({ status: "paid", action: null, order: { status: "paid" } });
    const [payment] = await db().db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ status: "succeeded", providerRef: intentId, provider: "stripe", brand: "Visa", last4: "4242" });
    expect(await confirmationMails(email)).toBe(1);

    // The webhook arriving afterwards finds it done: still one confirmation.
    expect((await deliverWebhook(eventFor("payment_intent.succeeded", intentId))).status).toBe(200);
    expect(await confirmationMails(email)).toBe(1);
    expect((await timeline(orderId)).filter((type) => type === "paid")).toHaveLength(1);
  });

  it("refuses a card number sent to the shop itself, and changes nothing", async () => {
    const { token } = await customer();
    const orderId = await order(token);
    const answer = await payWith(token, {
      orderId,
      idempotencyKey: key(),
      card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: nextYear, cvc: "123", name: "Ada Park" },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors?.[0]?.path).toBe("card");
    expect(await db().db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(0);
  });

  it("marks the order paid from the signed webhook alone, once, however often it is delivered", async () => {
    const { token, email } = await customer();
    const orderId = await order(token);
    const { clientSecret, intentId } = await startPayment(token, orderId);
    await stripeDouble.confirmAsBrowser(clientSecret, { card: card("4242424242424242") });
    const succeeded = eventFor("payment_intent.succeeded", intentId);

    const first = await deliverWebhook(succeeded);
    expect(first.body.data).toEqual({ received: true, duplicate: false });
    expect((await orderRow(orderId)).status).toBe("paid");
    const replay = await deliverWebhook(succeeded);
    expect(replay.body.data).toEqual({ received: true, duplicate: true });
    expect(await confirmationMails(email)).toBe(1);
    const recorded = await db().db.select().from(paymentEvents).where(eq(paymentEvents.id, succeeded.id));
    expect(recorded).toHaveLength(1);
  });

  it("refuses a webhook with a bad signature, a wrong secret or an old timestamp, and acts on none", async () => {
    const { token } = await customer();
    const orderId = await order(token);
    const { clientSecret, intentId } = await startPayment(token, orderId);
    await stripeDouble.confirmAsBrowser(clientSecret, { card: card("4242424242424242") });
    const succeeded = eventFor("payment_intent.succeeded", intentId);

    expect((await deliverWebhook(succeeded, { secret: "whsec_not_the_shops_secret_at_all" })).status).toBe(400);
    expect((await deliverWebhook(succeeded, { timestamp: Math.floor(Date.now() / 1000) - 301 })).status).toBe(400);
    const unsigned = await webhook(
      new Request("http://shop.test/api/v1/payments/webhook", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(succeeded),
      }),
    );
    expect(unsigned.status).toBe(400);
    // A body changed after signing.
    const payload = JSON.stringify(succeeded);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: stripeDouble.webhookSecret });
    const tampered = await webhook(
      new Request("http://shop.test/api/v1/payments/webhook", {
        method: "POST",
        headers: { "stripe-signature": header },
        body: payload.replace(`"${orderId}"`, `"${randomUUID()}"`),
      }),
    );
    expect(tampered.status).toBe(400);
    expect((await orderRow(orderId)).status).toBe("pending_payment");
    expect(await db().db.select().from(paymentEvents).where(eq(paymentEvents.id, succeeded.id))).toHaveLength(0);
    // Within the 300 s tolerance it is accepted.
    expect((await deliverWebhook(succeeded, { timestamp: Math.floor(Date.now() / 1000) - 290 })).status).toBe(200);
    expect((await orderRow(orderId)).status).toBe("paid");
  });

  it("records a webhook for an intent the shop never made, and changes nothing", async () => {
    const before = await db().db.select({ id: payments.id, status: payments.status }).from(payments);
    const stranger = stripeDouble.events().find((event) => event.type === "payment_intent.created");
    if (!stranger) throw new Error("no event to copy");
    const event = {
      ...stranger,
      id: `evt_${randomUUID().replaceAll("-", "")}`,
      type: "payment_intent.succeeded",
      data: { object: { ...stranger.data.object, id: `pi_${randomUUID().replaceAll("-", "")}` } },
    } as Stripe.Event;
    const answer = await deliverWebhook(event);
    expect(answer.body.data).toEqual({ received: true, duplicate: false });
    expect(await db().db.select({ id: payments.id, status: payments.status }).from(payments)).toEqual(before);
  });

  it("keeps a paid order paid when an older failure event arrives after the success", async () => {
    const { token } = await customer();
    const orderId = await order(token);
    const { clientSecret, intentId } = await startPayment(token, orderId);
    await stripeDouble.confirmAsBrowser(clientSecret, { card: card("4000000000000002") });
    const failed = eventFor("payment_intent.payment_failed", intentId);
    // The customer tries again and pays: a new attempt, a new intent.
    const second = await startPayment(token, orderId);
    expect(second.intentId).not.toBe(intentId);
    await stripeDouble.confirmAsBrowser(second.clientSecret, { card: card("4242424242424242") });
    await deliverWebhook(eventFor("payment_intent.succeeded", second.intentId));
    expect((await orderRow(orderId)).status).toBe("paid");
    await deliverWebhook(failed);
    expect((await orderRow(orderId)).status).toBe("paid");
    const rows = await db().db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(rows.map((row) => row.status).sort()).toEqual(["failed", "succeeded"]);
  });

  it("answers a declined card as an answer, keeps the order payable and says so on the timeline", async () => {
    const { token } = await customer();
    const orderId = await order(token);
    const { clientSecret } = await startPayment(token, orderId);
    const intent = await stripeDouble.confirmAsBrowser(clientSecret, { card: card("4000000000009995") });
    expect(intent.status).toBe("requires_payment_method");
    const checked = await checkPayment(token, orderId);
    expect(checked.status).toBe(200);
    expect(checked.body.data).toMatchObject({
      status: "failed",
      message: PAYMENT_MESSAGES.cardRefused.insufficient_funds,
      order: { canPay: true },
    });
    expect(await timeline(orderId)).toContain("payment_failed");
  });

  it("hands the bank's 3-D Secure check to the browser and is paid once it passes", async () => {
    const { token } = await customer();
    const orderId = await order(token);
    const { clientSecret, intentId } = await startPayment(token, orderId);
    const intent = await stripeDouble.confirmAsBrowser(clientSecret, { card: card("4000002500003155") });
    expect(intent.status).toBe("requires_action");
    const waiting = await checkPayment(token, orderId);
    expect(waiting.body.data).toMatchObject({ status: "requires_action", action: { kind: "authenticate", clientSecret } });
    await stripeDouble.completeAuthentication(intentId, "succeed");
    expect((await checkPayment(token, orderId)).body.data?.status).toBe("paid");
  });

  it("ends a failed 3-D Secure check as a failed payment", async () => {
    const { token } = await customer();
    const orderId = await order(token);
    const { clientSecret, intentId } = await startPayment(token, orderId);
    await stripeDouble.confirmAsBrowser(clientSecret, { card: card("4000002500003155") });
    await stripeDouble.completeAuthentication(intentId, "fail");
    const checked = await checkPayment(token, orderId);
    expect(checked.body.data).toMatchObject({ status: "failed", order: { status: "pending_payment", canPay: true } });
  });

  it("answers Pay pressed again with the intent already waiting, not a second one", async () => {
    const { token } = await customer();
    const orderId = await order(token);
    const first = await startPayment(token, orderId);
    const again = await startPayment(token, orderId);
    expect(again.intentId).toBe(first.intentId);
    const rows = await db().db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(rows).toHaveLength(1);
  });

  it("cancels the waiting intent when the order expires, and releases the stock once", async () => {
    const { token } = await customer();
    const orderId = await order(token, "LW-F3-PC", 1);
    const [before] = await db().db.select({ stock: products.stock }).from(products).where(eq(products.sku, "LW-F3-PC"));
    const { intentId } = await startPayment(token, orderId);
    await db()
      .db.update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId));
    await sweepExpiredOrders();
    await sweepExpiredOrders();
    expect((await orderRow(orderId)).status).toBe("cancelled");
    expect(eventFor("payment_intent.canceled", intentId).type).toBe("payment_intent.canceled");
    const [after] = await db().db.select({ stock: products.stock }).from(products).where(eq(products.sku, "LW-F3-PC"));
    expect(after?.stock).toBe((before?.stock ?? 0) + 1);
    const [payment] = await db().db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment?.status).toBe("canceled");
  });

  it("applies a payment the customer confirmed just before the expiry, instead of expiring the order", async () => {
    const { token } = await customer();
    const orderId = await order(token);
    const { clientSecret } = await startPayment(token, orderId);
    await stripeDouble.confirmAsBrowser(clientSecret, { card: card("4242424242424242") });
    await db()
      .db.update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId));
    await sweepExpiredOrders();
    expect((await orderRow(orderId)).status).toBe("paid");
  });

  it("refunds a cancelled paid order through Stripe, and counts Stripe's charge.refunded for it once", async () => {
    const { token } = await customer();
    const orderId = await order(token);
    const { clientSecret, intentId } = await startPayment(token, orderId);
    await stripeDouble.confirmAsBrowser(clientSecret, { card: card("4242424242424242") });
    await checkPayment(token, orderId);
    const cancelled = await read<Order>(
      await cancelOrder(post("/merchandise/order/cancel", { orderId, reason: "changed my mind" }, token)),
    );
    expect(cancelled.body.data).toMatchObject({ status: "cancelled" });
    const refunds = stripeDouble.requests().filter((request) => request.path === "/v1/refunds" && request.body.payment_intent === intentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.idempotencyKey).toBeTruthy();
    const refundedOrder = await orderRow(orderId);
    expect(refundedOrder.refundedCents).toBe(refundedOrder.totalCents);
    const refundedEvent = stripeDouble
      .events()
      .filter((event) => event.type === "charge.refunded")
      .at(-1);
    if (!refundedEvent) throw new Error("no charge.refunded");
    await deliverWebhook(refundedEvent);
    expect((await orderRow(orderId)).refundedCents).toBe(refundedOrder.totalCents);
  });

  it("records a refund made in Stripe's dashboard and a dispute on the order, for the operator", async () => {
    const { token } = await customer();
    const orderId = await order(token, "LW-F1-PP", 2);
    const { clientSecret, intentId } = await startPayment(token, orderId);
    await stripeDouble.confirmAsBrowser(clientSecret, { card: card("4242424242424242") });
    await checkPayment(token, orderId);
    await stripeDouble.refundFromDashboard(intentId, 500);
    const refunded = stripeDouble
      .events()
      .filter((event) => event.type === "charge.refunded")
      .at(-1);
    if (!refunded) throw new Error("no charge.refunded");
    await deliverWebhook(refunded);
    expect((await orderRow(orderId)).refundedCents).toBe(500);
    await stripeDouble.createDispute(intentId, "fraudulent");
    const disputed = stripeDouble
      .events()
      .filter((event) => event.type === "charge.dispute.created")
      .at(-1);
    if (!disputed) throw new Error("no dispute event");
    await deliverWebhook(disputed);
    const events = await db().db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.find((event) => event.type === "refunded")?.note).toContain("$5.00 refunded from the payment provider's dashboard");
    expect(events.find((event) => event.type === "disputed")?.note).toContain("fraudulent");
  });

  it("saves the card with the payment on the customer's Stripe Customer, pays with it later, and removes it", async () => {
    const { token } = await customer();
    const orderId = await order(token);
    const { clientSecret, intentId } = await startPayment(token, orderId, { savePaymentMethod: true });
    const createBody = stripeDouble
      .requests()
      .find((request) => request.path === "/v1/payment_intents" && request.idempotencyKey?.includes(orderId))?.body;
    expect(createBody).toMatchObject({ setup_future_usage: "off_session" });
    expect(String(createBody?.customer)).toMatch(/^cus_/);
    await stripeDouble.confirmAsBrowser(clientSecret, { card: card("5555555555554444") });
    await deliverWebhook(eventFor("payment_intent.succeeded", intentId));
    const listed = await read<SavedPaymentMethod[]>(
      await savedMethods(new Request("http://shop.test/api/v1/c/user/saved_payments_methods", { headers: { token } })),
    );
    expect(listed.body.data).toEqual([expect.objectContaining({ brand: "Mastercard", last4: "4444", isDefault: true })]);
    const savedId = listed.body.data?.[0]?.id ?? "";

    const next = await order(token);
    const paid = await payWith(token, { orderId: next, idempotencyKey: key(), paymentMethodId: savedId });
    expect(paid.body.data).toMatchObject({ status: "paid", action: null });

    const removed = await read<SavedPaymentMethod[]>(
      await removeCard(post("/user/saved_payments_methods", { id: savedId }, token, "DELETE")),
    );
    expect(removed.body.data).toEqual([]);
    const [row] = await db().db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.id, savedId));
    expect(row).toBeUndefined();
    expect(stripeDouble.requests().some((request) => request.method === "POST" && request.path.endsWith("/detach"))).toBe(true);
  });

  it("answers a saved card the bank declines as a declined payment in the shop's words, never a 500, and the order stays payable", async () => {
    const { token } = await customer();
    // 0341 is saved fine (a SetupIntent) and declined on every charge: the server confirms a saved card itself.
    const setup = await startCardSetup(token);
    await stripeDouble.confirmSetupAsBrowser(setup.clientSecret, { card: card("4000000000000341") });
    await deliverWebhook(eventFor("setup_intent.succeeded", setup.setupIntentId));
    const listed = await read<SavedPaymentMethod[]>(
      await savedMethods(new Request("http://shop.test/api/v1/c/user/saved_payments_methods", { headers: { token } })),
    );
    const savedId = listed.body.data?.[0]?.id ?? "";
    expect(savedId).not.toBe("");

    const next = await order(token);
    const declined = await payWith(token, { orderId: next, idempotencyKey: key(), paymentMethodId: savedId });
    expect(declined.status).toBe(200);
    expect(declined.body.data).toMatchObject({
      status: "failed",
      message: "Your card was declined. Please use another card, or ask your bank why.",
      order: { canPay: true, status: "pending_payment" },
    });
    expect(await timeline(next)).toContain("payment_failed");
  });

  it("reopens a refund Stripe fails after taking it, counts it back, and lets the operator see it", async () => {
    const { token } = await customer();
    const orderId = await order(token);
    const { clientSecret } = await startPayment(token, orderId);
    // Stripe's test card whose refunds fail a moment after they are made.
    await stripeDouble.confirmAsBrowser(clientSecret, { card: card("4000000000005126") });
    await checkPayment(token, orderId);
    await cancelOrder(post("/merchandise/order/cancel", { orderId, reason: "changed my mind" }, token));
    const total = (await orderRow(orderId)).totalCents;
    expect((await orderRow(orderId)).refundedCents).toBe(total);
    await stripeDouble.webhooksSettled();
    const failed = stripeDouble
      .events()
      .filter((event) => event.type === "refund.failed")
      .at(-1);
    const updated = stripeDouble
      .events()
      .filter((event) => event.type === "charge.refund.updated")
      .at(-1);
    if (!failed || !updated) throw new Error("no refund failure events");
    await deliverWebhook(failed);
    // Stripe sends both events for one failure: the second finds it reopened already.
    await deliverWebhook(updated);
    expect((await orderRow(orderId)).refundedCents).toBe(0);
    const [ledger] = await db().db.select().from(refundRows).where(eq(refundRows.orderId, orderId));
    expect(ledger).toMatchObject({ status: "failed", amountCents: total });
    expect(ledger?.failureMessage).toBeTruthy();
    expect(await timeline(orderId)).toContain("refund_failed");
    const [payment] = await db().db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ refundedCents: 0, status: "succeeded" });
  });

  it("keeps a card saved in Stripe's fields from the setup_intent.succeeded event, though the customer left the page", async () => {
    const { id, token } = await customer();
    const setup = await startCardSetup(token);
    await stripeDouble.confirmSetupAsBrowser(setup.clientSecret, { card: card("4242424242424242") });
    await deliverWebhook(eventFor("setup_intent.succeeded", setup.setupIntentId));
    const kept = await db().db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.userId, id));
    expect(kept).toEqual([expect.objectContaining({ brand: "Visa", last4: "4242" })]);
    // The page's own check afterwards finds it kept, once.
    await deliverWebhook(eventFor("setup_intent.succeeded", setup.setupIntentId));
    expect(await db().db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.userId, id))).toHaveLength(1);
  });
});

// Races need a real server with real row locks: PGlite runs one statement at a time.
describeOnPostgres("Stripe payment races on PostgreSQL", (engine) => {
  const db = databaseForSuite(engine);
  const { customer, order, payWith, checkPayment, startPayment, confirmationMails, orderRow, timeline } = shopOn(db);

  it("20 submits of one order at once make one PaymentIntent and at most one charge", async () => {
    const { token } = await customer();
    const orderId = await order(token);
    const sameKey = key();
    // Half replay one attempt (a double click), half are new attempts (other tabs).
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => payWith(token, { orderId, idempotencyKey: index % 2 === 0 ? sameKey : key() })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200));
    // A submit that came while the first one was at Stripe is told it is on its way (no secret yet);
    // every secret handed out is the one intent's.
    expect(answers.every((answer) => ["requires_action", "processing"].includes(answer.body.data?.status ?? ""))).toBe(true);
    const secrets = new Set(answers.map((answer) => answer.body.data?.action?.clientSecret).filter(Boolean));
    expect(secrets.size).toBe(1);
    const intents = stripeDouble
      .requests()
      .filter((request) => request.method === "POST" && request.path === "/v1/payment_intents" && request.status === 200)
      .filter((request) => request.body.metadata !== undefined && (request.body.metadata as { order_id?: string }).order_id === orderId);
    expect(new Set(intents.map((request) => request.idempotencyKey)).size).toBe(1);
    expect(await db().db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);

    const [clientSecret] = [...secrets];
    await stripeDouble.confirmAsBrowser(clientSecret ?? "", { card: card("4242424242424242") });
    const checks = await Promise.all(Array.from({ length: 5 }, () => checkPayment(token, orderId)));
    expect(checks.every((answer) => answer.body.data?.status === "paid")).toBe(true);
    expect((await timeline(orderId)).filter((type) => type === "paid")).toHaveLength(1);
  }, 60_000);

  it("a webhook and the page's re-check arriving together mark the order paid once and send one confirmation", async () => {
    for (let round = 0; round < 5; round += 1) {
      const { token, email } = await customer();
      const orderId = await order(token);
      const { clientSecret, intentId } = await startPayment(token, orderId);
      await stripeDouble.confirmAsBrowser(clientSecret, { card: card("4242424242424242") });
      const succeeded = eventFor("payment_intent.succeeded", intentId);
      const [hook, again, checked] = await Promise.all([
        deliverWebhook(succeeded),
        deliverWebhook(succeeded),
        checkPayment(token, orderId),
      ]);
      expect([hook.status, again.status, checked.status]).toEqual([200, 200, 200]);
      expect(checked.body.data?.status).toBe("paid");
      expect((await orderRow(orderId)).status).toBe("paid");
      expect((await timeline(orderId)).filter((type) => type === "paid")).toHaveLength(1);
      expect(await confirmationMails(email)).toBe(1);
    }
  }, 60_000);
});
