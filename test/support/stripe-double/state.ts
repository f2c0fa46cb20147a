import Stripe from "stripe";
import {
  AUTHENTICATION_FAILED_MESSAGE,
  AUTHENTICATION_REQUIRED,
  cardProfile,
  validateCard,
  type Decline,
  type TestCardInput,
} from "./cards";
import { docUrl, StripeApiError, type StripeErrorObject } from "./errors";
import { mergeMetadata, type Params } from "./form";
import {
  billingDetails,
  buildCardPaymentMethod,
  buildCharge,
  buildCustomer,
  buildDispute,
  buildDisputeBalanceTransaction,
  buildPaymentIntent,
  buildRefund,
  buildSetupIntent,
  newId,
  nowSeconds,
  type DisputeReason,
} from "./objects";

// The double's objects and the rules that move them between states. Every change that Stripe
// announces by webhook records a Stripe.Event here; delivering it is the webhook sender's job.

/** Who asked for a change; events carry it as `request` (null id: the dashboard or the bank). */
export interface ChangeContext {
  requestId: string | null;
  idempotencyKey: string | null;
  /** Events recorded during this change, handed to the sender once the answer has gone out. */
  emitted: Stripe.Event[];
}

export function dashboardContext(): ChangeContext {
  return { requestId: null, idempotencyKey: null, emitted: [] };
}

interface PaymentMethodRecord {
  method: Stripe.PaymentMethod;
  number: string;
  /** Authenticated with the intent to save (3155's rule: off-session charges then succeed). */
  setUpForOffSession: boolean;
}

type EventBase = Pick<Stripe.Event, "id" | "object" | "api_version" | "created" | "livemode" | "pending_webhooks" | "request">;

const PAYABLE: readonly string[] = ["requires_payment_method", "requires_confirmation", "requires_action"];
/** Webhook events carry the version the stripe library is pinned to, as an account on it would. */
export const API_VERSION: string = Stripe.API_VERSION;

function clone<T>(value: T): T {
  return structuredClone(value);
}

function idOf(value: string | { id: string } | null): string | null {
  return value === null ? null : typeof value === "string" ? value : value.id;
}

export class DoubleState {
  readonly customers = new Map<string, Stripe.Customer>();
  readonly paymentMethods = new Map<string, PaymentMethodRecord>();
  readonly paymentIntents = new Map<string, Stripe.PaymentIntent>();
  readonly setupIntents = new Map<string, Stripe.SetupIntent>();
  readonly charges = new Map<string, Stripe.Charge>();
  readonly refunds = new Map<string, Stripe.Refund>();
  readonly disputes = new Map<string, Stripe.Dispute>();
  readonly events: Stripe.Event[] = [];

  constructor(
    private readonly webhooksEnabled: () => boolean,
    /** Runs a change a little later, as the bank's side (a refund that fails after it was made). */
    private readonly later: (change: (context: ChangeContext) => void) => void = () => undefined,
  ) {}

  reset(): void {
    for (const map of [
      this.customers,
      this.paymentMethods,
      this.paymentIntents,
      this.setupIntents,
      this.charges,
      this.refunds,
      this.disputes,
    ]) {
      map.clear();
    }
    this.events.length = 0;
  }

  // ---- events

  private eventBase(context: ChangeContext): EventBase {
    return {
      id: newId("evt"),
      object: "event",
      api_version: API_VERSION,
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: this.webhooksEnabled() ? 1 : 0,
      request: { id: context.requestId, idempotency_key: context.idempotencyKey },
    };
  }

  private record(event: Stripe.Event, context: ChangeContext): void {
    this.events.push(event);
    context.emitted.push(event);
  }

  private intentEvent(
    type:
      | "payment_intent.created"
      | "payment_intent.succeeded"
      | "payment_intent.payment_failed"
      | "payment_intent.requires_action"
      | "payment_intent.canceled",
    intent: Stripe.PaymentIntent,
    context: ChangeContext,
  ): void {
    const object = clone(intent);
    const base = this.eventBase(context);
    // One literal per type, so the compiler checks each against its member of Stripe.Event.
    switch (type) {
      case "payment_intent.created":
        return this.record({ ...base, type, data: { object } }, context);
      case "payment_intent.succeeded":
        return this.record({ ...base, type, data: { object } }, context);
      case "payment_intent.payment_failed":
        return this.record({ ...base, type, data: { object } }, context);
      case "payment_intent.requires_action":
        return this.record({ ...base, type, data: { object } }, context);
      case "payment_intent.canceled":
        return this.record({ ...base, type, data: { object } }, context);
    }
  }

  private chargeEvent(type: "charge.succeeded" | "charge.failed" | "charge.refunded", charge: Stripe.Charge, context: ChangeContext): void {
    const object = clone(charge);
    const base = this.eventBase(context);
    switch (type) {
      case "charge.succeeded":
        return this.record({ ...base, type, data: { object } }, context);
      case "charge.failed":
        return this.record({ ...base, type, data: { object } }, context);
      case "charge.refunded":
        return this.record({ ...base, type, data: { object } }, context);
    }
  }

