// @vitest-environment node
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startStripeDouble, type StripeDouble } from "./index";

let double: StripeDouble;
let stripe: Stripe;

beforeAll(async () => {
  double = await startStripeDouble();
  stripe = new Stripe(double.secretKey, { host: double.host, port: double.port, protocol: "http", maxNetworkRetries: 0 });
});
afterAll(() => double.close());
beforeEach(() => double.reset());

function intentFor(orderId: string, paymentId: string): Promise<Stripe.PaymentIntent> {
  return stripe.paymentIntents.create({
    amount: 2_500,
    currency: "usd",
    metadata: { order_id: orderId, payment_id: paymentId },
    allowed_payment_method_types: ["card"],
  });
}

async function control(path: string, body: object): Promise<Response> {
  return fetch(`${double.url}/_double/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("GET /v1/payment_intents/search", () => {
  it("finds the intent of a payment by metadata, in Stripe's search result shape", async () => {
    const wanted = await intentFor("ord_1", "pay_1");
    await intentFor("ord_2", "pay_2");
    const found = await stripe.paymentIntents.search({ query: "metadata['payment_id']:'pay_1'", limit: 1 });
    expect(found).toMatchObject({ object: "search_result", has_more: false, next_page: null, url: "/v1/payment_intents/search" });
    expect(found.data.map((intent) => intent.id)).toEqual([wanted.id]);
    expect((await stripe.paymentIntents.search({ query: "metadata['payment_id']:'pay_9'" })).data).toEqual([]);
  });

  it("takes terms joined by AND, double quotes too, and status", async () => {
    const wanted = await intentFor("ord_1", "pay_1");
    await intentFor("ord_1", "pay_2");
    const both = await stripe.paymentIntents.search({ query: `metadata["order_id"]:"ord_1" AND metadata['payment_id']:'pay_1'` });
    expect(both.data.map((intent) => intent.id)).toEqual([wanted.id]);
    const waiting = await stripe.paymentIntents.search({ query: "metadata['order_id']:'ord_1' AND status:'requires_payment_method'" });
    expect(waiting.data).toHaveLength(2);
  });

  it("pages newest first with next_page, and counts with expand[]=total_count", async () => {
    const first = await intentFor("ord_1", "a");
    const second = await intentFor("ord_1", "b");
    const third = await intentFor("ord_1", "c");
    const page = await stripe.paymentIntents.search({ query: "metadata['order_id']:'ord_1'", limit: 2, expand: ["total_count"] });
    expect(page.data.map((intent) => intent.id)).toEqual([third.id, second.id]);
    expect(page).toMatchObject({ has_more: true, total_count: 3 });
    const rest = await stripe.paymentIntents.search({ query: "metadata['order_id']:'ord_1'", limit: 2, page: page.next_page ?? "" });
    expect(rest.data.map((intent) => intent.id)).toEqual([first.id]);
    expect(rest).toMatchObject({ has_more: false, next_page: null });
  });

  it("answers a query it cannot read, or none, with Stripe's 400", async () => {
    await expect(stripe.paymentIntents.search({ query: "amount>100" })).rejects.toMatchObject({ statusCode: 400, param: "query" });
    await expect(stripe.rawRequest("GET", "/v1/payment_intents/search", {})).rejects.toMatchObject({
      statusCode: 400,
      code: "parameter_missing",
      param: "query",
    });
  });
});

describe("POST /_double/delay", () => {
  it("makes every later /v1 answer wait, after the work is done; 0 and reset turn it off", async () => {
    expect((await control("delay", { ms: 400 })).status).toBe(200);
    const started = Date.now();
    await stripe.customers.create({ email: "slow@example.com" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);

    // A client that gives up first: the intent is made all the same, and its event goes out.
    const impatient = new Stripe(double.secretKey, {
      host: double.host,
      port: double.port,
      protocol: "http",
      maxNetworkRetries: 0,
      timeout: 100,
    });
    const error = await impatient.paymentIntents
      .create({ amount: 1_000, currency: "usd", metadata: { payment_id: "pay_lost" } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect((await control("delay", { ms: 0 })).status).toBe(200);
    const found = await stripe.paymentIntents.search({ query: "metadata['payment_id']:'pay_lost'" });
    expect(found.data).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(double.events().map((event) => event.type)).toEqual(["customer.created", "payment_intent.created"]);

    double.setDelay(300);
    double.reset();
    const again = Date.now();
    await stripe.customers.create({});
    expect(Date.now() - again).toBeLessThan(300);
    expect((await control("delay", { ms: -1 })).status).toBe(400);
  });
});
