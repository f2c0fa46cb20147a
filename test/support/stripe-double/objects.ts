import { randomBytes } from "node:crypto";
import type Stripe from "stripe";
import { brandOf, fingerprintOf, type TestCardInput } from "./cards";

// Builders of whole Stripe objects, typed with the stripe library's own interfaces so every
// required member is present with a value of Stripe's type. Values follow what Stripe's test mode
// answers for a US card account.

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let result = "";
  for (const byte of bytes) result += ALPHABET[byte % ALPHABET.length];
  return result;
}

export function newId(prefix: string): string {
  return `${prefix}_${randomToken(24)}`;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Stripe's reasons for a dispute (the library types Dispute.reason as a plain string). */
export type DisputeReason =
  | "bank_cannot_process"
  | "check_returned"
  | "credit_not_processed"
  | "customer_initiated"
  | "debit_not_authorized"
  | "duplicate"
  | "fraudulent"
  | "general"
  | "incorrect_account_details"
  | "insufficient_funds"
  | "noncompliant"
  | "product_not_received"
  | "product_unacceptable"
  | "subscription_canceled"
  | "unrecognized";

export interface BillingDetailsInput {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: Stripe.Address | null;
}

export function billingDetails(input: BillingDetailsInput): Stripe.PaymentMethod.BillingDetails {
  return {
    address: input.address ?? { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
    email: input.email ?? null,
    name: input.name ?? null,
    phone: input.phone ?? null,
    tax_id: null,
  };
}

export function buildCustomer(input: {
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Record<string, string>;
}): Stripe.Customer {
  const id = newId("cus");
  return {
    id,
    object: "customer",
    address: null,
    balance: 0,
    created: nowSeconds(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: input.description,
    discount: null,
    email: input.email,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: input.metadata,
    name: input.name,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  };
}

export function buildCardPaymentMethod(
  card: TestCardInput,
  details: Stripe.PaymentMethod.BillingDetails,
  metadata: Record<string, string>,
): Stripe.PaymentMethod {
  const number = card.number.replace(/[\s-]/g, "");
  const { brand } = brandOf(number);
  const expYear = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  return {
    id: newId("pm"),
    object: "payment_method",
    allow_redisplay: "unspecified",
    billing_details: details,
    card: {
      brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: card.cvc ? "unchecked" : null },
      country: "US",
      display_brand: brand === "amex" ? "american_express" : brand,
      exp_month: card.exp_month,
      exp_year: expYear,
      fingerprint: fingerprintOf(number),
      funding: "credit",
      generated_from: null,
      last4: number.slice(-4),
      networks: { available: [brand], preferred: null },
      regulated_status: "unregulated",
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: nowSeconds(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata,
    type: "card",
  };
}

export interface PaymentIntentInput {
  amount: number;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  paymentMethod: string | null;
  setupFutureUsage: Stripe.PaymentIntent.SetupFutureUsage | null;
  automaticPaymentMethods: boolean;
  paymentMethodTypes: string[];
  allowedPaymentMethodTypes: string[] | null;
  excludedPaymentMethodTypes: string[] | null;
  captureMethod: Stripe.PaymentIntent.CaptureMethod;
  receiptEmail: string | null;
}

export function buildPaymentIntent(input: PaymentIntentInput): Stripe.PaymentIntent {
  const id = newId("pi");
  return {
    id,
    object: "payment_intent",
    allowed_payment_method_types: input.allowedPaymentMethodTypes,
    amount: input.amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: input.automaticPaymentMethods ? { allow_redirects: "always", enabled: true } : null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: input.captureMethod,
    client_secret: `${id}_secret_${randomToken(25)}`,
    confirmation_method: "automatic",
    created: nowSeconds(),
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    description: input.description,
    excluded_payment_method_types: input.excludedPaymentMethodTypes,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: input.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: input.paymentMethodTypes,
    payment_record: null,
    processing: null,
    receipt_email: input.receiptEmail,
    review: null,
    setup_future_usage: input.setupFutureUsage,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: input.paymentMethod ? "requires_confirmation" : "requires_payment_method",
    transfer_data: null,
    transfer_group: null,
  };
}

export interface SetupIntentInput {
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  paymentMethod: string | null;
  automaticPaymentMethods: boolean;
  paymentMethodTypes: string[];
  allowedPaymentMethodTypes: string[] | null;
  excludedPaymentMethodTypes: string[] | null;
  usage: string;
}

export function buildSetupIntent(input: SetupIntentInput): Stripe.SetupIntent {
  const id = newId("seti");
  return {
    id,
    object: "setup_intent",
    allowed_payment_method_types: input.allowedPaymentMethodTypes,
    application: null,
    automatic_payment_methods: input.automaticPaymentMethods ? { allow_redirects: "always", enabled: true } : null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${randomToken(25)}`,
    created: nowSeconds(),
    customer: input.customer,
    customer_account: null,
    description: input.description,
    excluded_payment_method_types: input.excludedPaymentMethodTypes,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: input.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: input.paymentMethodTypes,
    single_use_mandate: null,
    status: input.paymentMethod ? "requires_confirmation" : "requires_payment_method",
    usage: input.usage,
  };
}

export interface ChargeDecline {
  code: string;
  declineCode: string;
  message: string;
}

export function buildCharge(
  intent: Stripe.PaymentIntent,
  method: Stripe.PaymentMethod,
  decline: ChargeDecline | null,
  authenticated: boolean,
): Stripe.Charge {
  const id = newId("ch");
  const card = method.card;
  const succeeded = decline === null;
  return {
    id,
    object: "charge",
    amount: intent.amount,
    amount_captured: succeeded ? intent.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: succeeded ? newId("txn") : null,
    billing_details: method.billing_details,
    calculated_statement_descriptor: "STRIPE DOUBLE",
    captured: succeeded,
    created: nowSeconds(),
    currency: intent.currency,
    customer: typeof intent.customer === "string" ? intent.customer : (intent.customer?.id ?? null),
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: decline?.code ?? null,
    failure_message: decline?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: { ...intent.metadata },
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: succeeded ? "approved_by_network" : "declined_by_network",
      reason: decline?.declineCode ?? null,
      risk_level: "normal",
      risk_score: 20,
      seller_message: succeeded ? "Payment complete." : "The bank did not return any further details with this decline.",
      type: succeeded ? "authorized" : "issuer_declined",
    },
    paid: succeeded,
    payment_intent: intent.id,
    payment_method: method.id,
    payment_method_details: {
      type: "card",
      card: {
        amount_authorized: succeeded ? intent.amount : null,
        authorization_code: succeeded ? randomToken(6).toUpperCase() : null,
        brand: card?.brand ?? null,
        checks: card?.checks ?? null,
        country: card?.country ?? null,
        electronic_commerce_indicator: null,
        exp_month: card?.exp_month ?? 0,
        exp_year: card?.exp_year ?? 0,
        fingerprint: card?.fingerprint ?? null,
        funding: card?.funding ?? null,
        installments: null,
        last4: card?.last4 ?? null,
        mandate: null,
        network: card?.brand ?? null,
        network_transaction_id: randomToken(15),
        regulated_status: "unregulated",
        three_d_secure: authenticated
          ? {
              authentication_flow: "challenge",
              electronic_commerce_indicator: "05",
              exemption_indicator: null,
              result: "authenticated",
              result_reason: null,
              transaction_id: randomToken(32),
              version: "2.2.0",
            }
          : null,
        transaction_link_id: null,
        wallet: null,
      },
    },
    receipt_email: intent.receipt_email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    refunds: { object: "list", data: [], has_more: false, url: `/v1/charges/${id}/refunds` },
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: succeeded ? "succeeded" : "failed",
    transfer_data: null,
    transfer_group: null,
  };
}

export function buildRefund(
  charge: Stripe.Charge,
  amount: number,
  reason: Stripe.Refund.Reason | null,
  metadata: Record<string, string>,
): Stripe.Refund {
  return {
    id: newId("re"),
    object: "refund",
    amount,
    balance_transaction: newId("txn"),
    charge: charge.id,
    created: nowSeconds(),
    currency: charge.currency,
    customer: typeof charge.customer === "string" ? charge.customer : (charge.customer?.id ?? null),
    customer_account: null,
    destination_details: {
      type: "card",
      card: { reference_status: "pending", reference_type: "acquirer_reference_number", type: "refund" },
    },
    metadata,
    payment_intent: typeof charge.payment_intent === "string" ? charge.payment_intent : (charge.payment_intent?.id ?? null),
    payment_method: charge.payment_method,
    reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  };
}

export function buildDispute(charge: Stripe.Charge, reason: DisputeReason): Stripe.Dispute {
  const card = charge.payment_method_details?.card;
  return {
    id: newId("dp"),
    object: "dispute",
    amount: charge.amount - charge.amount_refunded,
    balance_transactions: [],
    charge: charge.id,
    created: nowSeconds(),
    currency: charge.currency,
    enhanced_eligibility_types: [],
    evidence: {
      access_activity_log: null,
      billing_address: null,
      cancellation_policy: null,
      cancellation_policy_disclosure: null,
      cancellation_rebuttal: null,
      customer_communication: null,
      customer_email_address: null,
      customer_name: null,
      customer_purchase_ip: null,
      customer_signature: null,
      duplicate_charge_documentation: null,
      duplicate_charge_explanation: null,
      duplicate_charge_id: null,
      enhanced_evidence: {},
      product_description: null,
      receipt: null,
      refund_policy: null,
      refund_policy_disclosure: null,
      refund_refusal_explanation: null,
      service_date: null,
      service_documentation: null,
      shipping_address: null,
      shipping_carrier: null,
      shipping_date: null,
      shipping_documentation: null,
      shipping_tracking_number: null,
      uncategorized_file: null,
      uncategorized_text: null,
    },
    evidence_details: {
      due_by: nowSeconds() + 7 * 24 * 3600,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: "not_submitted",
    },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    network_reason_code: reason === "fraudulent" ? "10.4" : null,
    payment_intent: typeof charge.payment_intent === "string" ? charge.payment_intent : (charge.payment_intent?.id ?? null),
    payment_method_details: {
      type: "card",
      card: {
        brand: card?.brand ?? "unknown",
        case_type: "chargeback",
        network: card?.brand ?? "unknown",
        network_reason_code: reason === "fraudulent" ? "10.4" : null,
      },
    },
    reason,
    status: "needs_response",
  };
}

/** Stripe's fee for a card dispute in the US, taken with the disputed amount. */
export const DISPUTE_FEE = 1_500;

/** The money a dispute takes from the balance (withdrawn) or gives back (reinstated, when won). */
export function buildDisputeBalanceTransaction(dispute: Stripe.Dispute, direction: "withdrawn" | "reinstated"): Stripe.BalanceTransaction {
  const amount = direction === "withdrawn" ? -dispute.amount : dispute.amount;
  const fee = direction === "withdrawn" ? DISPUTE_FEE : 0;
  return {
    id: newId("txn"),
    object: "balance_transaction",
    amount,
    available_on: nowSeconds(),
    balance_type: "payments",
    created: nowSeconds(),
    currency: dispute.currency,
    description:
      direction === "withdrawn"
        ? `Chargeback withdrawal for ${String(dispute.charge)}`
        : `Chargeback reversal for ${String(dispute.charge)}`,
    exchange_rate: null,
    fee,
    fee_details: fee
      ? [{ amount: fee, application: null, currency: dispute.currency, description: "Dispute fee", type: "stripe_fee" }]
      : [],
    net: amount - fee,
    reporting_category: direction === "withdrawn" ? "dispute" : "dispute_reversal",
    source: dispute.id,
    status: "available",
    type: "adjustment",
  };
}