  private setupEvent(
    type:
      | "setup_intent.created"
      | "setup_intent.succeeded"
      | "setup_intent.setup_failed"
      | "setup_intent.requires_action"
      | "setup_intent.canceled",
    intent: Stripe.SetupIntent,
    context: ChangeContext,
  ): void {
    const object = clone(intent);
    const base = this.eventBase(context);
    switch (type) {
      case "setup_intent.created":
        return this.record({ ...base, type, data: { object } }, context);
      case "setup_intent.succeeded":
        return this.record({ ...base, type, data: { object } }, context);
      case "setup_intent.setup_failed":
        return this.record({ ...base, type, data: { object } }, context);
      case "setup_intent.requires_action":
        return this.record({ ...base, type, data: { object } }, context);
      case "setup_intent.canceled":
        return this.record({ ...base, type, data: { object } }, context);
    }
  }

  private paymentMethodEvent(
    type: "payment_method.attached" | "payment_method.detached",
    method: Stripe.PaymentMethod,
    context: ChangeContext,
  ): void {
    const object = clone(method);
    const base = this.eventBase(context);
    if (type === "payment_method.attached") this.record({ ...base, type, data: { object } }, context);
    else this.record({ ...base, type, data: { object } }, context);
  }

  private customerEvent(type: "customer.created" | "customer.updated", customer: Stripe.Customer, context: ChangeContext): void {
    const object = clone(customer);
    const base = this.eventBase(context);
    if (type === "customer.created") this.record({ ...base, type, data: { object } }, context);
    else this.record({ ...base, type, data: { object } }, context);
  }

  // ---- lookups

  customer(id: string, param = "id"): Stripe.Customer {
    const found = this.customers.get(id);
    if (!found) throw StripeApiError.missing("customer", id, param);
    return found;
  }

  paymentMethodRecord(id: string, param = "id"): PaymentMethodRecord {
    const found = this.paymentMethods.get(id);
    if (!found) throw StripeApiError.missing("PaymentMethod", id, param);
    return found;
  }

  paymentIntent(id: string): Stripe.PaymentIntent {
    const found = this.paymentIntents.get(id);
    if (!found) throw StripeApiError.missing("payment_intent", id, "intent");
    return found;
  }

  setupIntent(id: string): Stripe.SetupIntent {
    const found = this.setupIntents.get(id);
    if (!found) throw StripeApiError.missing("setup_intent", id, "intent");
    return found;
  }

  charge(id: string): Stripe.Charge {
    const found = this.charges.get(id);
    if (!found) throw StripeApiError.missing("charge", id);
    return found;
  }

  // ---- customers

  createCustomer(params: Params, context: ChangeContext): Stripe.Customer {
    const metadata = params.metadata();
    const customer = buildCustomer({
      email: params.nullableString("email") ?? null,
      name: params.nullableString("name") ?? null,
      description: params.nullableString("description") ?? null,
      metadata: metadata === "" || metadata === undefined ? {} : metadata,
    });
    const defaultMethod = params.object("invoice_settings")?.string("default_payment_method");
    if (defaultMethod)
      customer.invoice_settings.default_payment_method = this.paymentMethodRecord(
        defaultMethod,
        "invoice_settings[default_payment_method]",
      ).method.id;
    this.customers.set(customer.id, customer);
    this.customerEvent("customer.created", customer, context);
    return customer;
  }

  updateCustomer(id: string, params: Params, context: ChangeContext): Stripe.Customer {
    const customer = this.customer(id);
    const email = params.nullableString("email");
    if (email !== undefined) customer.email = email;
    const name = params.nullableString("name");
    if (name !== undefined) customer.name = name;
    const description = params.nullableString("description");
    if (description !== undefined) customer.description = description;
    customer.metadata = mergeMetadata(customer.metadata, params.metadata());
    const settings = params.object("invoice_settings");
    const defaultMethod = settings?.nullableString("default_payment_method");
    if (defaultMethod !== undefined) {
      customer.invoice_settings.default_payment_method =
        defaultMethod === null ? null : this.paymentMethodRecord(defaultMethod, "invoice_settings[default_payment_method]").method.id;
    }
    this.customerEvent("customer.updated", customer, context);
    return customer;
  }

  customerPaymentMethods(customerId: string, type: string | undefined): Stripe.PaymentMethod[] {
    this.customer(customerId, "customer");
    return [...this.paymentMethods.values()]
      .filter((record) => record.method.customer === customerId && (type === undefined || record.method.type === type))
      .map((record) => record.method)
      .reverse();
  }

  // ---- payment methods

  createPaymentMethod(params: Params): Stripe.PaymentMethod {
    const type = params.requiredString("type");
    if (type !== "card") throw StripeApiError.invalidParam("type", "The double only supports card payment methods");
    const card = params.object("card");
    if (!card) throw StripeApiError.missingParam("card");
    const input: TestCardInput = {
      number: card.requiredString("number"),
      exp_month: card.requiredInteger("exp_month"),
      exp_year: card.requiredInteger("exp_year"),
      cvc: card.string("cvc") ?? "",
    };
    validateCard(input, new Date());
    const billing = params.object("billing_details");
    const address = billing?.object("address");
    const details = billingDetails({
      name: billing?.nullableString("name"),
      email: billing?.nullableString("email"),
      phone: billing?.nullableString("phone"),
      address: address
        ? {
            city: address.string("city") ?? null,
            country: address.string("country") ?? null,
            line1: address.string("line1") ?? null,
            line2: address.string("line2") ?? null,
            postal_code: address.string("postal_code") ?? null,
            state: address.string("state") ?? null,
          }
        : null,
    });
    const metadata = params.metadata();
    const method = buildCardPaymentMethod(input, details, metadata === "" || metadata === undefined ? {} : metadata);
    this.paymentMethods.set(method.id, { method, number: input.number.replace(/[\s-]/g, ""), setUpForOffSession: false });
    return method;
  }

