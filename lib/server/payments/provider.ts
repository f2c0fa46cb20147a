import "server-only";

// What the shop needs from whoever charges cards. The built-in test provider implements it
// offline (test-provider.ts); a Stripe provider would map these calls onto PaymentIntents
// (charge with `idempotency_key`), Refunds and attached PaymentMethods, and Stripe's card errors
// onto InvalidCardError and failed results. Card numbers and security codes only ever pass through
// `charge` and `saveCard`: the shop stores the returned reference, brand, last four and expiry.

/** A card as typed on the payment page. Held in memory for the one call; never stored or logged. */
export interface NewCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

export type PaymentSource = { kind: "card"; card: NewCard } | { kind: "saved"; reference: string };

export interface ChargeRequest {
  amountCents: number;
  currency: "usd";
  source: PaymentSource;
  /** The same key always gets the first answer: the provider never charges twice for it. */
  idempotencyKey: string;
  description: string;
}

/**
 * A charge of a saved card without the customer at the screen (a membership renewal). Stripe:
 * a PaymentIntent with `off_session: true, confirm: true`. A bank that wants the holder present
 * answers a failed result, never "requires_action": nobody is there to confirm.
 */
export interface OffSessionChargeRequest {
  amountCents: number;
  currency: "usd";
  /** The saved card's reference (SavedCard.reference). */
  reference: string;
  idempotencyKey: string;
  description: string;
}

export type ChargeStatus = "succeeded" | "failed" | "requires_action";

export interface CardDetails {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface ChargeResult extends CardDetails {
  status: ChargeStatus;
  providerRef: string;
  /** Why the charge did not succeed, in words for the customer; null when it succeeded. */
  failureMessage: string | null;
}

export interface RefundRequest {
  providerRef: string;
  amountCents: number;
  idempotencyKey: string;
}

export interface RefundResult {
  refundRef: string;
  amountCents: number;
}

export interface SavedCard extends CardDetails {
  reference: string;
}

export interface PaymentProvider {
  /** Stored with each payment and saved card, so a later change of provider keeps old references apart. */
  readonly name: string;
  /** The payment page says "Test mode" and lists the test cards. */
  readonly testMode: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Charges a saved card with nobody at the screen; a card that can no longer be used is a failed result. */
  chargeOffSession(request: OffSessionChargeRequest): Promise<ChargeResult>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Keeps a card for later charges; only the returned reference (and what identifies it on screen) is stored. */
  saveCard(card: NewCard): Promise<SavedCard>;
}

/**
 * Card details the provider refuses before any charge exists (a wrong number, an expired card):
 * the customer corrects the field and tries again with the same payment attempt.
 */
export class InvalidCardError extends Error {
  readonly field: "number" | "expMonth" | "cvc";

  constructor(field: InvalidCardError["field"], message: string) {
    super(message);
    this.name = "InvalidCardError";
    this.field = field;
  }
}

/** A refund the provider cannot make (more than what is left of the charge, a charge that failed). */
export class RefundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RefundRefusedError";
  }
}
