// @vitest-environment node
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startStripeDouble, type StripeDouble } from "./index";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver";

let double: StripeDouble;
let stripe: Stripe;
let receiver: WebhookReceiver;

const VISA = { number: "4242424242424242", exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: "123" };

async function paidIntent(amount = 10_000, number = VISA.number): Promise<Stripe.PaymentIntent> {
  const intent = await stripe.paymentIntents.create({ amount, currency: "usd" });
  return double.confirmAsBrowser(intent.client_secret ?? "", { card: { ...VISA, number } });
}

function eventOf(body: string, header: string, secret = double.webhookSecret): Stripe.Event {
  return stripe.webhooks.constructEvent(body, header, secret, 300);
}

beforeAll(async () => {
  double = await startStripeDouble({ webhookRetryDelaysMs: [20, 40, 80] });
  stripe = new Stripe(double.secretKey, { host: double.host, port: double.port, protocol: "http", maxNetworkRetries: 0 });
});
afterAll(() => double.close());
beforeEach(async () => {
  double.reset();
  receiver = await startWebhookReceiver();
  double.setWebhookUrl(receiver.url);
});
afterEach(async () => {
  await double.webhooksSettled();
  double.setWebhookUrl(null);
  await receiver.close();
});

describe("refunds", () => {
  it("refunds part, then the rest, then refuses more", async () => {
    const intent = await paidIntent(10_000);
    const partial = await stripe.refunds.create({
      payment_intent: intent.id,
      amount: 2_500,
      reason: "requested_by_customer",
      metadata: { rma: "7" },
    });
    expect(partial).toMatchObject({
      object: "refund",
      amount: 2_500,
      status: "succeeded",
      payment_intent: intent.id,
      metadata: { rma: "7" },
    });
    let charge = await stripe.charges.retrieve(String(intent.latest_charge));
    expect(charge).toMatchObject({ amount_refunded: 2_500, refunded: false });

    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 8_000 })).rejects.toMatchObject({
      statusCode: 400,
      code: "amount_too_large",
      param: "amount",
    });

    const rest = await stripe.refunds.create({ charge: charge.id });
    expect(rest.amount).toBe(7_500);
    charge = await stripe.charges.retrieve(charge.id);
    expect(charge).toMatchObject({ amount_refunded: 10_000, refunded: true });
    expect(await stripe.refunds.retrieve(rest.id)).toMatchObject({ id: rest.id, charge: charge.id });

    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({
      statusCode: 400,
      code: "charge_already_refunded",
    });
  });

  it("refuses to refund an intent that has not succeeded", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 5_000, currency: "usd" });
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({
      statusCode: 400,
      code: "charge_not_refundable",
    });
  });

  it("sends charge.refunded and refund.created, for API and dashboard refunds alike", async () => {
    const intent = await paidIntent(10_000);
    await stripe.refunds.create({ payment_intent: intent.id, amount: 1_000 });
    const dashboard = await double.refundFromDashboard(intent.id, 500);
    expect(dashboard.amount).toBe(500);
    const arrived = await receiver.waitFor(7);
    expect(arrived.map((webhook) => webhook.type)).toEqual([
      "payment_intent.created",
      "charge.succeeded",
      "payment_intent.succeeded",
      "charge.refunded",
      "refund.created",
      "charge.refunded",
      "refund.created",
    ]);
    const last = eventOf(arrived[5]?.body ?? "", arrived[5]?.signature ?? "");
    if (last.type !== "charge.refunded") throw new Error(`unexpected ${last.type}`);
    expect(last.data.object.amount_refunded).toBe(1_500);
    expect(last.request).toEqual({ id: null, idempotency_key: null });
  });
});