  attachPaymentMethod(id: string, customerId: string, context: ChangeContext): Stripe.PaymentMethod {
    const record = this.paymentMethodRecord(id);
    this.customer(customerId, "customer");
    if (record.method.customer === customerId) return record.method;
    if (record.method.customer !== null) {
      throw StripeApiError.invalidRequest(
        "The payment method you provided has already been attached to a customer.",
        undefined,
        "customer",
      );
    }
    const profile = cardProfile(record.number);
    if (profile.declinesSetup && profile.decline) {
      throw new StripeApiError(402, this.declineError(profile.decline), true);
    }
    this.attach(record, customerId, context);
    return record.method;
  }

  private attach(record: PaymentMethodRecord, customerId: string, context: ChangeContext): void {
    if (record.method.customer === customerId) return;
    record.method.customer = customerId;
    this.paymentMethodEvent("payment_method.attached", record.method, context);
  }

  detachPaymentMethod(id: string, context: ChangeContext): Stripe.PaymentMethod {
    const record = this.paymentMethodRecord(id);
    if (record.method.customer === null) {
      throw StripeApiError.invalidRequest(
        "The payment method you provided is not attached to a customer so detachment is impossible.",
        undefined,
        "payment_method",
      );
    }
    for (const customer of this.customers.values()) {
      if (customer.invoice_settings.default_payment_method === id) customer.invoice_settings.default_payment_method = null;
    }
    record.method.customer = null;
    this.paymentMethodEvent("payment_method.detached", record.method, context);
    return record.method;
  }

  private declineError(decline: Decline): Stripe.PaymentIntent.LastPaymentError & { type: "card_error"; message: string } {
    return {
      type: "card_error",
      code: decline.code,
      decline_code: decline.declineCode,
      message: decline.message,
      doc_url: docUrl(decline.code),
    };
  }

  // ---- which payment method types an intent takes

  /**
   * allowed_payment_method_types (the shop sends ["card"]), or Stripe's dynamic payment methods
   * when it is absent, where card is on. Since 2026-09-30.endive `payment_method_types` cannot be
   * sent (server.ts answers it), and the allowed list excludes the parameters that also choose types.
   */
  private paymentMethodChoice(params: Params): { allowed: string[] | null; excluded: string[] | null; automatic: boolean } {
    const allowed = params.stringArray("allowed_payment_method_types") ?? null;
    if (allowed) {
      for (const other of ["automatic_payment_methods", "excluded_payment_method_types", "payment_method_configuration"]) {
        if (params.has(other)) {
          throw new StripeApiError(400, {
            type: "invalid_request_error",
            code: "parameters_exclusive",
            message: `You may only specify one of these parameters: allowed_payment_method_types, ${other}.`,
            param: other,
            doc_url: docUrl("parameters_exclusive"),
          });
        }
      }
    }
    const excluded = params.stringArray("excluded_payment_method_types") ?? null;
    const automatic = allowed === null && (params.object("automatic_payment_methods")?.boolean("enabled") ?? true);
    return { allowed, excluded: excluded && excluded.length > 0 ? excluded : null, automatic };
  }

  /** What the intent answers as payment_method_types: the types it takes that the double has (cards). */
  private typesOf(allowed: readonly string[] | null, excluded: readonly string[] | null): string[] {
    if (allowed) return [...allowed];
    return ["card"].filter((type) => !(excluded ?? []).includes(type));
  }

  /** Stripe refuses to confirm with a payment method of a type the intent does not take. */
  private refuseIncompatible(
    intent: { allowed_payment_method_types: string[] | null; excluded_payment_method_types: string[] | null },
    method: Stripe.PaymentMethod,
    kind: "PaymentIntent" | "SetupIntent",
    answer: Pick<StripeErrorObject, "payment_intent" | "setup_intent">,
  ): void {
    const allowed = intent.allowed_payment_method_types;
    const taken = allowed ? allowed.includes(method.type) : !(intent.excluded_payment_method_types ?? []).includes(method.type);
    if (taken) return;
    const types = allowed ?? this.typesOf(null, intent.excluded_payment_method_types);
    throw new StripeApiError(400, {
      type: "invalid_request_error",
      code: kind === "PaymentIntent" ? "payment_intent_incompatible_payment_method" : "setup_intent_invalid_parameter",
      message: `The PaymentMethod provided (${method.type}) is not allowed for this ${kind}. Please attach a PaymentMethod of one of the following types: ${types.join(", ")}. Alternatively, update the allowed_payment_method_types for this ${kind} to include "${method.type}".`,
      param: "payment_method",
      doc_url: docUrl(kind === "PaymentIntent" ? "payment_intent_incompatible_payment_method" : "setup_intent_invalid_parameter"),
      ...answer,
    });
  }

  // ---- payment intents

