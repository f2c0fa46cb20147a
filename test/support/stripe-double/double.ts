import type Stripe from "stripe";
import type { TestCardInput } from "./cards";
import { StripeApiError } from "./errors";
import { IdempotencyStore } from "./idempotency";
import { randomToken, type DisputeReason } from "./objects";
import { createDoubleServer, dashboardChange, type DoubleKeys, type RecordedRequest } from "./server";
import { DoubleState, type ChangeContext } from "./state";
import { WebhookSender, type WebhookDelivery } from "./webhooks";

// A stateful, Stripe-shaped HTTP server for tests (see README.md): point the stripe library at it
// with `new Stripe(double.secretKey, { host: double.host, port: double.port, protocol: "http" })`
// and a page at `${double.url}/v3` instead of https://js.stripe.com/v3.

export type { TestCardInput } from "./cards";
export type { DisputeReason } from "./objects";
export type { RecordedRequest, DoubleKeys } from "./server";
export type { WebhookDelivery } from "./webhooks";

export interface StripeDouble {
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly protocol: "http";
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly webhookSecret: string;
  /** Where events are POSTed (JSON body, `Stripe-Signature` header). null: events are recorded but not sent. */
  setWebhookUrl(url: string | null): void;
  /** While held, events queue instead of being sent; release() sends the queue in order. */
  holdWebhooks(): void;
  releaseWebhooks(): Promise<void>;
  /** Every event created so far, oldest first. */
  events(): Stripe.Event[];
  /** POSTs an event to the webhook URL again (a replay), signed now, resolving to the HTTP status answered. */
  redeliver(eventId: string, options?: { signedAt?: number; secret?: string }): Promise<number>;
  /** What Stripe.js does for confirmCardPayment: creates the PaymentMethod (if given a card) and confirms; resolves to the intent afterwards. */
  confirmAsBrowser(clientSecret: string, payment: { card: TestCardInput } | { paymentMethod: string }): Promise<Stripe.PaymentIntent>;
  /** Same for a SetupIntent (confirmCardSetup). */
  confirmSetupAsBrowser(clientSecret: string, payment: { card: TestCardInput }): Promise<Stripe.SetupIntent>;
  /** The customer passes (or fails) the bank's 3-D Secure challenge for a PaymentIntent in requires_action. */
  completeAuthentication(intentId: string, outcome: "succeed" | "fail"): Promise<Stripe.PaymentIntent>;
  /** The same for a SetupIntent in requires_action. */
  completeSetupAuthentication(setupIntentId: string, outcome: "succeed" | "fail"): Promise<Stripe.SetupIntent>;
  /** A refund made in Stripe's dashboard: emits charge.refunded and refund.created. */
  refundFromDashboard(paymentIntentId: string, amount?: number): Promise<Stripe.Refund>;
  /** The bank sends a refund back: it turns failed, emitting charge.refund.updated, refund.updated and refund.failed. */
  failRefund(refundId: string, failureReason?: string): Promise<Stripe.Refund>;
  /** A cardholder disputes the charge: emits charge.dispute.created, then charge.dispute.funds_withdrawn. */
  createDispute(paymentIntentId: string, reason?: DisputeReason): Promise<Stripe.Dispute>;
  /** The network decides a dispute: emits charge.dispute.closed (after charge.dispute.funds_reinstated when won). */
  closeDispute(disputeId: string, status: "won" | "lost"): Promise<Stripe.Dispute>;
  /** Every later /v1 answer waits this long after the work is done (a slow Stripe); 0 turns it off. */
  setDelay(ms: number): void;
  /** Every API request received, oldest first. */
  requests(): readonly RecordedRequest[];
  /** Every webhook delivery attempt, oldest first. */
  deliveries(): readonly WebhookDelivery[];
  /**
   * Resolves once changes scheduled for later (a 4000000000005126 refund failing) have happened,
   * and every event so far has had its first delivery attempt with no retry waiting.
   */
  webhooksSettled(): Promise<void>;
  /** Clears all objects, events, requests, idempotency keys, queued deliveries, later changes and the delay (the webhook URL stays). */
  reset(): void;
  close(): Promise<void>;
}

export interface StripeDoubleOptions {
  port?: number;
  webhookUrl?: string | null;
  /** Fixed keys (the CLI takes them from STRIPE_DOUBLE_* variables); random ones otherwise. */
  keys?: Partial<DoubleKeys>;
  /** Time each API request takes before it runs, so concurrent requests overlap (default 0). */
  latencyMs?: number;
  /** Waits before each webhook retry (default [100, 400, 1500]). */
  webhookRetryDelaysMs?: readonly number[];
  /** How long after it is made a refund of 4000000000005126 fails (default 200 ms; Stripe takes a few seconds). */
  refundFailureDelayMs?: number;
}

