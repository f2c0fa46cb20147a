// @vitest-environment node
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startStripeDouble, type StripeDouble, type TestCardInput } from "./index";

let double: StripeDouble;
let stripe: Stripe;

function card(number: string): TestCardInput {
  return { number, exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: number.startsWith("3") ? "1234" : "123" };
}

async function newIntent(params: Partial<Stripe.PaymentIntentCreateParams> = {}): Promise<Stripe.PaymentIntent> {
  return stripe.paymentIntents.create({ amount: 12_900, currency: "usd", automatic_payment_methods: { enabled: true }, ...params });
}

function secretOf(intent: { client_secret: string | null }): string {
  if (!intent.client_secret) throw new Error("intent without client_secret");
  return intent.client_secret;
}

beforeAll(async () => {
  double = await startStripeDouble();
  stripe = new Stripe(double.secretKey, { host: double.host, port: double.port, protocol: "http", maxNetworkRetries: 0 });
});
afterAll(() => double.close());
beforeEach(() => double.reset());

describe("PaymentIntents driven by Stripe's test cards", () => {
  it("creates an intent waiting for a payment method, with a client secret and metadata", async () => {
    const intent = await newIntent({ metadata: { order_id: "ord_1" }, description: "Lenwell RO-500" });
    expect(intent).toMatchObject({
      object: "payment_intent",
      status: "requires_payment_method",
      amount: 12_900,
      currency: "usd",
      metadata: { order_id: "ord_1" },
    });
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_\\w+$`));
    expect(double.requests().at(-1)).toMatchObject({
      method: "POST",
      path: "/v1/payment_intents",
      body: { amount: "12900", metadata: { order_id: "ord_1" } },
    });
    expect(double.events().map((event) => event.type)).toEqual(["payment_intent.created"]);
  });

  it.each([
    ["4242424242424242", "visa"],
    ["5555555555554444", "mastercard"],
    ["378282246310005", "amex"],
  ])("%s succeeds as %s with a charge", async (number, brand) => {
    const intent = await newIntent();
    const confirmed = await double.confirmAsBrowser(secretOf(intent), { card: card(number) });
    expect(confirmed.status).toBe("succeeded");
    expect(confirmed.amount_received).toBe(12_900);
    const retrieved = await stripe.paymentIntents.retrieve(intent.id, { expand: ["latest_charge", "payment_method"] });
    const charge = retrieved.latest_charge;
    if (!charge || typeof charge === "string") throw new Error("latest_charge not expanded");
    expect(charge).toMatchObject({
      object: "charge",
      status: "succeeded",
      paid: true,
      amount: 12_900,
      amount_refunded: 0,
      refunded: false,
    });
    expect(charge.payment_method_details?.card).toMatchObject({ brand, last4: number.slice(-4) });
    const method = retrieved.payment_method;
    if (!method || typeof method === "string") throw new Error("payment_method not expanded");
    expect(method.card).toMatchObject({ brand, last4: number.slice(-4), funding: "credit", country: "US" });
    expect(double.events().map((event) => event.type)).toEqual(["payment_intent.created", "charge.succeeded", "payment_intent.succeeded"]);
  });

  it.each([
    ["4000000000000002", "card_declined", "generic_decline", "Your card was declined."],
    ["4000000000009995", "card_declined", "insufficient_funds", "Your card has insufficient funds."],
    ["4000000000000069", "expired_card", "expired_card", "Your card has expired."],
    ["4000000000000127", "incorrect_cvc", "incorrect_cvc", "Your card's security code is incorrect."],
    [
      "4000000000000119",
      "processing_error",
      "processing_error",
      "An error occurred while processing your card. Try again in a little bit.",
    ],
    ["4000000000000341", "card_declined", "generic_decline", "Your card was declined."],
  ])("%s is declined with %s / %s", async (number, code, declineCode, message) => {
    const intent = await newIntent();
    const after = await double.confirmAsBrowser(secretOf(intent), { card: card(number) });
    expect(after.status).toBe("requires_payment_method");
    expect(after.payment_method).toBeNull();
    expect(after.last_payment_error).toMatchObject({ type: "card_error", code, decline_code: declineCode, message });
    expect(double.events().map((event) => event.type)).toEqual([
      "payment_intent.created",
      "charge.failed",
      "payment_intent.payment_failed",
    ]);
  });

  it("answers a server-side decline with a 402 the library raises as StripeCardError", async () => {
    const method = await stripe.paymentMethods.create({ type: "card", card: card("4000000000000002") });
    const error = await newIntent({ payment_method: method.id, confirm: true }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    if (!(error instanceof Stripe.errors.StripeCardError)) return;
    expect(error.statusCode).toBe(402);
    expect(error.code).toBe("card_declined");
    expect(error.decline_code).toBe("generic_decline");
    expect(error.payment_intent?.status).toBe("requires_payment_method");
    expect(error.raw).toMatchObject({ payment_intent: { status: "requires_payment_method" } });
  });

  it("refuses invalid card details when the payment method is created", async () => {
    const wrong = async (input: Partial<TestCardInput>) =>
      stripe.paymentMethods.create({ type: "card", card: { ...card("4242424242424242"), ...input } }).catch((caught: unknown) => caught);
    const cases: [Partial<TestCardInput>, string][] = [
      [{ number: "4242424242424241" }, "incorrect_number"],
      [{ exp_year: 2020 }, "invalid_expiry_year"],
      [{ exp_month: 13 }, "invalid_expiry_month"],
      [{ cvc: "12" }, "invalid_cvc"],
    ];
    for (const [input, code] of cases) {
      const error = await wrong(input);
      expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(error).toMatchObject({ code });
    }
  });

  it("any other Luhn-valid number succeeds as its brand", async () => {
    const intent = await newIntent();
    const confirmed = await double.confirmAsBrowser(secretOf(intent), { card: card("6011111111111117") });
    expect(confirmed.status).toBe("succeeded");
    const method = await stripe.paymentMethods.retrieve(String(confirmed.payment_method));
    expect(method.card?.brand).toBe("discover");
  });
});

describe("3-D Secure", () => {
  it.each(["4000002500003155", "4000002760003184"])("%s requires action, then completing authentication succeeds", async (number) => {
    const intent = await newIntent();
    const pending = await double.confirmAsBrowser(secretOf(intent), { card: card(number) });
    expect(pending.status).toBe("requires_action");
    expect(pending.next_action?.type).toBe("use_stripe_sdk");
    const done = await double.completeAuthentication(intent.id, "succeed");
    expect(done.status).toBe("succeeded");
    const charge = await stripe.charges.retrieve(String(done.latest_charge));
    expect(charge.payment_method_details?.card?.three_d_secure?.result).toBe("authenticated");
    expect(double.events().map((event) => event.type)).toEqual([
      "payment_intent.created",
      "payment_intent.requires_action",
      "charge.succeeded",
      "payment_intent.succeeded",
    ]);
  });

  it("failing authentication leaves the intent needing a payment method", async () => {
    const intent = await newIntent();
    await double.confirmAsBrowser(secretOf(intent), { card: card("4000002760003184") });
    const failed = await double.completeAuthentication(intent.id, "fail");
    expect(failed.status).toBe("requires_payment_method");
    expect(failed.last_payment_error).toMatchObject({ code: "payment_intent_authentication_failure", type: "invalid_request_error" });
    expect(double.events().at(-1)?.type).toBe("payment_intent.payment_failed");
  });

  it("a return_url makes the next action a redirect to the double's challenge page", async () => {
    const method = await stripe.paymentMethods.create({ type: "card", card: card("4000002500003155") });
    const intent = await newIntent({ payment_method: method.id, confirm: true, return_url: "http://shop.test/return" });
    expect(intent.next_action).toMatchObject({ type: "redirect_to_url", redirect_to_url: { return_url: "http://shop.test/return" } });
  });
});

describe("customers and saved cards", () => {
  it("creates, retrieves and updates customers", async () => {
    const customer = await stripe.customers.create({ email: "ada@example.com", name: "Ada", metadata: { member_id: "m1" } });
    expect(customer).toMatchObject({ object: "customer", email: "ada@example.com", name: "Ada", metadata: { member_id: "m1" } });
    const updated = await stripe.customers.update(customer.id, { name: "Ada L.", metadata: { member_id: "", tier: "gold" } });
    expect(updated.name).toBe("Ada L.");
    expect(updated.metadata).toEqual({ tier: "gold" });
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ name: "Ada L." });
    await expect(stripe.customers.retrieve("cus_missing")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
  });

  it("setup_future_usage attaches the card to the customer on success, and later off-session charges succeed (3155)", async () => {
    const customer = await stripe.customers.create({ email: "saver@example.com" });
    const intent = await newIntent({ customer: customer.id, setup_future_usage: "off_session" });
    await double.confirmAsBrowser(secretOf(intent), { card: card("4000002500003155") });
    await double.completeAuthentication(intent.id, "succeed");
    const methods = await stripe.customers.listPaymentMethods(customer.id, { type: "card" });
    expect(methods.data).toHaveLength(1);
    const saved = methods.data[0];
    expect(saved?.customer).toBe(customer.id);
    expect((await stripe.paymentMethods.list({ customer: customer.id, type: "card" })).data.map((m) => m.id)).toEqual([saved?.id]);
    expect(double.events().map((event) => event.type)).toContain("payment_method.attached");

    const renewal = await newIntent({ customer: customer.id, payment_method: saved?.id, off_session: true, confirm: true });
    expect(renewal.status).toBe("succeeded");
  });

  it("attaches and detaches payment methods", async () => {
    const customer = await stripe.customers.create({});
    const method = await stripe.paymentMethods.create({ type: "card", card: card("4242424242424242"), billing_details: { name: "Ada" } });
    expect(method.billing_details.name).toBe("Ada");
    expect((await stripe.paymentMethods.attach(method.id, { customer: customer.id })).customer).toBe(customer.id);
    expect((await stripe.paymentMethods.detach(method.id)).customer).toBeNull();
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toEqual([]);
  });

  it("a SetupIntent confirmed with a card saves it; 3-D Secure cards need authentication first", async () => {
    const customer = await stripe.customers.create({});
    const setup = await stripe.setupIntents.create({ customer: customer.id, automatic_payment_methods: { enabled: true } });
    expect(setup.status).toBe("requires_payment_method");
    const done = await double.confirmSetupAsBrowser(secretOf(setup), { card: card("4000000000000341") });
    expect(done.status).toBe("succeeded");
    expect(double.events().map((event) => event.type)).toContain("setup_intent.succeeded");

    const secure = await stripe.setupIntents.create({ customer: customer.id });
    const pending = await double.confirmSetupAsBrowser(secretOf(secure), { card: card("4000002500003155") });
    expect(pending.status).toBe("requires_action");
    expect((await double.completeSetupAuthentication(secure.id, "succeed")).status).toBe("succeeded");
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toHaveLength(2);

    // 0341 saved fine, but charging it is declined.
    const saved = String(done.payment_method);
    const error = await newIntent({ customer: customer.id, payment_method: saved, off_session: true, confirm: true }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ type: "StripeCardError", code: "card_declined" });
  });

  it("off-session with 3184 throws authentication_required with the intent in raw.payment_intent", async () => {
    const customer = await stripe.customers.create({});
    const setup = await stripe.setupIntents.create({ customer: customer.id });
    await double.confirmSetupAsBrowser(secretOf(setup), { card: card("4000002760003184") });
    await double.completeSetupAuthentication(setup.id, "succeed");
    const [saved] = (await stripe.customers.listPaymentMethods(customer.id)).data;
    const error = await newIntent({ customer: customer.id, payment_method: saved?.id, off_session: true, confirm: true }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    if (!(error instanceof Stripe.errors.StripeCardError)) return;
    expect(error.code).toBe("authentication_required");
    expect(error.raw).toMatchObject({ type: "card_error", payment_intent: { status: "requires_payment_method" } });
    expect(error.payment_intent?.last_payment_error?.code).toBe("authentication_required");
    const intentId = error.payment_intent?.id ?? "";
    // The customer comes back on-session and confirms with the saved card: 3-D Secure, then success.
    const retried = await double.confirmAsBrowser(secretOf(await stripe.paymentIntents.retrieve(intentId)), {
      paymentMethod: saved?.id ?? "",
    });
    expect(retried.status).toBe("requires_action");
    expect((await double.completeAuthentication(intentId, "succeed")).status).toBe("succeeded");
  });
});

describe("updates and cancellation", () => {
  it("updates amount and metadata until the intent succeeds, and refuses to cancel it afterwards", async () => {
    const intent = await newIntent({ metadata: { a: "1" } });
    const updated = await stripe.paymentIntents.update(intent.id, { amount: 15_000, metadata: { b: "2" } });
    expect(updated).toMatchObject({ amount: 15_000, metadata: { a: "1", b: "2" } });
    await double.confirmAsBrowser(secretOf(intent), { card: card("4242424242424242") });
    await expect(stripe.paymentIntents.update(intent.id, { amount: 1_000 })).rejects.toMatchObject({
      statusCode: 400,
      code: "payment_intent_unexpected_state",
    });
    await expect(stripe.paymentIntents.cancel(intent.id)).rejects.toMatchObject({
      statusCode: 400,
      code: "payment_intent_unexpected_state",
    });
  });

  it("cancels an open intent once", async () => {
    const intent = await newIntent();
    const canceled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: "abandoned" });
    expect(canceled).toMatchObject({ status: "canceled", cancellation_reason: "abandoned" });
    expect(canceled.canceled_at).toEqual(expect.any(Number));
    await expect(stripe.paymentIntents.cancel(intent.id)).rejects.toMatchObject({ code: "payment_intent_unexpected_state" });
    expect(double.events().at(-1)?.type).toBe("payment_intent.canceled");
  });
});

describe("authentication", () => {
  it("answers a wrong secret key with 401", async () => {
    const wrong = new Stripe("sk_test_wrong", { host: double.host, port: double.port, protocol: "http", maxNetworkRetries: 0 });
    const error = await wrong.customers.create({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401, type: "StripeAuthenticationError" });
  });

  it("refuses the publishable key on secret-only endpoints, and accepts it with the client secret where Stripe.js calls", async () => {
    const publishable = new Stripe(double.publishableKey, { host: double.host, port: double.port, protocol: "http", maxNetworkRetries: 0 });
    await expect(publishable.customers.create({})).rejects.toMatchObject({ statusCode: 403, code: "secret_key_required" });
    await expect(publishable.paymentIntents.create({ amount: 1000, currency: "usd" })).rejects.toMatchObject({ statusCode: 403 });
    const intent = await newIntent();
    await expect(publishable.paymentIntents.retrieve(intent.id)).rejects.toMatchObject({ statusCode: 400, param: "client_secret" });
    const seen = await publishable.paymentIntents.retrieve(intent.id, { client_secret: secretOf(intent) });
    expect(seen.id).toBe(intent.id);
    const response = await fetch(
      `${double.url}/v1/payment_intents/${intent.id}?key=${double.publishableKey}&client_secret=${intent.id}_secret_wrong`,
    );
    expect(response.status).toBe(400);
    const noKey = await fetch(`${double.url}/v1/customers`, { method: "POST" });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ error: { type: "invalid_request_error" } });
  });
});

describe("allowed_payment_method_types", () => {
  it("takes a card where the list has card (what the shop sends), and shows the list on the intent", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 2_000, currency: "usd", allowed_payment_method_types: ["card"] });
    expect(intent).toMatchObject({
      allowed_payment_method_types: ["card"],
      payment_method_types: ["card"],
      automatic_payment_methods: null,
    });
    expect((await double.confirmAsBrowser(secretOf(intent), { card: card("4242424242424242") })).status).toBe("succeeded");
  });

  it("takes a card when there is no list (dynamic payment methods, card on)", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 2_000, currency: "usd" });
    expect(intent).toMatchObject({ allowed_payment_method_types: null, payment_method_types: ["card"] });
    expect((await double.confirmAsBrowser(secretOf(intent), { card: card("4242424242424242") })).status).toBe("succeeded");
  });

  it("refuses to confirm with a payment method of a type not in the list, and leaves the intent as it was", async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 2_000,
      currency: "usd",
      allowed_payment_method_types: ["us_bank_account"],
    });
    const method = await stripe.paymentMethods.create({ type: "card", card: card("4242424242424242") });
    const error = await stripe.paymentIntents.confirm(intent.id, { payment_method: method.id }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      statusCode: 400,
      code: "payment_intent_incompatible_payment_method",
      param: "payment_method",
      message: expect.stringContaining("The PaymentMethod provided (card) is not allowed for this PaymentIntent"),
    });
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ status: "requires_payment_method", payment_method: null });
    // Stripe.js meets the same refusal.
    const browser = await double.confirmAsBrowser(secretOf(intent), { card: card("4242424242424242") });
    expect(browser.status).toBe("requires_payment_method");
    expect(double.events().map((event) => event.type)).toEqual(["payment_intent.created"]);
  });

  it("is refused together with automatic_payment_methods, and refused for a SetupIntent's card when card is not in it", async () => {
    await expect(
      stripe.paymentIntents.create({
        amount: 2_000,
        currency: "usd",
        allowed_payment_method_types: ["card"],
        automatic_payment_methods: { enabled: true },
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: "parameters_exclusive" });
    const customer = await stripe.customers.create({});
    const setup = await stripe.setupIntents.create({ customer: customer.id, usage: "off_session", allowed_payment_method_types: ["card"] });
    expect(setup).toMatchObject({ allowed_payment_method_types: ["card"], payment_method_types: ["card"] });
    expect((await double.confirmSetupAsBrowser(secretOf(setup), { card: card("4242424242424242") })).status).toBe("succeeded");
    const sepa = await stripe.setupIntents.create({ customer: customer.id, allowed_payment_method_types: ["sepa_debit"] });
    const method = await stripe.paymentMethods.create({ type: "card", card: card("4242424242424242") });
    await expect(stripe.setupIntents.confirm(sepa.id, { payment_method: method.id })).rejects.toMatchObject({
      statusCode: 400,
      param: "payment_method",
      message: expect.stringContaining("is not allowed for this SetupIntent"),
    });
  });
});

describe("SetupIntent events", () => {
  it("sends setup_intent.succeeded when a card is saved and setup_intent.setup_failed when the bank refuses it", async () => {
    const customer = await stripe.customers.create({});
    const saved = await stripe.setupIntents.create({ customer: customer.id, allowed_payment_method_types: ["card"] });
    await double.confirmSetupAsBrowser(secretOf(saved), { card: card("4242424242424242") });
    const refused = await stripe.setupIntents.create({ customer: customer.id, allowed_payment_method_types: ["card"] });
    const after = await double.confirmSetupAsBrowser(secretOf(refused), { card: card("4000000000000002") });
    expect(after).toMatchObject({ status: "requires_payment_method", last_setup_error: { code: "card_declined" } });
    const setupEvents = double.events().filter((event) => event.type.startsWith("setup_intent."));
    expect(setupEvents.map((event) => [event.type, "id" in event.data.object ? event.data.object.id : ""])).toEqual([
      ["setup_intent.created", saved.id],
      ["setup_intent.succeeded", saved.id],
      ["setup_intent.created", refused.id],
      ["setup_intent.setup_failed", refused.id],
    ]);
  });
});