  createPaymentIntent(params: Params, context: ChangeContext): Stripe.PaymentIntent {
    const amount = params.requiredInteger("amount");
    const currency = params.requiredString("currency").toLowerCase();
    if (currency !== "usd") throw StripeApiError.invalidParam("currency", "The double only charges in usd");
    if (amount < 50) {
      throw StripeApiError.invalidRequest("Amount must be at least $0.50 usd", "amount_too_small", "amount");
    }
    if (amount > 99999999) throw StripeApiError.invalidRequest("Amount must be no more than $999,999.99", "amount_too_large", "amount");
    const captureMethod = params.string("capture_method") ?? "automatic_async";
    if (captureMethod !== "automatic" && captureMethod !== "automatic_async") {
      throw StripeApiError.invalidParam("capture_method", "The double only supports automatic capture");
    }
    const customer = params.string("customer");
    if (customer) this.customer(customer, "customer");
    const paymentMethod = params.string("payment_method");
    if (paymentMethod) this.paymentMethodRecord(paymentMethod, "payment_method");
    const setupFutureUsage = this.setupFutureUsage(params);
    const choice = this.paymentMethodChoice(params);
    const metadata = params.metadata();
    const intent = buildPaymentIntent({
      amount,
      currency,
      customer: customer ?? null,
      description: params.nullableString("description") ?? null,
      metadata: metadata === "" || metadata === undefined ? {} : metadata,
      paymentMethod: paymentMethod ?? null,
      setupFutureUsage: setupFutureUsage ?? null,
      automaticPaymentMethods: choice.automatic,
      paymentMethodTypes: this.typesOf(choice.allowed, choice.excluded),
      allowedPaymentMethodTypes: choice.allowed,
      excludedPaymentMethodTypes: choice.excluded,
      captureMethod,
      receiptEmail: params.nullableString("receipt_email") ?? null,
    });
    this.paymentIntents.set(intent.id, intent);
    this.intentEvent("payment_intent.created", intent, context);
    if (params.boolean("confirm")) {
      return this.confirmPaymentIntent(intent.id, params, context);
    }
    if (params.has("off_session"))
      throw StripeApiError.invalidRequest("You may only specify off_session when confirm is true.", undefined, "off_session");
    return intent;
  }

  private setupFutureUsage(params: Params): Stripe.PaymentIntent.SetupFutureUsage | null | undefined {
    const value = params.nullableString("setup_future_usage");
    if (value !== undefined && value !== null && value !== "on_session" && value !== "off_session") {
      throw StripeApiError.invalidParam("setup_future_usage", "Invalid setup_future_usage");
    }
    return value;
  }

  private unexpectedState(intent: Stripe.PaymentIntent, action: string, allowed: string): StripeApiError {
    const message =
      action === "confirm" && intent.status === "succeeded"
        ? "You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed."
        : `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be ${action === "confirm" ? "confirmed" : action === "cancel" ? "canceled" : "updated"}: ${allowed}.`;
    return new StripeApiError(400, {
      type: "invalid_request_error",
      code: "payment_intent_unexpected_state",
      message,
      doc_url: docUrl("payment_intent_unexpected_state"),
      payment_intent: clone(intent),
    });
  }

  updatePaymentIntent(id: string, params: Params): Stripe.PaymentIntent {
    const intent = this.paymentIntent(id);
    if (intent.status === "succeeded" || intent.status === "canceled") {
      throw this.unexpectedState(intent, "update", "requires_payment_method, requires_confirmation, requires_action");
    }
    const amount = params.integer("amount");
    if (amount !== undefined) {
      if (amount < 50) throw StripeApiError.invalidRequest("Amount must be at least $0.50 usd", "amount_too_small", "amount");
      intent.amount = amount;
    }
    intent.metadata = mergeMetadata(intent.metadata, params.metadata());
    const description = params.nullableString("description");
    if (description !== undefined) intent.description = description;
    const receiptEmail = params.nullableString("receipt_email");
    if (receiptEmail !== undefined) intent.receipt_email = receiptEmail;
    const customer = params.string("customer");
    if (customer) intent.customer = this.customer(customer, "customer").id;
    const setupFutureUsage = this.setupFutureUsage(params);
    if (setupFutureUsage !== undefined) intent.setup_future_usage = setupFutureUsage;
    this.updateAllowedTypes(intent, params);
    const paymentMethod = params.string("payment_method");
    if (paymentMethod) {
      intent.payment_method = this.paymentMethodRecord(paymentMethod, "payment_method").method.id;
      intent.status = "requires_confirmation";
      intent.next_action = null;
    }
    return intent;
  }

  /** allowed_payment_method_types sent again (update, confirm) replaces the list. */
  private updateAllowedTypes(intent: Stripe.PaymentIntent | Stripe.SetupIntent, params: Params): void {
    const allowed = params.stringArray("allowed_payment_method_types");
    if (allowed === undefined) return;
    intent.allowed_payment_method_types = allowed;
    intent.payment_method_types = this.typesOf(allowed, null);
    intent.automatic_payment_methods = null;
  }