describe("refunds that fail later", () => {
  it("4000000000005126: the refund is made succeeded, then fails, and the charge has the money back", async () => {
    const intent = await paidIntent(6_000, "4000000000005126");
    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 2_000 });
    expect(refund).toMatchObject({ status: "succeeded", amount: 2_000 });
    expect(await stripe.charges.retrieve(String(intent.latest_charge))).toMatchObject({ amount_refunded: 2_000 });

    await double.webhooksSettled();
    const failed = await stripe.refunds.retrieve(refund.id);
    expect(failed).toMatchObject({ status: "failed", failure_reason: "expired_or_canceled_card" });
    expect(failed.failure_balance_transaction).toMatch(/^txn_/);
    const charge = await stripe.charges.retrieve(String(intent.latest_charge));
    expect(charge).toMatchObject({ amount_refunded: 0, refunded: false });
    expect(charge.refunds?.data[0]).toMatchObject({ id: refund.id, status: "failed" });

    const arrived = await receiver.waitFor(8);
    expect(arrived.slice(3).map((webhook) => webhook.type)).toEqual([
      "charge.refunded",
      "refund.created",
      "charge.refund.updated",
      "refund.updated",
      "refund.failed",
    ]);
    const updated = eventOf(arrived[5]?.body ?? "", arrived[5]?.signature ?? "");
    if (updated.type !== "charge.refund.updated") throw new Error(`unexpected ${updated.type}`);
    expect(updated.data.object).toMatchObject({ id: refund.id, status: "failed", failure_reason: "expired_or_canceled_card" });
    expect(updated.data.previous_attributes).toEqual({ status: "succeeded" });
    // The bank's doing, not a request of the shop's.
    expect(updated.request).toEqual({ id: null, idempotency_key: null });
  });

  it("POST /_double/fail-refund fails any refund later, with the reason given; a failed refund cannot fail again", async () => {
    const intent = await paidIntent(3_000);
    const refund = await stripe.refunds.create({ payment_intent: intent.id });
    const control = (body: object) =>
      fetch(`${double.url}/_double/fail-refund`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const answer = await control({ refund: refund.id, failure_reason: "lost_or_stolen_card" });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ id: refund.id, status: "failed", failure_reason: "lost_or_stolen_card" });
    expect(await stripe.charges.retrieve(String(intent.latest_charge))).toMatchObject({ amount_refunded: 0, refunded: false });
    expect((await control({ refund: refund.id })).status).toBe(400);
    expect((await control({ refund: "re_unknown" })).status).toBe(404);
    // The money is back on the charge, so it can be refunded again.
    expect((await stripe.refunds.create({ payment_intent: intent.id })).amount).toBe(3_000);
    expect(double.events().map((event) => event.type)).toContain("refund.failed");
  });

  it("a reset drops a failure not yet happened", async () => {
    const intent = await paidIntent(3_000, "4000000000005126");
    await stripe.refunds.create({ payment_intent: intent.id });
    double.reset();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(double.events()).toEqual([]);
  });
});