function keysFrom(keys: Partial<DoubleKeys> | undefined): DoubleKeys {
  const secretKey = keys?.secretKey ?? `sk_test_double${randomToken(24)}`;
  const publishableKey = keys?.publishableKey ?? `pk_test_double${randomToken(24)}`;
  const webhookSecret = keys?.webhookSecret ?? `whsec_${randomToken(32)}`;
  if (!secretKey.startsWith("sk_test_")) throw new Error("stripe-double: the secret key must start with sk_test_");
  if (!publishableKey.startsWith("pk_test_")) throw new Error("stripe-double: the publishable key must start with pk_test_");
  if (!webhookSecret.startsWith("whsec_")) throw new Error("stripe-double: the webhook secret must start with whsec_");
  return { secretKey, publishableKey, webhookSecret };
}

function formBody(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  return search.toString();
}

export async function startStripeDouble(options: StripeDoubleOptions = {}): Promise<StripeDouble> {
  const keys = keysFrom(options.keys);
  const webhooks = new WebhookSender({ secret: keys.webhookSecret, retryDelaysMs: options.webhookRetryDelaysMs });
  webhooks.setUrl(options.webhookUrl ?? null);
  // Changes the bank makes a little later; reset() drops those not made yet.
  const scheduled = new Map<ReturnType<typeof setTimeout>, () => void>();
  const laterChanges = new Set<Promise<void>>();
  const later = (change: (context: ChangeContext) => void) => {
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        scheduled.delete(timer);
        try {
          dashboardChange(webhooks, change);
        } finally {
          resolve();
        }
      }, options.refundFailureDelayMs ?? 200);
      scheduled.set(timer, resolve);
    });
    laterChanges.add(done);
    void done.then(() => laterChanges.delete(done));
  };
  const cancelLater = () => {
    for (const [timer, finish] of scheduled) {
      clearTimeout(timer);
      finish();
    }
    scheduled.clear();
  };
  let answerDelayMs = 0;
  const state = new DoubleState(() => webhooks.webhookUrl !== null, later);
  const idempotency = new IdempotencyStore();
  const requests: RecordedRequest[] = [];

  const findEvent = (eventId: string): Stripe.Event => {
    const event = state.events.find((candidate) => candidate.id === eventId);
    if (!event) throw new Error(`stripe-double: no event ${eventId}`);
    return event;
  };

  const control = {
    setWebhookUrl: (url: string | null) => webhooks.setUrl(url),
    holdWebhooks: () => webhooks.hold(),
    releaseWebhooks: () => webhooks.release(),
    events: () => structuredClone(state.events),
    redeliver: (eventId: string, redelivery?: { signedAt?: number; secret?: string }) => webhooks.redeliver(findEvent(eventId), redelivery),
    completeAuthentication: async (intentId: string, outcome: "succeed" | "fail") =>
      structuredClone(
        intentId.startsWith("seti_")
          ? dashboardChange(webhooks, (context) => state.authenticateSetupIntent(intentId, outcome, context))
          : dashboardChange(webhooks, (context) => state.authenticatePaymentIntent(intentId, outcome, context)),
      ),
    refundFromDashboard: async (paymentIntentId: string, amount?: number) =>
      structuredClone(dashboardChange(webhooks, (context) => state.refundFromDashboard(paymentIntentId, amount, context))),
    failRefund: async (refundId: string, failureReason?: string) =>
      structuredClone(dashboardChange(webhooks, (context) => state.failRefund(refundId, failureReason, context))),
    createDispute: async (paymentIntentId: string, reason?: string) =>
      structuredClone(dashboardChange(webhooks, (context) => state.createDispute(paymentIntentId, disputeReason(reason), context))),
    closeDispute: async (disputeId: string, status: string) =>
      structuredClone(dashboardChange(webhooks, (context) => state.closeDispute(disputeId, disputeOutcome(status), context))),
    setDelay: (ms: number) => {
      answerDelayMs = ms;
    },
    reset: () => {
      cancelLater();
      answerDelayMs = 0;
      state.reset();
      idempotency.clear();
      requests.length = 0;
      webhooks.reset();
    },
  };

  const server = createDoubleServer({
    keys,
    state,
    webhooks,
    idempotency,
    requests,
    control,
    latencyMs: options.latencyMs ?? 0,
    answerDelayMs: () => answerDelayMs,
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("stripe-double: the server has no TCP address");
  const port = address.port;
  const host = "127.0.0.1";
  const url = `http://${host}:${port}`;

  /** A call as Stripe.js makes it: publishable key in the form, through the real HTTP API. */
  async function browserCall(
    method: "GET" | "POST",
    path: string,
    params: Record<string, string | number | undefined>,
  ): Promise<{ ok: boolean; json: unknown }> {
    const body = formBody({ ...params, key: keys.publishableKey });
    const response = await fetch(`${url}/v1${path}${method === "GET" ? `?${body}` : ""}`, {
      method,
      ...(method === "POST" ? { headers: { "content-type": "application/x-www-form-urlencoded" }, body } : {}),
    });
    return { ok: response.ok, json: await response.json() };
  }

  async function paymentMethodFromCard(card: TestCardInput): Promise<string | null> {
    const created = await browserCall("POST", "/payment_methods", {
      type: "card",
      "card[number]": card.number,
      "card[exp_month]": card.exp_month,
      "card[exp_year]": card.exp_year,
      "card[cvc]": card.cvc,
    });
    const json = created.json;
    return created.ok && typeof json === "object" && json !== null && "id" in json && typeof json.id === "string" ? json.id : null;
  }

  const intentIdOf = (clientSecret: string) => clientSecret.split("_secret_")[0] ?? "";

  const double: StripeDouble = {
    url,
    host,
    port,
    protocol: "http",
    secretKey: keys.secretKey,
    publishableKey: keys.publishableKey,
    webhookSecret: keys.webhookSecret,
    setWebhookUrl: control.setWebhookUrl,
    holdWebhooks: control.holdWebhooks,
    releaseWebhooks: control.releaseWebhooks,
    events: control.events,
    redeliver: control.redeliver,
    async confirmAsBrowser(clientSecret, payment) {
      const id = intentIdOf(clientSecret);
      const method = "card" in payment ? await paymentMethodFromCard(payment.card) : payment.paymentMethod;
      // Stripe.js stops before confirming when the card itself is refused (bad number, expiry, cvc).
      if (method) await browserCall("POST", `/payment_intents/${id}/confirm`, { client_secret: clientSecret, payment_method: method });
      return structuredClone(state.paymentIntent(id));
    },
    async confirmSetupAsBrowser(clientSecret, payment) {
      const id = intentIdOf(clientSecret);
      const method = await paymentMethodFromCard(payment.card);
      if (method) await browserCall("POST", `/setup_intents/${id}/confirm`, { client_secret: clientSecret, payment_method: method });
      return structuredClone(state.setupIntent(id));
    },
    completeAuthentication: async (intentId, outcome) =>
      structuredClone(dashboardChange(webhooks, (context) => state.authenticatePaymentIntent(intentId, outcome, context))),
    completeSetupAuthentication: async (setupIntentId, outcome) =>
      structuredClone(dashboardChange(webhooks, (context) => state.authenticateSetupIntent(setupIntentId, outcome, context))),
    refundFromDashboard: control.refundFromDashboard,
    failRefund: control.failRefund,
    createDispute: (paymentIntentId, reason) => control.createDispute(paymentIntentId, reason),
    closeDispute: control.closeDispute,
    setDelay: control.setDelay,
    requests: () => structuredClone(requests),
    deliveries: () => webhooks.deliveries(),
    webhooksSettled: async () => {
      while (laterChanges.size > 0) await Promise.all([...laterChanges]);
      await webhooks.settled();
    },
    reset: control.reset,
    close: async () => {
      cancelLater();
      webhooks.reset();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
  return double;
}

const DISPUTE_REASONS: readonly string[] = [
  "bank_cannot_process",
  "check_returned",
  "credit_not_processed",
  "customer_initiated",
  "debit_not_authorized",
  "duplicate",
  "fraudulent",
  "general",
  "incorrect_account_details",
  "insufficient_funds",
  "noncompliant",
  "product_not_received",
  "product_unacceptable",
  "subscription_canceled",
  "unrecognized",
];

function isDisputeReason(value: string): value is DisputeReason {
  return DISPUTE_REASONS.includes(value);
}

function disputeOutcome(value: string): "won" | "lost" {
  if (value !== "won" && value !== "lost") throw StripeApiError.invalidParam("status", "Expected won or lost");
  return value;
}

function disputeReason(value: string | undefined): DisputeReason {
  if (value === undefined || value === "") return "fraudulent";
  if (!isDisputeReason(value)) throw StripeApiError.invalidParam("reason", "Invalid dispute reason");
  return value;
}