  confirmPaymentIntent(id: string, params: Params, context: ChangeContext): Stripe.PaymentIntent {
    const intent = this.paymentIntent(id);
    if (!PAYABLE.includes(intent.status)) {
      throw this.unexpectedState(intent, "confirm", "requires_confirmation, requires_payment_method, requires_action");
    }
    this.updateAllowedTypes(intent, params);
    const paymentMethod = params.string("payment_method");
    const chosen = paymentMethod ? this.paymentMethodRecord(paymentMethod, "payment_method") : null;
    if (chosen) this.refuseIncompatible(intent, chosen.method, "PaymentIntent", { payment_intent: clone(intent) });
    if (chosen) intent.payment_method = chosen.method.id;
    const setupFutureUsage = this.setupFutureUsage(params);
    if (setupFutureUsage !== undefined) intent.setup_future_usage = setupFutureUsage;
    const methodId = idOf(intent.payment_method);
    if (!methodId) {
      throw StripeApiError.invalidRequest(
        "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
        "payment_intent_unexpected_state",
      );
    }
    const record = this.paymentMethodRecord(methodId, "payment_method");
    this.refuseIncompatible(intent, record.method, "PaymentIntent", { payment_intent: clone(intent) });
    const offSession = params.boolean("off_session") ?? false;
    const profile = cardProfile(record.number);
    const needsAuthentication =
      profile.authentication === "always" || (profile.authentication === "on_session" && !(offSession && record.setUpForOffSession));
    intent.last_payment_error = null;
    if (needsAuthentication && offSession) {
      // Stripe declines rather than asks: nobody is there to authenticate.
      const error = { ...this.declineError(AUTHENTICATION_REQUIRED), payment_method: clone(record.method) };
      intent.status = "requires_payment_method";
      intent.last_payment_error = error;
      intent.payment_method = null;
      this.intentEvent("payment_intent.payment_failed", intent, context);
      throw new StripeApiError(402, { ...error, payment_intent: clone(intent) }, true);
    }
    if (needsAuthentication) {
      intent.status = "requires_action";
      const returnUrl = params.string("return_url");
      intent.next_action = returnUrl
        ? {
            type: "redirect_to_url",
            redirect_to_url: {
              return_url: returnUrl,
              url: `/3ds/challenge?intent=${intent.id}&return_url=${encodeURIComponent(returnUrl)}`,
            },
          }
        : {
            type: "use_stripe_sdk",
            use_stripe_sdk: { type: "three_d_secure_redirect", stripe_js: `/3ds/challenge?intent=${intent.id}`, source: newId("src") },
          };
      this.intentEvent("payment_intent.requires_action", intent, context);
      return intent;
    }
    return this.charge_(intent, record, false, context);
  }

  /** Asks the bank for the money; a decline throws Stripe's 402 after recording the failure. */
  private charge_(
    intent: Stripe.PaymentIntent,
    record: PaymentMethodRecord,
    authenticated: boolean,
    context: ChangeContext,
  ): Stripe.PaymentIntent {
    const { decline } = cardProfile(record.number);
    const charge = buildCharge(intent, record.method, decline, authenticated);
    this.charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    intent.next_action = null;
    if (decline) {
      const error = { ...this.declineError(decline), charge: charge.id, payment_method: clone(record.method) };
      intent.status = "requires_payment_method";
      intent.last_payment_error = error;
      intent.payment_method = null;
      this.chargeEvent("charge.failed", charge, context);
      this.intentEvent("payment_intent.payment_failed", intent, context);
      throw new StripeApiError(402, { ...error, payment_intent: clone(intent) }, true);
    }
    intent.status = "succeeded";
    intent.amount_received = intent.amount;
    const customer = idOf(intent.customer);
    if (intent.setup_future_usage && customer) {
      this.attach(record, customer, context);
      record.setUpForOffSession = true;
    }
    this.chargeEvent("charge.succeeded", charge, context);
    this.intentEvent("payment_intent.succeeded", intent, context);
    return intent;
  }

  cancelPaymentIntent(id: string, params: Params, context: ChangeContext): Stripe.PaymentIntent {
    const intent = this.paymentIntent(id);
    if (intent.status === "succeeded" || intent.status === "canceled") {
      throw this.unexpectedState(
        intent,
        "cancel",
        "requires_payment_method, requires_capture, requires_confirmation, requires_action, processing",
      );
    }
    const reason = params.string("cancellation_reason") ?? null;
    if (reason !== null && !["duplicate", "fraudulent", "requested_by_customer", "abandoned"].includes(reason)) {
      throw StripeApiError.invalidParam("cancellation_reason", "Invalid cancellation_reason");
    }
    intent.status = "canceled";
    intent.canceled_at = nowSeconds();
    intent.cancellation_reason = reason;
    intent.next_action = null;
    this.intentEvent("payment_intent.canceled", intent, context);
    return intent;
  }

  /** The customer's answer to the bank's challenge (the double's stand-in for 3-D Secure). */
  authenticatePaymentIntent(id: string, outcome: "succeed" | "fail", context: ChangeContext): Stripe.PaymentIntent {
    const intent = this.paymentIntent(id);
    if (intent.status !== "requires_action") {
      throw StripeApiError.invalidRequest(
        `PaymentIntent ${id} is ${intent.status}, not requires_action.`,
        "payment_intent_unexpected_state",
      );
    }
    const methodId = idOf(intent.payment_method);
    const record = this.paymentMethodRecord(methodId ?? "", "payment_method");
    if (outcome === "fail") {
      intent.status = "requires_payment_method";
      intent.next_action = null;
      intent.last_payment_error = {
        type: "invalid_request_error",
        code: "payment_intent_authentication_failure",
        message: AUTHENTICATION_FAILED_MESSAGE,
        doc_url: docUrl("payment_intent_authentication_failure"),
        payment_method: clone(record.method),
      };
      intent.payment_method = null;
      this.intentEvent("payment_intent.payment_failed", intent, context);
      return intent;
    }
    try {
      return this.charge_(intent, record, true, context);
    } catch (error) {
      if (error instanceof StripeApiError) return intent;
      throw error;
    }
  }