describe("disputes", () => {
  it("emits charge.dispute.created with a Stripe.Dispute", async () => {
    const intent = await paidIntent(4_200);
    const dispute = await double.createDispute(intent.id, "product_not_received");
    expect(dispute).toMatchObject({
      object: "dispute",
      amount: 4_200,
      reason: "product_not_received",
      status: "needs_response",
      payment_intent: intent.id,
    });
    const [, , , webhook] = await receiver.waitFor(4);
    const event = eventOf(webhook?.body ?? "", webhook?.signature ?? "");
    if (event.type !== "charge.dispute.created") throw new Error(`unexpected ${event.type}`);
    expect(event.data.object.id).toBe(dispute.id);
    expect((await stripe.charges.retrieve(String(intent.latest_charge))).disputed).toBe(true);
  });

  it("takes the money at once (charge.dispute.funds_withdrawn), and closes won or lost by the control route", async () => {
    const won = await double.createDispute((await paidIntent(4_200)).id);
    const lost = await double.createDispute((await paidIntent(1_500)).id);
    expect(won.balance_transactions).toEqual([expect.objectContaining({ amount: -4_200, fee: 1_500, net: -5_700 })]);
    const close = (body: object) =>
      fetch(`${double.url}/_double/close-dispute`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect(await (await close({ dispute: won.id, status: "won" })).json()).toMatchObject({ id: won.id, status: "won" });
    expect((await close({ dispute: lost.id, status: "lost" })).status).toBe(200);
    expect((await close({ dispute: lost.id, status: "won" })).status).toBe(400);
    expect((await close({ dispute: won.id, status: "maybe" })).status).toBe(400);
    expect(await stripe.disputes.retrieve(won.id)).toMatchObject({
      status: "won",
      balance_transactions: [{ amount: -4_200 }, { amount: 4_200 }],
    });

    const types = double
      .events()
      .map((event) => event.type)
      .filter((type) => type.startsWith("charge.dispute."));
    expect(types).toEqual([
      "charge.dispute.created",
      "charge.dispute.funds_withdrawn",
      "charge.dispute.created",
      "charge.dispute.funds_withdrawn",
      "charge.dispute.funds_reinstated",
      "charge.dispute.closed",
      "charge.dispute.closed",
    ]);
    const closed = double.events().filter((event) => event.type === "charge.dispute.closed");
    expect(closed.map((event) => (event.type === "charge.dispute.closed" ? [event.data.object.id, event.data.object.status] : []))).toEqual(
      [
        [won.id, "won"],
        [lost.id, "lost"],
      ],
    );
  });
});

describe("webhooks", () => {
  it("arrive signed, Stripe.Event shaped, after the API answer", async () => {
    const customer = await stripe.customers.create({ email: "a@example.com" }, { idempotencyKey: "customer-1" });
    const [webhook] = await receiver.waitFor(1);
    const event = eventOf(webhook?.body ?? "", webhook?.signature ?? "");
    expect(event).toMatchObject({
      object: "event",
      type: "customer.created",
      livemode: false,
      api_version: Stripe.API_VERSION,
      pending_webhooks: 1,
    });
    expect(event.id).toMatch(/^evt_/);
    expect(event.request?.idempotency_key).toBe("customer-1");
    expect(event.request?.id).toMatch(/^req_/);
    if (event.type !== "customer.created") throw new Error(`unexpected ${event.type}`);
    expect(event.data.object.id).toBe(customer.id);
    expect(await stripe.events.retrieve(event.id)).toMatchObject({ id: event.id, type: "customer.created" });
    const listed = await stripe.events.list({ type: "customer.created" });
    expect(listed.data.map((item) => item.id)).toEqual([event.id]);
    const since = await stripe.events.list({ type: "customer.created", created: { gte: event.created - 60 } });
    expect(since.data.map((item) => item.id)).toEqual([event.id]);
    expect((await stripe.events.list({ created: { gt: event.created + 60 } })).data).toEqual([]);
  });

  it("constructEvent refuses a wrong secret and a stale signature", async () => {
    await stripe.customers.create({});
    const [webhook] = await receiver.waitFor(1);
    expect(() => eventOf(webhook?.body ?? "", webhook?.signature ?? "", "whsec_not_the_secret")).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const event = double.events()[0];
    if (!event) throw new Error("no event");
    expect(await double.redeliver(event.id, { secret: "whsec_other" })).toBe(200);
    expect(await double.redeliver(event.id, { signedAt: Math.floor(Date.now() / 1000) - 3600 })).toBe(200);
    const [, wrongSecret, stale] = await receiver.waitFor(3);
    expect(() => eventOf(wrongSecret?.body ?? "", wrongSecret?.signature ?? "")).toThrow(/No signatures found/);
    expect(() => eventOf(stale?.body ?? "", stale?.signature ?? "")).toThrow(/Timestamp outside the tolerance zone/);
    expect(double.deliveries().filter((delivery) => delivery.redelivery)).toHaveLength(2);
  });

  it("hold queues events and release sends them in order", async () => {
    double.holdWebhooks();
    await stripe.customers.create({ name: "one" });
    await stripe.customers.create({ name: "two" });
    const intent = await stripe.paymentIntents.create({ amount: 1_000, currency: "usd" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(receiver.received).toHaveLength(0);
    await double.releaseWebhooks();
    const arrived = await receiver.waitFor(3);
    expect(arrived.map((webhook) => webhook.type)).toEqual(["customer.created", "customer.created", "payment_intent.created"]);
    expect(arrived.map((webhook) => webhook.id)).toEqual(double.events().map((event) => event.id));
    expect(arrived[2]?.body).toContain(intent.id);
  });

  it("retries failed deliveries with backoff and records every attempt", async () => {
    receiver.respondWith((attempt) => (attempt <= 2 ? 500 : 200));
    await stripe.customers.create({});
    await receiver.waitFor(1);
    await double.webhooksSettled();
    const attempts = double.deliveries();
    expect(attempts.map((attempt) => [attempt.attempt, attempt.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
    expect(double.events()[0]?.pending_webhooks).toBe(0);
  });

  it("retries when the endpoint refuses connections, then gives up", async () => {
    double.setWebhookUrl("http://127.0.0.1:9/unreachable");
    await stripe.customers.create({});
    await new Promise((resolve) => setTimeout(resolve, 20));
    await double.webhooksSettled();
    const attempts = double.deliveries();
    expect(attempts).toHaveLength(4);
    expect(attempts.every((attempt) => attempt.status === null && attempt.error !== null)).toBe(true);
  });

  it("records events without sending them when there is no URL", async () => {
    double.setWebhookUrl(null);
    await stripe.customers.create({});
    expect(double.events()).toHaveLength(1);
    expect(double.events()[0]?.pending_webhooks).toBe(0);
    await double.webhooksSettled();
    expect(double.deliveries()).toEqual([]);
  });
});
