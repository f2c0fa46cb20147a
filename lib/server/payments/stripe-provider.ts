import "server-only";
import Stripe from "stripe";
import { PAYMENT_MESSAGES } from "./messages";
import {
  CardSetupNotFoundError,
  RefundRefusedError,
  WebhookRefusedError,
  type CardDetails,
  type CardSetup,
  type CardSetupOutcome,
  type CardSetupState,
  type ChargeRequest,
  type ChargeResult,
  type NewCustomer,
  type OffSessionChargeRequest,
  type PaymentProvider,
  type ProviderEvent,
  type RefundRequest,
  type RefundResult,
  type SavedCard,
} from "./provider";

// Stripe behind the provider interface. A card is only ever typed into Stripe's own fields on the
// payment page: `charge` creates a PaymentIntent for the amount the shop computed, the browser
// confirms it with Stripe.js (3-D Secure included), and the outcome comes back by webhook or by
// the page's re-check, both through `retrieve`. Saved cards are PaymentMethods attached to one
// Stripe Customer per shop customer.

export const STRIPE_PROVIDER_NAME = "stripe";

/** Stripe's documented test cards, listed on the payment page while the keys are test keys. */
export const STRIPE_TEST_CARDS: readonly { number: string; description: string }[] = [
  { number: "4242424242424242", description: "Succeeds" },
  { number: "5555555555554444", description: "Succeeds" },
  { number: "4000002500003155", description: "Asks for 3-D Secure, then succeeds" },
  { number: "4000000000000002", description: "Declined" },
  { number: "4000000000009995", description: "Declined: insufficient funds" },
];

/**
 * How far a webhook's signed time may be from now, either way. The library only bounds the past; a
 * time in the future is refused too, or a signature leaked with a future date would stay usable.
 */
export const WEBHOOK_TOLERANCE_S = 300;

/** How far back findCharge reads the events Stripe wrote when it created a PaymentIntent (see there). */
const FIND_CHARGE_EVENTS_WINDOW_S = 24 * 60 * 60;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Where Stripe's API is (tests point it at their Stripe-shaped server); unset: api.stripe.com. */
  apiUrl?: string;
}