  // ---- setup intents

  createSetupIntent(params: Params, context: ChangeContext): Stripe.SetupIntent {
    const customer = params.string("customer");
    if (customer) this.customer(customer, "customer");
    const paymentMethod = params.string("payment_method");
    if (paymentMethod) this.paymentMethodRecord(paymentMethod, "payment_method");
    const choice = this.paymentMethodChoice(params);
    const usage = params.string("usage") ?? "off_session";
    if (usage !== "off_session" && usage !== "on_session") throw StripeApiError.invalidParam("usage", "Invalid usage");
    const metadata = params.metadata();
    const intent = buildSetupIntent({
      customer: customer ?? null,
      description: params.nullableString("description") ?? null,
      metadata: metadata === "" || metadata === undefined ? {} : metadata,
      paymentMethod: paymentMethod ?? null,
      automaticPaymentMethods: choice.automatic,
      paymentMethodTypes: this.typesOf(choice.allowed, choice.excluded),
      allowedPaymentMethodTypes: choice.allowed,
      excludedPaymentMethodTypes: choice.excluded,
      usage,
    });
    this.setupIntents.set(intent.id, intent);
    this.setupEvent("setup_intent.created", intent, context);
    if (params.boolean("confirm")) return this.confirmSetupIntent(intent.id, params, context);
    return intent;
  }

  private setupUnexpectedState(intent: Stripe.SetupIntent, action: string): StripeApiError {
    return new StripeApiError(400, {
      type: "invalid_request_error",
      code: "setup_intent_unexpected_state",
      message: `You cannot ${action} this SetupIntent because it has a status of ${intent.status}.`,
      doc_url: docUrl("setup_intent_unexpected_state"),
      setup_intent: clone(intent),
    });
  }

  confirmSetupIntent(id: string, params: Params, context: ChangeContext): Stripe.SetupIntent {
    const intent = this.setupIntent(id);
    if (!PAYABLE.includes(intent.status)) throw this.setupUnexpectedState(intent, "confirm");
    this.updateAllowedTypes(intent, params);
    const paymentMethod = params.string("payment_method");
    const chosen = paymentMethod ? this.paymentMethodRecord(paymentMethod, "payment_method") : null;
    if (chosen) this.refuseIncompatible(intent, chosen.method, "SetupIntent", { setup_intent: clone(intent) });
    if (chosen) intent.payment_method = chosen.method.id;
    const methodId = idOf(intent.payment_method);
    if (!methodId) {
      throw StripeApiError.invalidRequest(
        "You cannot confirm this SetupIntent because it's missing a payment method. Update the SetupIntent with a payment method and then confirm it again.",
        "setup_intent_unexpected_state",
      );
    }
    const record = this.paymentMethodRecord(methodId, "payment_method");
    this.refuseIncompatible(intent, record.method, "SetupIntent", { setup_intent: clone(intent) });
    const profile = cardProfile(record.number);
    intent.last_setup_error = null;
    if (profile.authentication !== "none") {
      intent.status = "requires_action";
      const returnUrl = params.string("return_url");
      intent.next_action = returnUrl
        ? {
            type: "redirect_to_url",
            redirect_to_url: {
              return_url: returnUrl,
              url: `/3ds/challenge?intent=${intent.id}&return_url=${encodeURIComponent(returnUrl)}`,
            },
          }
        : {
            type: "use_stripe_sdk",
            use_stripe_sdk: { type: "three_d_secure_redirect", stripe_js: `/3ds/challenge?intent=${intent.id}`, source: newId("src") },
          };
      this.setupEvent("setup_intent.requires_action", intent, context);
      return intent;
    }
    return this.completeSetup(intent, record, context);
  }

  private completeSetup(intent: Stripe.SetupIntent, record: PaymentMethodRecord, context: ChangeContext): Stripe.SetupIntent {
    const profile = cardProfile(record.number);
    intent.next_action = null;
    if (profile.declinesSetup && profile.decline) {
      const error = { ...this.declineError(profile.decline), payment_method: clone(record.method) };
      intent.status = "requires_payment_method";
      intent.last_setup_error = error;
      intent.payment_method = null;
      this.setupEvent("setup_intent.setup_failed", intent, context);
      throw new StripeApiError(402, { ...error, setup_intent: clone(intent) }, true);
    }
    intent.status = "succeeded";
    intent.latest_attempt = newId("setatt");
    record.setUpForOffSession = true;
    const customer = idOf(intent.customer);
    if (customer) this.attach(record, customer, context);
    this.setupEvent("setup_intent.succeeded", intent, context);
    return intent;
  }

