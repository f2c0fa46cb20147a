// @vitest-environment node
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startStripeDouble, type StripeDouble, type TestCardInput } from "@/test/support/stripe-double";
import { PAYMENT_MESSAGES } from "./messages";
import {
  RefundRefusedError,
  WebhookRefusedError,
  type ChargeRequest,
  type ChargeResult,
  type PaymentProvider,
  type PaymentSource,
  type ProviderEvent,
} from "./provider";
import { createStripeProvider } from "./stripe-provider";

// The Stripe provider against the tests' Stripe-shaped server (test/support/stripe-double), driven
// by Stripe's test cards; what the double cannot be made to answer (a refund left pending, a 5xx,
// search) comes from a small server put in front of it that answers some calls itself.

const WORDS = PAYMENT_MESSAGES.cardRefused;
const nextYear = new Date().getUTCFullYear() + 1;
const card = (number: string): TestCardInput => ({ number, exp_month: 12, exp_year: nextYear, cvc: "123" });

let double: StripeDouble;
let provider: PaymentProvider;
let stripe: Stripe;

beforeAll(async () => {
  double = await startStripeDouble({ webhookUrl: null });
  provider = providerAt(double.url);
  stripe = new Stripe(double.secretKey, { host: double.host, port: double.port, protocol: "http", maxNetworkRetries: 0 });
});
afterAll(() => double.close());

function providerAt(apiUrl: string): PaymentProvider {
  return createStripeProvider({ secretKey: double.secretKey, webhookSecret: double.webhookSecret, apiUrl });
}

function chargeRequest(source: PaymentSource, extra: Partial<ChargeRequest> = {}): ChargeRequest {
  return {
    amountCents: 2_500,
    currency: "usd",
    source,
    idempotencyKey: randomUUID(),
    description: "Lenwell test order",
    orderId: randomUUID(),
    paymentId: randomUUID(),
    customer: null,
    saveCard: false,
    ...extra,
  };
}

function offSession(reference: string, customer: string | null) {
  return { amountCents: 4_900, currency: "usd" as const, reference, customer, idempotencyKey: randomUUID(), description: "Renewal" };
}

async function newCustomer(): Promise<string> {
  if (!provider.createCustomer) throw new Error("the Stripe provider keeps customers");
  const userId = randomUUID();
  return provider.createCustomer({ userId, email: `${userId}@example.com`, name: "Ada Park" });
}

/** A card saved for `customer` through a SetupIntent, the bank's check passed when it asks one; its reference. */
async function savedCard(customer: string, number: string): Promise<string> {
  if (!provider.startCardSetup || !provider.finishCardSetup) throw new Error("the Stripe provider sets cards up");
  const setup = await provider.startCardSetup(customer, randomUUID());
  const confirmed = await double.confirmSetupAsBrowser(setup.clientSecret, { card: card(number) });
  if (confirmed.status === "requires_action") await double.completeSetupAuthentication(setup.reference, "succeed");
  const { outcome } = await provider.finishCardSetup(setup.reference);
  if (outcome.status !== "succeeded") throw new Error(`${number} was not saved: ${outcome.message}`);
  return outcome.card.reference;
}

/** A PaymentMethod of the card, attached to nobody (the double, unlike Stripe, takes raw numbers from the secret key). */
async function paymentMethodOf(number: string): Promise<string> {
  return (await stripe.paymentMethods.create({ type: "card", card: card(number) })).id;
}

/** A charge confirmed in the browser with a new card, as Stripe.js does. */
async function browserCharge(number: string): Promise<ChargeResult> {
  const started = await provider.charge(chargeRequest({ kind: "browser" }));
  expect(started).toMatchObject({ status: "requires_action", action: { kind: "confirm" } });
  await double.confirmAsBrowser(started.action?.clientSecret ?? "", { card: card(number) });
  return started;
}