function clientOf({ secretKey, apiUrl }: StripeSettings): Stripe {
  const where = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
    // Retries reuse the request's idempotency key, so a lost answer is asked again, never charged twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "Lenwell shop" },
    ...(where
      ? {
          host: where.hostname,
          port: Number(where.port || (where.protocol === "https:" ? 443 : 80)),
          protocol: where.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

/** The words of Stripe's brand codes, as the shop shows cards elsewhere. */
const BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};

function cardOf(method: Stripe.PaymentMethod | null): CardDetails | null {
  const card = method?.card;
  if (!card) return null;
  return { brand: BRANDS[card.brand] ?? card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
}

function idOf(value: string | { id: string } | null): string | null {
  return typeof value === "string" ? value : (value?.id ?? null);
}

/** `table[code]`, only for the table's own keys (a code such as "constructor" must not reach Object's). */
function wordsFor(table: Readonly<Record<string, string>>, code: string | null | undefined): string | undefined {
  return code && Object.hasOwn(table, code) ? table[code] : undefined;
}

/** Stripe's codes of a refused card, as its errors and last_payment_error / last_setup_error carry them. */
interface RefusalCodes {
  code?: string | null;
  decline_code?: string | null;
}

/**
 * The shop's words for why a card was refused: by the bank's decline code (card_declined says only
 * that it was), then by Stripe's error code. Stripe's own `message` is never passed on.
 */
function refusalWords(refusal: RefusalCodes | null | undefined): string {
  const words = PAYMENT_MESSAGES.cardRefused;
  return wordsFor(words, refusal?.decline_code) ?? wordsFor(words, refusal?.code) ?? words.generic_decline;
}

/** Why a refund failed after Stripe took it, by its failure_reason. */
function refundFailureWords(reason: string | null | undefined): string {
  return wordsFor(PAYMENT_MESSAGES.refundFailedBecause, reason) ?? PAYMENT_MESSAGES.refundFailed;
}

/** A Refund's status in the shop's terms: pending (and requires_action) still counts as going back. */
function refundStatusOf(status: string | null): RefundResult["status"] {
  if (status === "succeeded") return "succeeded";
  if (status === "failed" || status === "canceled") return "failed";
  return "pending";
}

/**
 * The `t=` of a Stripe-Signature header, split as the library splits it; null unless there is
 * exactly one, all digits. One only: the library checks the signature against the last `t` it
 * finds, so a fresh `t` put next to an old signed one must not pass the freshness check for it.
 */
function signedAtOf(header: string): number | null {
  const times = header
    .split(",")
    .filter((part) => part.startsWith("t="))
    .map((part) => part.slice(2));
  const [only] = times;
  return times.length === 1 && only !== undefined && /^\d{1,12}$/.test(only) ? Number(only) : null;
}

/** Enough of an event's shape for eventOf to read it; Stripe signed it, so the rest is Stripe's. */
function isEvent(value: unknown): value is Stripe.Event {
  if (typeof value !== "object" || value === null) return false;
  const { id, type, data } = value as { id?: unknown; type?: unknown; data?: unknown };
  if (typeof id !== "string" || typeof type !== "string" || typeof data !== "object" || data === null) return false;
  const { object } = data as { object?: unknown };
  return typeof object === "object" && object !== null;
}

/** A search query's quoted value: Stripe's search syntax escapes quotes with a backslash. */
function quoted(value: string): string {
  return `'${value.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;
}

export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = clientOf(settings);

  async function paymentMethodOf(intent: Stripe.PaymentIntent): Promise<Stripe.PaymentMethod | null> {
    const method = intent.payment_method ?? intent.last_payment_error?.payment_method ?? null;
    if (method === null) return null;
    return typeof method === "string" ? stripe.paymentMethods.retrieve(method) : method;
  }

  /** The intent in the shop's terms. */
  async function resultOf(intent: Stripe.PaymentIntent): Promise<ChargeResult> {
    const method = await paymentMethodOf(intent);
    const card = cardOf(method);
    const base = { providerRef: intent.id, amountCents: intent.amount, card, savedCard: null, action: null, failureMessage: null };
    const secret = intent.client_secret;
    switch (intent.status) {
      case "succeeded": {
        // With setup_future_usage Stripe attaches the card to the customer once the charge succeeds.
        const kept = intent.setup_future_usage && method && idOf(method.customer) && card;
        return { ...base, status: "succeeded", savedCard: kept ? { reference: method.id, ...card } : null };
      }
      case "requires_payment_method": {
        const error = intent.last_payment_error;
        // Refused off-session because the bank wants the holder present: Stripe leaves the intent
        // waiting for a payment method, and the customer confirms it again with the same card in the
        // browser. Until then it is not a failure: a webhook or re-check must not close it as one.
        const refusedCard = error?.code === "authentication_required" ? idOf(error.payment_method ?? null) : null;
        if (refusedCard && secret) {
          return {
            ...base,
            status: "requires_action",
            failureMessage: PAYMENT_MESSAGES.authenticate,
            action: { kind: "authenticate", clientSecret: secret, paymentMethod: refusedCard },
          };
        }
        // A declined confirmation leaves the intent waiting for another card, with the reason.
        if (error) return { ...base, status: "failed", failureMessage: refusalWords(error) };
        return { ...base, status: "requires_action", action: secret ? { kind: "confirm", clientSecret: secret } : null };
      }
      case "requires_confirmation":
        return { ...base, status: "requires_action", action: secret ? { kind: "confirm", clientSecret: secret } : null };
      case "requires_action":
        return {
          ...base,
          status: "requires_action",
          failureMessage: PAYMENT_MESSAGES.authenticate,
          action: secret ? { kind: "authenticate", clientSecret: secret } : null,
        };
      case "canceled":
        return { ...base, status: "canceled", failureMessage: PAYMENT_MESSAGES.canceled };
      case "processing":
      case "requires_capture":
        return { ...base, status: "processing", failureMessage: PAYMENT_MESSAGES.processing };
    }
    throw new Error(`Unknown PaymentIntent status ${String(intent.status)}`);
  }

  /**
   * A card error answered to a charge confirmed here (a saved card, on or off session): the intent
   * it left behind, in the shop's terms. A refusal is the customer's answer, never a fault.
   */
  async function cardFailure(
    error: Stripe.errors.StripeCardError,
    request: { idempotencyKey: string; amountCents: number },
  ): Promise<ChargeResult> {
    const intent = error.payment_intent;
    if (!intent) {
      return {
        status: "failed",
        providerRef: `failed:${request.idempotencyKey}`,
        amountCents: request.amountCents,
        card: null,
        failureMessage: refusalWords(error),
        action: null,
        savedCard: null,
      };
    }
    const result = await resultOf(intent);
    // authentication_required reads as "requires_action" (see resultOf): the bank's check in the
    // browser, now (the holder is at the screen) or when the holder comes back; any other refusal failed.
    return result.status === "requires_action" ? result : { ...result, status: "failed", failureMessage: refusalWords(error) };
  }

  /** A SetupIntent in the shop's terms; its PaymentMethod is expanded when it succeeded. */
  function setupOutcomeOf(intent: Stripe.SetupIntent): CardSetupOutcome {
    switch (intent.status) {
      case "succeeded": {
        const method = typeof intent.payment_method === "string" ? null : intent.payment_method;
        const card = cardOf(method);
        if (!method || !card) throw new Error(`SetupIntent ${intent.id} succeeded without a card`);
        return { status: "succeeded", card: { reference: method.id, ...card } };
      }
      case "requires_payment_method": {
        // A refused card or a failed bank check leaves the intent waiting for another card, with the reason.
        const error = intent.last_setup_error;
        if (error) return { status: "failed", message: refusalWords(error) };
        return { status: "pending", message: PAYMENT_MESSAGES.setupNotConfirmed };
      }
      case "requires_confirmation":
        return { status: "pending", message: PAYMENT_MESSAGES.setupNotConfirmed };
      case "requires_action":
        return { status: "pending", message: PAYMENT_MESSAGES.setupAuthenticate };
      case "processing":
        return { status: "pending", message: PAYMENT_MESSAGES.setupProcessing };
      case "canceled":
        return { status: "failed", message: PAYMENT_MESSAGES.setupCanceled };
    }
    throw new Error(`Unknown SetupIntent status ${String(intent.status)}`);
  }

  return {
    name: STRIPE_PROVIDER_NAME,
    testMode: settings.secretKey.includes("_test_"),
    cardEntry: "provider",

    async charge(request: ChargeRequest): Promise<ChargeResult> {
      if (request.source.kind === "card") throw new Error("Stripe takes cards only in its own fields, never from the shop");
      const saved = request.source.kind === "saved" ? request.source.reference : null;
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            description: request.description,
            metadata: { order_id: request.orderId, payment_id: request.paymentId },
            allowed_payment_method_types: ["card"],
            ...(request.customer ? { customer: request.customer } : {}),
            ...(request.saveCard && request.customer && !saved ? { setup_future_usage: "off_session" as const } : {}),
            // A saved card is confirmed here; a bank that wants 3-D Secure leaves it to the browser.
            ...(saved ? { payment_method: saved, confirm: true } : {}),
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return await resultOf(intent);
      } catch (error) {
        // Only a saved card confirmed here can be refused; Stripe answers that with a 402.
        if (error instanceof Stripe.errors.StripeCardError) return cardFailure(error, request);
        throw error;
      }
    },

    async retrieve(providerRef: string): Promise<ChargeResult> {
      return resultOf(await stripe.paymentIntents.retrieve(providerRef));
    },

    async cancel(providerRef: string): Promise<ChargeResult> {
      try {
        return await resultOf(await stripe.paymentIntents.cancel(providerRef, { cancellation_reason: "abandoned" }));
      } catch (error) {
        // Already succeeded or already cancelled: its state says which.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return resultOf(await stripe.paymentIntents.retrieve(providerRef));
        throw error;
      }
    },

    async chargeOffSession(request: OffSessionChargeRequest): Promise<ChargeResult> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            description: request.description,
            allowed_payment_method_types: ["card"],
            payment_method: request.reference,
            ...(request.customer ? { customer: request.customer } : {}),
            off_session: true,
            confirm: true,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return await resultOf(intent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) return cardFailure(error, request);
        throw error;
      }
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: request.providerRef, amount: request.amountCents },
          { idempotencyKey: request.idempotencyKey },
        );
        const status = refundStatusOf(refund.status);
        return {
          refundRef: refund.id,
          amountCents: refund.amount,
          status,
          failureMessage: status === "failed" ? refundFailureWords(refund.failure_reason) : null,
        };
      } catch (error) {
        // Stripe will not make this refund (a 400 or 404 with its reason): an answer for the staff.
        // Anything else (the network, Stripe's 5xx, a key in use) is thrown: the caller retries later.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          const code = error.code ?? "other";
          throw new RefundRefusedError(code, wordsFor(PAYMENT_MESSAGES.refundRefused, code) ?? PAYMENT_MESSAGES.refundRefused.other);
        }
        throw error;
      }
    },

    async findCharge(paymentId: string, idempotencyKey: string): Promise<ChargeResult | null> {
      // Stripe's search is eventually consistent: a PaymentIntent becomes searchable within about a
      // minute of being made, and up to an hour late during Stripe's incidents, so a charge whose
      // answer was just lost may not be found yet. Answering "none" then would let the shop charge
      // again, or close an attempt the customer paid.
      const found = await stripe.paymentIntents.search({ query: `metadata['payment_id']:${quoted(paymentId)}`, limit: 1 });
      const intent = found.data.find((candidate) => candidate.metadata["payment_id"] === paymentId);
      if (intent) return resultOf(intent);
      // So the list of events is read too, which (unlike search) has every event as soon as Stripe
      // wrote it: the intent's payment_intent.created names the idempotency key it was made under.
      // Only the last day's (a page per hundred payments started that day): search has caught up
      // with anything older.
      const since = Math.floor(Date.now() / 1000) - FIND_CHARGE_EVENTS_WINDOW_S;
      const events = stripe.events.list({ type: "payment_intent.created", created: { gte: since }, limit: 100 });
      for await (const event of events) {
        if (event.type !== "payment_intent.created") continue;
        const created = event.data.object;
        if (event.request?.idempotency_key === idempotencyKey || created.metadata["payment_id"] === paymentId) {
          // The event holds the intent as it was made; its state now is Stripe's.
          return resultOf(await stripe.paymentIntents.retrieve(created.id));
        }
      }
      return null;
    },

    saveCard(): Promise<SavedCard> {
      return Promise.reject(new Error("Stripe takes cards only in its own fields, never from the shop"));
    },

    async startCardSetup(customer: string, idempotencyKey: string): Promise<CardSetup> {
      const intent = await stripe.setupIntents.create(
        { customer, usage: "off_session", allowed_payment_method_types: ["card"] },
        { idempotencyKey },
      );
      if (!intent.client_secret) throw new Error(`SetupIntent ${intent.id} came without a client secret`);
      return { reference: intent.id, clientSecret: intent.client_secret };
    },

    async finishCardSetup(reference: string): Promise<CardSetupState> {
      let intent: Stripe.SetupIntent;
      try {
        intent = await stripe.setupIntents.retrieve(reference, { expand: ["payment_method"] });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
          throw new CardSetupNotFoundError(reference);
        throw error;
      }
      return { customer: idOf(intent.customer), outcome: setupOutcomeOf(intent) };
    },

    async removeCard(reference: string): Promise<void> {
      try {
        await stripe.paymentMethods.detach(reference);
      } catch (error) {
        // Detached already (in the dashboard, or by an earlier try): it cannot be charged, as wanted.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
    },

    async createCustomer(customer: NewCustomer): Promise<string> {
      const created = await stripe.customers.create(
        { email: customer.email, name: customer.name, metadata: { user_id: customer.userId } },
        { idempotencyKey: `customer-${customer.userId}` },
      );
      return created.id;
    },

    readEvent(payload: string, headers: Headers): ProviderEvent {
      const header = headers.get("stripe-signature");
      if (!header) throw new WebhookRefusedError(PAYMENT_MESSAGES.webhookMissingSignature);
      const signedAt = signedAtOf(header);
      if (signedAt === null) throw new WebhookRefusedError(PAYMENT_MESSAGES.webhookBadSignature);
      // The library refuses an empty body before it looks at the signature.
      if (payload === "") throw new WebhookRefusedError(PAYMENT_MESSAGES.webhookUnreadable);
      const verifier = stripe.webhooks.signature;
      if (!verifier) throw new Error("The stripe library came without its webhook signature check");
      try {
        // Tolerance 0: the library checks only the signature; the time is checked below, both ways.
        verifier.verifyHeader(payload, header, settings.webhookSecret, 0);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError)
          throw new WebhookRefusedError(PAYMENT_MESSAGES.webhookBadSignature);
        throw error;
      }
      // In whole seconds, as the library counts the past.
      const now = Math.floor(Date.now() / 1000);
      if (Math.abs(now - signedAt) > WEBHOOK_TOLERANCE_S) throw new WebhookRefusedError(PAYMENT_MESSAGES.webhookStale);
      let event: unknown;
      try {
        event = JSON.parse(payload);
      } catch {
        throw new WebhookRefusedError(PAYMENT_MESSAGES.webhookUnreadable);
      }
      if (!isEvent(event)) throw new WebhookRefusedError(PAYMENT_MESSAGES.webhookUnreadable);
      return eventOf(event);
    },
  };
}

/** A verified Stripe event in the shop's terms. */
function eventOf(event: Stripe.Event): ProviderEvent {
  const base = { id: event.id, type: event.type };
  switch (event.type) {
    case "payment_intent.succeeded":
    case "payment_intent.payment_failed":
    case "payment_intent.requires_action":
    case "payment_intent.canceled":
    case "payment_intent.processing":
      // The shop's payment id travels in the intent's metadata: an attempt whose answer was lost has no reference yet.
      return { ...base, kind: "charge", providerRef: event.data.object.id, paymentId: event.data.object.metadata?.payment_id };
    case "charge.refunded": {
      const charge = event.data.object;
      const intent = idOf(charge.payment_intent);
      return intent ? { ...base, kind: "refund", providerRef: intent, refundedCents: charge.amount_refunded } : { ...base, kind: "other" };
    }
    case "refund.failed":
    case "charge.refund.updated": {
      // Both name the same failure (and refund.updated a third time): the refund's id tells them apart
      // from another refund's. A refund updated to anything but failed changes nothing for the shop.
      const refund = event.data.object;
      const intent = idOf(refund.payment_intent);
      return intent && refund.status === "failed"
        ? {
            ...base,
            kind: "refund_failed",
            providerRef: intent,
            refundRef: refund.id,
            amountCents: refund.amount,
            message: refundFailureWords(refund.failure_reason),
          }
        : { ...base, kind: "other" };
    }
    case "charge.dispute.created": {
      const dispute = event.data.object;
      const intent = idOf(dispute.payment_intent);
      return intent
        ? { ...base, kind: "dispute", providerRef: intent, disputeRef: dispute.id, amountCents: dispute.amount, reason: dispute.reason }
        : { ...base, kind: "other" };
    }
    case "charge.dispute.closed": {
      const dispute = event.data.object;
      const intent = idOf(dispute.payment_intent);
      // warning_closed: an inquiry that never became a chargeback, so no money left the shop: as won.
      // lost, and prevented (the bank refunded the cardholder itself): the money stays with the cardholder.
      const won = dispute.status === "won" || dispute.status === "warning_closed";
      return intent
        ? { ...base, kind: "dispute_closed", providerRef: intent, disputeRef: dispute.id, amountCents: dispute.amount, won }
        : { ...base, kind: "other" };
    }
    case "setup_intent.succeeded":
      return { ...base, kind: "card_setup", reference: event.data.object.id };
    default:
      return { ...base, kind: "other" };
  }
}