  authenticateSetupIntent(id: string, outcome: "succeed" | "fail", context: ChangeContext): Stripe.SetupIntent {
    const intent = this.setupIntent(id);
    if (intent.status !== "requires_action") {
      throw StripeApiError.invalidRequest(`SetupIntent ${id} is ${intent.status}, not requires_action.`, "setup_intent_unexpected_state");
    }
    const record = this.paymentMethodRecord(idOf(intent.payment_method) ?? "", "payment_method");
    if (outcome === "fail") {
      intent.status = "requires_payment_method";
      intent.next_action = null;
      intent.last_setup_error = {
        type: "invalid_request_error",
        code: "setup_intent_authentication_failure",
        message: AUTHENTICATION_FAILED_MESSAGE,
        doc_url: docUrl("setup_intent_authentication_failure"),
        payment_method: clone(record.method),
      };
      intent.payment_method = null;
      this.setupEvent("setup_intent.setup_failed", intent, context);
      return intent;
    }
    try {
      return this.completeSetup(intent, record, context);
    } catch (error) {
      if (error instanceof StripeApiError) return intent;
      throw error;
    }
  }

  cancelSetupIntent(id: string, params: Params, context: ChangeContext): Stripe.SetupIntent {
    const intent = this.setupIntent(id);
    if (intent.status === "succeeded" || intent.status === "canceled") throw this.setupUnexpectedState(intent, "cancel");
    intent.status = "canceled";
    intent.cancellation_reason = params.string("cancellation_reason") ?? null;
    intent.next_action = null;
    this.setupEvent("setup_intent.canceled", intent, context);
    return intent;
  }

  // ---- refunds and disputes

  private refundableCharge(paymentIntentId: string | undefined, chargeId: string | undefined): Stripe.Charge {
    if (chargeId) return this.charge(chargeId);
    if (!paymentIntentId)
      throw StripeApiError.invalidRequest("One of the following params should be provided for this request: payment_intent or charge.");
    const intent = this.paymentIntent(paymentIntentId);
    const latest = idOf(intent.latest_charge);
    const charge = latest ? this.charges.get(latest) : undefined;
    if (intent.status !== "succeeded" || !charge || charge.status !== "succeeded") {
      throw StripeApiError.invalidRequest(
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        "charge_not_refundable",
        "payment_intent",
      );
    }
    return charge;
  }

  createRefund(params: Params, context: ChangeContext): Stripe.Refund {
    const charge = this.refundableCharge(params.string("payment_intent"), params.string("charge"));
    const reason = params.string("reason") ?? null;
    if (reason !== null && !["duplicate", "fraudulent", "requested_by_customer"].includes(reason)) {
      throw StripeApiError.invalidParam("reason", "Invalid reason");
    }
    const metadata = params.metadata();
    return this.refund(charge, params.integer("amount"), reason, metadata === "" || metadata === undefined ? {} : metadata, context);
  }