async function paidIntent(): Promise<string> {
  const { providerRef } = await browserCharge("4242424242424242");
  expect((await provider.retrieve(providerRef)).status).toBe("succeeded");
  return providerRef;
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

const DECLINES = [
  { number: "4000000000000002", words: WORDS.generic_decline },
  { number: "4000000000009995", words: WORDS.insufficient_funds },
  { number: "4000000000000069", words: WORDS.expired_card },
  { number: "4000000000000127", words: WORDS.incorrect_cvc },
  { number: "4000000000000119", words: WORDS.processing_error },
];

describe("a refused card is an answer in the shop's words", () => {
  it.each(DECLINES)("a saved $number confirmed here fails with the intent it left, in the shop's words", async ({ number, words }) => {
    const method = await paymentMethodOf(number);
    const result = await provider.charge(chargeRequest({ kind: "saved", reference: method }));
    expect(result).toMatchObject({ status: "failed", failureMessage: words, action: null, card: { last4: number.slice(-4) } });
    expect(result.providerRef).toMatch(/^pi_/);
    // Stripe's own sentence stays at Stripe.
    const intent = await stripe.paymentIntents.retrieve(result.providerRef);
    expect(intent.last_payment_error?.message).toBeTruthy();
    expect(result.failureMessage).not.toBe(intent.last_payment_error?.message);
    // The page's re-check reads the same.
    expect(await provider.retrieve(result.providerRef)).toMatchObject({ status: "failed", failureMessage: words });
  });

  it.each(DECLINES)("$number typed into Stripe's fields reads as failed in the shop's words", async ({ number, words }) => {
    const { providerRef } = await browserCharge(number);
    expect(await provider.retrieve(providerRef)).toMatchObject({ status: "failed", failureMessage: words });
  });

  it.each(DECLINES)("$number charged off-session fails in the same words", async ({ number, words }) => {
    const result = await provider.chargeOffSession(offSession(await paymentMethodOf(number), null));
    expect(result).toMatchObject({ status: "failed", failureMessage: words, action: null });
  });

  it.each(DECLINES)("$number refused while being saved answers failed in the same words", async ({ number, words }) => {
    if (!provider.startCardSetup || !provider.finishCardSetup) throw new Error("the Stripe provider sets cards up");
    const setup = await provider.startCardSetup(await newCustomer(), randomUUID());
    const confirmed = await double.confirmSetupAsBrowser(setup.clientSecret, { card: card(number) });
    expect(confirmed.status).toBe("requires_payment_method");
    expect(await provider.finishCardSetup(setup.reference)).toMatchObject({ outcome: { status: "failed", message: words } });
  });

  it("a card that saves fine but is declined on every charge (0341) fails on and off session", async () => {
    const customer = await newCustomer();
    const reference = await savedCard(customer, "4000000000000341");
    const onSession = await provider.charge(chargeRequest({ kind: "saved", reference }, { customer }));
    expect(onSession).toMatchObject({ status: "failed", failureMessage: WORDS.generic_decline, card: { last4: "0341" }, savedCard: null });
    const renewal = await provider.chargeOffSession(offSession(reference, customer));
    expect(renewal).toMatchObject({ status: "failed", failureMessage: WORDS.generic_decline });
  });

  it("a saved card whose bank checks on-session payments (3155) hands the check to the browser, and passes off-session", async () => {
    const customer = await newCustomer();
    const reference = await savedCard(customer, "4000002500003155");
    const onSession = await provider.charge(chargeRequest({ kind: "saved", reference }, { customer }));
    expect(onSession).toMatchObject({
      status: "requires_action",
      failureMessage: PAYMENT_MESSAGES.authenticate,
      action: { kind: "authenticate" },
    });
    await double.completeAuthentication(onSession.providerRef, "succeed");
    expect((await provider.retrieve(onSession.providerRef)).status).toBe("succeeded");
    expect((await provider.chargeOffSession(offSession(reference, customer))).status).toBe("succeeded");
  });

  it("a saved card whose bank checks every payment (3184) waits for the holder off-session, who then passes the check", async () => {
    const customer = await newCustomer();
    const reference = await savedCard(customer, "4000002760003184");
    const renewal = await provider.chargeOffSession(offSession(reference, customer));
    expect(renewal).toMatchObject({
      status: "requires_action",
      failureMessage: PAYMENT_MESSAGES.authenticate,
      action: { kind: "authenticate", paymentMethod: reference },
    });
    const clientSecret = renewal.action?.clientSecret ?? "";
    expect((await double.confirmAsBrowser(clientSecret, { paymentMethod: reference })).status).toBe("requires_action");
    await double.completeAuthentication(renewal.providerRef, "succeed");
    expect((await provider.retrieve(renewal.providerRef)).status).toBe("succeeded");

    const onSession = await provider.charge(chargeRequest({ kind: "saved", reference }, { customer }));
    expect(onSession).toMatchObject({ status: "requires_action", action: { kind: "authenticate" } });
  });

  it("a failed bank check fails the payment, or the card being saved, in the shop's words", async () => {
    const { providerRef } = await browserCharge("4000002500003155");
    await double.completeAuthentication(providerRef, "fail");
    expect(await provider.retrieve(providerRef)).toMatchObject({
      status: "failed",
      failureMessage: WORDS.payment_intent_authentication_failure,
    });

    if (!provider.startCardSetup || !provider.finishCardSetup) throw new Error("the Stripe provider sets cards up");
    const setup = await provider.startCardSetup(await newCustomer(), randomUUID());
    await double.confirmSetupAsBrowser(setup.clientSecret, { card: card("4000002760003184") });
    await double.completeSetupAuthentication(setup.reference, "fail");
    expect(await provider.finishCardSetup(setup.reference)).toMatchObject({
      outcome: { status: "failed", message: WORDS.setup_intent_authentication_failure },
    });
  });
});

describe("refunds", () => {
  it("answers the refund's status, and Stripe's refusals by code in the shop's words", async () => {
    const providerRef = await paidIntent();
    const partial = await provider.refund({ providerRef, amountCents: 1_000, idempotencyKey: randomUUID() });
    expect(partial).toMatchObject({ amountCents: 1_000, status: "succeeded", failureMessage: null });
    expect(partial.refundRef).toMatch(/^re_/);

    const tooMuch = await caught(provider.refund({ providerRef, amountCents: 2_000, idempotencyKey: randomUUID() }));
    expect(tooMuch).toBeInstanceOf(RefundRefusedError);
    expect(tooMuch).toMatchObject({ code: "amount_too_large", message: PAYMENT_MESSAGES.refundRefused.amount_too_large });

    await provider.refund({ providerRef, amountCents: 1_500, idempotencyKey: randomUUID() });
    expect(await caught(provider.refund({ providerRef, amountCents: 100, idempotencyKey: randomUUID() }))).toMatchObject({
      code: "charge_already_refunded",
      message: PAYMENT_MESSAGES.refundRefused.charge_already_refunded,
    });
  });

  it("refuses a disputed payment, an unknown one and one that never went through", async () => {
    const disputed = await paidIntent();
    await double.createDispute(disputed, "fraudulent");
    expect(await caught(provider.refund({ providerRef: disputed, amountCents: 500, idempotencyKey: randomUUID() }))).toMatchObject({
      name: "RefundRefusedError",
      code: "charge_disputed",
      message: PAYMENT_MESSAGES.refundRefused.charge_disputed,
    });
    expect(await caught(provider.refund({ providerRef: "pi_nobody", amountCents: 500, idempotencyKey: randomUUID() }))).toMatchObject({
      code: "resource_missing",
      message: PAYMENT_MESSAGES.refundRefused.resource_missing,
    });
    const { providerRef: declined } = await browserCharge("4000000000000002");
    expect(await caught(provider.refund({ providerRef: declined, amountCents: 500, idempotencyKey: randomUUID() }))).toMatchObject({
      code: "charge_not_refundable",
      message: PAYMENT_MESSAGES.refundRefused.charge_not_refundable,
    });
  });

  it("throws what is not a refusal (Stripe unreachable, or failing), for the caller to try again later", async () => {
    const unreachable = createStripeProvider({
      secretKey: double.secretKey,
      webhookSecret: double.webhookSecret,
      apiUrl: "http://127.0.0.1:9",
    });
    const offline = await caught(unreachable.refund({ providerRef: "pi_x", amountCents: 500, idempotencyKey: randomUUID() }));
    expect(offline).toBeInstanceOf(Error);
    expect(offline).not.toBeInstanceOf(RefundRefusedError);

    await withStripeInFront(async (front) => {
      front.answer(({ method, path }) =>
        method === "POST" && path === "/v1/refunds"
          ? { status: 500, body: { error: { type: "api_error", message: "Something went wrong on Stripe's end." } } }
          : null,
      );
      const failing = await caught(front.provider.refund({ providerRef: "pi_x", amountCents: 500, idempotencyKey: randomUUID() }));
      expect(failing).toBeInstanceOf(Stripe.errors.StripeAPIError);
    });
  });

  it("reads a refund Stripe left pending, or failed at once, from the Refund", async () => {
    const providerRef = await paidIntent();
    const made = await stripe.refunds.create({ payment_intent: providerRef, amount: 100 });
    await withStripeInFront(async (front) => {
      let answer: Stripe.Refund = { ...made, status: "pending" };
      front.answer(({ method, path }) => (method === "POST" && path === "/v1/refunds" ? { status: 200, body: answer } : null));
      const refund = () => front.provider.refund({ providerRef, amountCents: 100, idempotencyKey: randomUUID() });
      expect(await refund()).toEqual({ refundRef: made.id, amountCents: 100, status: "pending", failureMessage: null });
      answer = { ...made, status: "failed", failure_reason: "expired_or_canceled_card" };
      expect(await refund()).toMatchObject({
        status: "failed",
        failureMessage: PAYMENT_MESSAGES.refundFailedBecause.expired_or_canceled_card,
      });
      answer = { ...made, status: "failed", failure_reason: "unknown" };
      expect(await refund()).toMatchObject({ status: "failed", failureMessage: PAYMENT_MESSAGES.refundFailed });
    });
  });
});

describe("a confirmation refused with the holder at the screen", () => {
  it("hands authentication_required to the browser's bank check; without an intent in the error, fails in the shop's words", async () => {
    const method = await stripe.paymentMethods.create({ type: "card", card: card("4000002760003184") });
    const base = await stripe.paymentIntents.create({ amount: 2_500, currency: "usd" });
    const refusal = {
      type: "card_error",
      code: "authentication_required",
      decline_code: "authentication_required",
      message: "Your card was declined. This transaction requires authentication.",
    };
    await withStripeInFront(async (front) => {
      let error: object = {
        ...refusal,
        payment_intent: { ...base, status: "requires_payment_method", last_payment_error: { ...refusal, payment_method: method } },
      };
      front.answer(({ method: verb, path }) =>
        verb === "POST" && path === "/v1/payment_intents" ? { status: 402, body: { error } } : null,
      );
      const request = chargeRequest({ kind: "saved", reference: method.id });
      expect(await front.provider.charge(request)).toMatchObject({
        status: "requires_action",
        providerRef: base.id,
        failureMessage: PAYMENT_MESSAGES.authenticate,
        action: { kind: "authenticate", clientSecret: base.client_secret, paymentMethod: method.id },
      });

      error = { ...refusal, code: "card_declined", decline_code: "do_not_honor" };
      const other = chargeRequest({ kind: "saved", reference: method.id });
      expect(await front.provider.charge(other)).toEqual({
        status: "failed",
        providerRef: `failed:${other.idempotencyKey}`,
        amountCents: other.amountCents,
        card: null,
        failureMessage: WORDS.do_not_honor,
        action: null,
        savedCard: null,
      });
    });
  });
});

describe("findCharge", () => {
  it("finds the charge made for a payment by search, or by its creation event while search has not caught up; null for none", async () => {
    await withStripeInFront(async (front) => {
      const request = chargeRequest({ kind: "browser" });
      const made = await front.provider.charge(request);

      // Not searchable yet (Stripe's search lags): found by the event Stripe wrote when it made the intent.
      expect(await front.provider.findCharge(request.paymentId, request.idempotencyKey)).toMatchObject({
        status: "requires_action",
        providerRef: made.providerRef,
        amountCents: 2_500,
      });
      expect(front.searches.at(-1)).toBe(`metadata['payment_id']:'${request.paymentId}'`);

      await double.confirmAsBrowser(made.action?.clientSecret ?? "", { card: card("4242424242424242") });
      front.index(made.providerRef);
      const before = front.eventReads;
      expect(await front.provider.findCharge(request.paymentId, request.idempotencyKey)).toMatchObject({
        status: "succeeded",
        providerRef: made.providerRef,
      });
      // Found by search, the events are not read.
      expect(front.eventReads).toBe(before);

      expect(await front.provider.findCharge(randomUUID(), randomUUID())).toBeNull();
    });
  });
});

describe("webhooks", () => {
  const signer = new Stripe("sk_test_signer");
  const NOW = 1_900_000_000;

  function eventJson(type: string, object: object): string {
    return JSON.stringify({
      id: `evt_${randomUUID().replaceAll("-", "")}`,
      object: "event",
      api_version: Stripe.API_VERSION,
      created: NOW,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
  }

  function signed(payload: string, options: { timestamp?: number; secret?: string } = {}): Headers {
    const header = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? double.webhookSecret,
      timestamp: options.timestamp ?? NOW,
    });
    return new Headers({ "content-type": "application/json", "stripe-signature": header });
  }

  function read(payload: string, headers: Headers): ProviderEvent {
    if (!provider.readEvent) throw new Error("the Stripe provider reads webhooks");
    vi.spyOn(Date, "now").mockReturnValue(NOW * 1000);
    return provider.readEvent(payload, headers);
  }

  function refusal(payload: string, headers: Headers): unknown {
    try {
      read(payload, headers);
    } catch (error) {
      return error;
    }
    return null;
  }

  function refused(message: string) {
    return expect.objectContaining({ name: "WebhookRefusedError", message });
  }

  it("takes a signature dated up to 300 s either side of now, and refuses one further off either way", () => {
    const payload = eventJson("customer.created", { id: "cus_1", object: "customer" });
    for (const offset of [-300, -299, 0, 299, 300]) {
      expect(read(payload, signed(payload, { timestamp: NOW + offset })), `offset ${offset}`).toMatchObject({ kind: "other" });
    }
    for (const offset of [-301, 301, 3_600]) {
      const error = refusal(payload, signed(payload, { timestamp: NOW + offset }));
      expect(error, `offset ${offset}`).toBeInstanceOf(WebhookRefusedError);
      expect(error).toEqual(refused(PAYMENT_MESSAGES.webhookStale));
    }
  });

  it("refuses a missing header, a wrong signature, a changed body and a fresh time put before an old signature, in the shop's words", () => {
    const payload = eventJson("customer.created", { id: "cus_1", object: "customer" });
    expect(refusal(payload, new Headers())).toEqual(refused(PAYMENT_MESSAGES.webhookMissingSignature));
    expect(refusal(payload, signed(payload, { secret: "whsec_someone_else" }))).toEqual(refused(PAYMENT_MESSAGES.webhookBadSignature));
    expect(refusal(payload.replace("cus_1", "cus_2"), signed(payload))).toEqual(refused(PAYMENT_MESSAGES.webhookBadSignature));
    expect(refusal(payload, new Headers({ "stripe-signature": "v1=abc" }))).toEqual(refused(PAYMENT_MESSAGES.webhookBadSignature));
    expect(refusal(payload, new Headers({ "stripe-signature": "t=soon,v1=abc" }))).toEqual(refused(PAYMENT_MESSAGES.webhookBadSignature));
    // A replayed old event with a time of now in front: the library would check the signature against the old time.
    const old = signed(payload, { timestamp: NOW - 3_600 }).get("stripe-signature") ?? "";
    expect(refusal(payload, new Headers({ "stripe-signature": `t=${NOW},${old}` }))).toEqual(refused(PAYMENT_MESSAGES.webhookBadSignature));
  });

  it("refuses a correctly signed body that is not an event", () => {
    for (const payload of ["", "{not json", "[]", '{"id":"evt_1","type":"charge.refunded"}', '{"id":"evt_1","type":"x","data":{}}']) {
      expect(refusal(payload, signed(payload)), payload).toEqual(refused(PAYMENT_MESSAGES.webhookUnreadable));
    }
  });

  it("reads charges, refunds, failed refunds, disputes and their close, and saved cards in the shop's terms", async () => {
    const providerRef = await paidIntent();
    const refund = await stripe.refunds.create({ payment_intent: providerRef, amount: 700 });
    const succeeded = double.events().find((event) => event.type === "payment_intent.succeeded" && event.data.object.id === providerRef);
    const refunded = double.events().findLast((event) => event.type === "charge.refunded");
    if (!succeeded || !refunded) throw new Error("the double wrote no events");
    const readSigned = (payload: string) => read(payload, signed(payload));

    // The shop's payment id comes back from the intent's metadata (none here: the test made the intent itself).
    expect(readSigned(JSON.stringify(succeeded))).toEqual({
      id: succeeded.id,
      type: succeeded.type,
      kind: "charge",
      providerRef,
      paymentId: (succeeded.data.object as { metadata?: Record<string, string> }).metadata?.payment_id,
    });
    expect(readSigned(JSON.stringify(refunded))).toMatchObject({ kind: "refund", providerRef, refundedCents: 700 });

    const failedRefund = { ...refund, status: "failed", failure_reason: "lost_or_stolen_card" };
    const refundFailed = {
      kind: "refund_failed",
      providerRef,
      refundRef: refund.id,
      amountCents: 700,
      message: PAYMENT_MESSAGES.refundFailedBecause.lost_or_stolen_card,
    };
    expect(readSigned(eventJson("refund.failed", failedRefund))).toMatchObject({ type: "refund.failed", ...refundFailed });
    expect(readSigned(eventJson("charge.refund.updated", failedRefund))).toMatchObject(refundFailed);
    expect(readSigned(eventJson("charge.refund.updated", refund))).toMatchObject({ kind: "other" });
    expect(readSigned(eventJson("refund.failed", { ...failedRefund, failure_reason: "unknown" }))).toMatchObject({
      message: PAYMENT_MESSAGES.refundFailed,
    });

    const disputed = await paidIntent();
    const dispute = await double.createDispute(disputed, "product_not_received");
    const created = double.events().findLast((event) => event.type === "charge.dispute.created");
    if (!created) throw new Error("the double wrote no dispute event");
    expect(readSigned(JSON.stringify(created))).toMatchObject({
      kind: "dispute",
      providerRef: disputed,
      disputeRef: dispute.id,
      amountCents: dispute.amount,
      reason: "product_not_received",
    });
    for (const [status, won] of [
      ["won", true],
      ["warning_closed", true],
      ["lost", false],
    ] as const) {
      expect(readSigned(eventJson("charge.dispute.closed", { ...dispute, status })), status).toMatchObject({
        kind: "dispute_closed",
        providerRef: disputed,
        disputeRef: dispute.id,
        amountCents: dispute.amount,
        won,
      });
    }

    const reference = await savedCard(await newCustomer(), "4242424242424242");
    const setupSucceeded = double
      .events()
      .findLast((event) => event.type === "setup_intent.succeeded" && event.data.object.payment_method === reference);
    if (!setupSucceeded || setupSucceeded.type !== "setup_intent.succeeded") throw new Error("the double wrote no setup event");
    expect(readSigned(JSON.stringify(setupSucceeded))).toEqual({
      id: setupSucceeded.id,
      type: "setup_intent.succeeded",
      kind: "card_setup",
      reference: setupSucceeded.data.object.id,
    });
  });
});

/** An answer the server in front gives itself instead of the double's. */
interface Scripted {
  status: number;
  body: unknown;
}

interface StripeInFront {
  provider: PaymentProvider;
  /** Answers calls the script returns an answer for; the rest go on to the double. */
  answer(script: (call: { method: string; path: string }) => Scripted | null): void;
  /** Makes a PaymentIntent searchable (Stripe indexes it about a minute after it is made). */
  index(intentId: string): void;
  /** The queries searched for, oldest first. */
  readonly searches: readonly string[];
  /** How many times the event list was read. */
  readonly eventReads: number;
}

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

/**
 * A server in front of the double: it passes calls on, answers those a test scripts itself, and
 * answers PaymentIntent search (`metadata['payment_id']:'…'` over the intents the test indexed),
 * which the double does not have yet.
 */
async function withStripeInFront(run: (front: StripeInFront) => Promise<void>): Promise<void> {
  let script: (call: { method: string; path: string }) => Scripted | null = () => null;
  const indexed: string[] = [];
  const searches: string[] = [];
  let eventReads = 0;

  async function search(query: string, headers: Headers): Promise<Scripted> {
    searches.push(query);
    const wanted = /^metadata\['payment_id'\]:'([^'\\]*)'$/.exec(query)?.[1];
    const intents: unknown[] = [];
    for (const id of indexed) {
      const intent = (await (await fetch(`${double.url}/v1/payment_intents/${id}`, { headers })).json()) as Stripe.PaymentIntent;
      if (intent.metadata["payment_id"] === wanted) intents.push(intent);
    }
    return {
      status: 200,
      body: { object: "search_result", data: intents, has_more: false, next_page: null, url: "/v1/payment_intents/search" },
    };
  }

  async function handle(method: string, url: URL, raw: string, incoming: IncomingMessage): Promise<{ status: number; body: string }> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (value === undefined || ["host", "connection", "content-length"].includes(name)) continue;
      headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    const scripted = script({ method, path: url.pathname });
    if (scripted) return { status: scripted.status, body: JSON.stringify(scripted.body) };
    if (method === "GET" && url.pathname === "/v1/payment_intents/search") {
      const found = await search(url.searchParams.get("query") ?? "", headers);
      return { status: found.status, body: JSON.stringify(found.body) };
    }
    if (method === "GET" && url.pathname === "/v1/events") eventReads += 1;
    const passed = await fetch(`${double.url}${url.pathname}${url.search}`, {
      method,
      headers,
      ...(method === "GET" || method === "DELETE" ? {} : { body: raw }),
    });
    return { status: passed.status, body: await passed.text() };
  }

  const server: Server = createServer((request, response) => {
    const method = request.method ?? "GET";
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    bodyOf(request)
      .then((raw) => handle(method, url, raw, request))
      .then(
        ({ status, body }) => response.writeHead(status, { "content-type": "application/json" }).end(body),
        (error: unknown) => response.writeHead(502).end(String(error)),
      );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the server in front has no TCP address");
  const front: StripeInFront = {
    provider: providerAt(`http://127.0.0.1:${address.port}`),
    answer: (next) => {
      script = next;
    },
    index: (intentId) => indexed.push(intentId),
    searches,
    get eventReads() {
      return eventReads;
    },
  };
  try {
    await run(front);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
