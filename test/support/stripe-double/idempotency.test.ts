// @vitest-environment node
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startStripeDouble, type StripeDouble } from "./index";

let double: StripeDouble;
let stripe: Stripe;

beforeAll(async () => {
  // Requests take a moment, so concurrent ones really overlap: long enough that requests sent
  // together still overlap on a machine busy with other suites (60 ms did not, in one CI run).
  double = await startStripeDouble({ latencyMs: 400 });
  stripe = new Stripe(double.secretKey, { host: double.host, port: double.port, protocol: "http", maxNetworkRetries: 0 });
});
afterAll(() => double.close());
beforeEach(() => double.reset());

function post(path: string, body: string, key: string, apiKey = double.secretKey): Promise<Response> {
  return fetch(`${double.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/x-www-form-urlencoded", "idempotency-key": key },
    body,
  });
}

describe("Idempotency-Key", () => {
  it("replays the first answer for the same key and parameters, creating nothing new", async () => {
    const first = await stripe.paymentIntents.create(
      { amount: 2_000, currency: "usd", metadata: { order: "1" } },
      { idempotencyKey: "order-1" },
    );
    const again = await stripe.paymentIntents.create(
      { amount: 2_000, currency: "usd", metadata: { order: "1" } },
      { idempotencyKey: "order-1" },
    );
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers["idempotent-replayed"]).toBe("true");
    expect(first.lastResponse.headers["idempotent-replayed"]).toBeUndefined();
    expect(double.events().filter((event) => event.type === "payment_intent.created")).toHaveLength(1);
    expect(double.requests().map((request) => request.idempotencyKey)).toEqual(["order-1", "order-1"]);
  });

  it("refuses the same key with other parameters", async () => {
    await stripe.paymentIntents.create({ amount: 2_000, currency: "usd" }, { idempotencyKey: "order-2" });
    const error = await stripe.paymentIntents
      .create({ amount: 3_000, currency: "usd" }, { idempotencyKey: "order-2" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({ statusCode: 400, rawType: "idempotency_error" });
  });

  it("replays a decline (402) but not a validation error (400)", async () => {
    const method = await stripe.paymentMethods.create({
      type: "card",
      card: { number: "4000000000000002", exp_month: 1, exp_year: 2040, cvc: "123" },
    });
    const params = { amount: 2_000, currency: "usd", payment_method: method.id, confirm: true };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: "declined" }).catch((caught: unknown) => caught);
    const second = await stripe.paymentIntents.create(params, { idempotencyKey: "declined" }).catch((caught: unknown) => caught);
    expect(first).toMatchObject({ statusCode: 402, code: "card_declined" });
    expect(second).toMatchObject({ statusCode: 402, code: "card_declined", headers: { "idempotent-replayed": "true" } });
    expect(double.events().filter((event) => event.type === "payment_intent.created")).toHaveLength(1);

    const invalid = await post("/v1/payment_intents", "currency=usd", "fix-me");
    expect(invalid.status).toBe(400);
    const fixed = await post("/v1/payment_intents", "currency=usd", "fix-me");
    expect(fixed.headers.get("idempotent-replayed")).toBeNull();
  });

  it("scopes keys per API key", async () => {
    const secretAnswer = await post(
      "/v1/payment_methods",
      "type=card&card[number]=4242424242424242&card[exp_month]=1&card[exp_year]=2040",
      "shared",
    );
    const publishableAnswer = await post(
      "/v1/payment_methods",
      "type=card&card[number]=4242424242424242&card[exp_month]=1&card[exp_year]=2040",
      "shared",
      double.publishableKey,
    );
    expect(publishableAnswer.headers.get("idempotent-replayed")).toBeNull();
    const a: unknown = await secretAnswer.json();
    const b: unknown = await publishableAnswer.json();
    expect(a).toMatchObject({ object: "payment_method" });
    expect(b).toMatchObject({ object: "payment_method" });
    expect(a).not.toEqual(b);
  });

  it("answers 409 to a concurrent request with the same key, and the library's retries then get the replay", async () => {
    const raw = await Promise.all(Array.from({ length: 5 }, () => post("/v1/customers", "email=a%40example.com", "concurrent-raw")));
    const statuses = raw.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const conflict = raw.find((response) => response.status === 409);
    expect(await conflict?.json()).toMatchObject({ error: { code: "idempotency_key_in_use" } });

    const retrying = new Stripe(double.secretKey, { host: double.host, port: double.port, protocol: "http", maxNetworkRetries: 3 });
    const intents = await Promise.all(
      Array.from({ length: 20 }, () =>
        retrying.paymentIntents.create({ amount: 5_000, currency: "usd" }, { idempotencyKey: "concurrent-20" }),
      ),
    );
    expect(new Set(intents.map((intent) => intent.id)).size).toBe(1);
    expect(double.events().filter((event) => event.type === "payment_intent.created")).toHaveLength(1);
  });
});