  refund(
    charge: Stripe.Charge,
    requested: number | undefined,
    reason: Stripe.Refund.Reason | null,
    metadata: Record<string, string>,
    context: ChangeContext,
  ): Stripe.Refund {
    const left = charge.amount - charge.amount_refunded;
    if (left <= 0) {
      throw StripeApiError.invalidRequest(`Charge ${charge.id} has already been refunded.`, "charge_already_refunded");
    }
    if (charge.disputed) {
      throw StripeApiError.invalidRequest(`Charge ${charge.id} has been charged back; cannot issue a refund.`, "charge_disputed");
    }
    const amount = requested ?? left;
    if (amount <= 0) throw StripeApiError.invalidParam("amount", "Invalid positive integer", "parameter_invalid_integer");
    if (amount > left) {
      const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
      throw StripeApiError.invalidRequest(
        `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
        "amount_too_large",
        "amount",
      );
    }
    const refund = buildRefund(charge, amount, reason, metadata);
    this.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    const list = charge.refunds ?? { object: "list", data: [], has_more: false, url: `/v1/charges/${charge.id}/refunds` };
    list.data.unshift(clone(refund));
    charge.refunds = list;
    const base = this.eventBase(context);
    this.record(
      {
        ...base,
        type: "charge.refunded",
        data: { object: clone(charge), previous_attributes: { amount_refunded: charge.amount_refunded - amount, refunded: false } },
      },
      context,
    );
    this.record({ ...this.eventBase(context), type: "refund.created", data: { object: clone(refund) } }, context);
    const record = this.paymentMethods.get(String(charge.payment_method));
    const failure = record ? cardProfile(record.number).refundFailsLater : undefined;
    if (failure) {
      this.later((afterwards) => {
        if (refund.status === "succeeded") this.failRefund(refund.id, failure, afterwards);
      });
    }
    return refund;
  }

  /**
   * The bank sends a refund back (the card was closed, say): the refund turns failed, the money is
   * the merchant's again, and Stripe says so with charge.refund.updated, refund.updated and
   * refund.failed.
   */
  failRefund(id: string, failureReason: string | undefined, context: ChangeContext): Stripe.Refund {
    const refund = this.refunds.get(id);
    if (!refund) throw StripeApiError.missing("refund", id);
    if (refund.status !== "succeeded" && refund.status !== "pending") {
      throw StripeApiError.invalidRequest(`Refund ${id} is ${String(refund.status)}; only a succeeded or pending refund can fail.`);
    }
    // Stripe lists failure_reason and failure_balance_transaction as null here too; the library types them without null.
    const previous: Partial<Stripe.Refund> = { status: refund.status };
    refund.status = "failed";
    refund.failure_reason = failureReason || "expired_or_canceled_card";
    refund.failure_balance_transaction = newId("txn");
    const charge = this.charges.get(String(refund.charge));
    if (charge) {
      charge.amount_refunded = Math.max(charge.amount_refunded - refund.amount, 0);
      charge.refunded = false;
      const listed = charge.refunds?.data.findIndex((each) => each.id === refund.id) ?? -1;
      if (charge.refunds && listed >= 0) charge.refunds.data[listed] = clone(refund);
    }
    const object = () => clone(refund);
    this.record(
      { ...this.eventBase(context), type: "charge.refund.updated", data: { object: object(), previous_attributes: previous } },
      context,
    );
    this.record({ ...this.eventBase(context), type: "refund.updated", data: { object: object(), previous_attributes: previous } }, context);
    this.record({ ...this.eventBase(context), type: "refund.failed", data: { object: object() } }, context);
    return refund;
  }

  refundFromDashboard(paymentIntentId: string, amount: number | undefined, context: ChangeContext): Stripe.Refund {
    return this.refund(this.refundableCharge(paymentIntentId, undefined), amount, "requested_by_customer", {}, context);
  }

  createDispute(paymentIntentId: string, reason: DisputeReason, context: ChangeContext): Stripe.Dispute {
    const charge = this.refundableCharge(paymentIntentId, undefined);
    if (charge.disputed) throw StripeApiError.invalidRequest(`Charge ${charge.id} is already disputed.`, "charge_disputed");
    const dispute = buildDispute(charge, reason);
    this.disputes.set(dispute.id, dispute);
    charge.disputed = true;
    this.record({ ...this.eventBase(context), type: "charge.dispute.created", data: { object: clone(dispute) } }, context);
    // A card dispute takes the amount (and Stripe's fee) from the balance at once.
    dispute.balance_transactions.push(buildDisputeBalanceTransaction(dispute, "withdrawn"));
    this.record({ ...this.eventBase(context), type: "charge.dispute.funds_withdrawn", data: { object: clone(dispute) } }, context);
    return dispute;
  }

  /** The card network decides: won gives the money back (funds_reinstated), lost keeps it withdrawn. */
  closeDispute(id: string, status: "won" | "lost", context: ChangeContext): Stripe.Dispute {
    const dispute = this.disputes.get(id);
    if (!dispute) throw StripeApiError.missing("dispute", id);
    if (dispute.status === "won" || dispute.status === "lost") {
      throw StripeApiError.invalidRequest(`Dispute ${id} is already closed (${String(dispute.status)}).`);
    }
    const previous: Partial<Stripe.Dispute> = { status: dispute.status };
    dispute.status = status;
    dispute.evidence_details.submission_count = Math.max(dispute.evidence_details.submission_count, 1);
    if (status === "won") {
      dispute.balance_transactions.push(buildDisputeBalanceTransaction(dispute, "reinstated"));
      this.record({ ...this.eventBase(context), type: "charge.dispute.funds_reinstated", data: { object: clone(dispute) } }, context);
    }
    this.record(
      { ...this.eventBase(context), type: "charge.dispute.closed", data: { object: clone(dispute), previous_attributes: previous } },
      context,
    );
    return dispute;
  }

  // ---- reads with `expand`

  expandPaymentIntent(intent: Stripe.PaymentIntent, expand: ReadonlySet<string>): Stripe.PaymentIntent {
    const result = clone(intent);
    const charge = idOf(result.latest_charge);
    if (expand.has("latest_charge") && charge) result.latest_charge = clone(this.charges.get(charge) ?? null) ?? charge;
    const method = idOf(result.payment_method);
    if (expand.has("payment_method") && method) result.payment_method = clone(this.paymentMethods.get(method)?.method) ?? method;
    const customer = typeof result.customer === "string" ? result.customer : null;
    if (expand.has("customer") && customer) result.customer = clone(this.customers.get(customer)) ?? customer;
    return result;
  }

  expandSetupIntent(intent: Stripe.SetupIntent, expand: ReadonlySet<string>): Stripe.SetupIntent {
    const result = clone(intent);
    const method = idOf(result.payment_method);
    if (expand.has("payment_method") && method) result.payment_method = clone(this.paymentMethods.get(method)?.method) ?? method;
    const customer = typeof result.customer === "string" ? result.customer : null;
    if (expand.has("customer") && customer) result.customer = clone(this.customers.get(customer)) ?? customer;
    return result;
  }

  expandCharge(charge: Stripe.Charge, expand: ReadonlySet<string>): Stripe.Charge {
    const result = clone(charge);
    const intent = typeof result.payment_intent === "string" ? result.payment_intent : null;
    if (expand.has("payment_intent") && intent) result.payment_intent = clone(this.paymentIntents.get(intent)) ?? intent;
    return result;
  }

  expandRefund(refund: Stripe.Refund, expand: ReadonlySet<string>): Stripe.Refund {
    const result = clone(refund);
    const charge = typeof result.charge === "string" ? result.charge : null;
    if (expand.has("charge") && charge) result.charge = clone(this.charges.get(charge)) ?? charge;
    const intent = typeof result.payment_intent === "string" ? result.payment_intent : null;
    if (expand.has("payment_intent") && intent) result.payment_intent = clone(this.paymentIntents.get(intent)) ?? intent;
    return result;
  }
}
