import "server-only";

// What the shop needs from whoever charges cards. Two kinds of provider fit it:
// - the built-in sandbox gateway (sandbox-gateway.ts) takes the card as typed into the shop's own
//   fields (`cardEntry: "shop"`) and answers every call at once, offline;
// - Stripe (stripe-provider.ts) never lets a card number reach the shop (`cardEntry: "provider"`):
//   `charge` prepares a PaymentIntent that the page confirms in the browser with Stripe's own
//   fields, and the outcome arrives later, by webhook or by the page's re-check (`retrieve`).
// The payments service only asks what a provider can do, never which one it is.

/** A card as typed on the payment page. Held in memory for the one call; never stored or logged. */
export interface NewCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

/**
 * What pays: a card typed into the shop's fields (providers with `cardEntry: "shop"` only), a saved
 * card, or a card the customer is about to type into the provider's own fields in the browser.
 */
export type PaymentSource = { kind: "card"; card: NewCard } | { kind: "saved"; reference: string } | { kind: "browser" };

export interface ChargeRequest {
  amountCents: number;
  currency: "usd";
  source: PaymentSource;
  /** The same key always gets the first answer: the provider never charges twice for it. */
  idempotencyKey: string;
  description: string;
  /** The order paid for, kept with the charge so the provider's events and dashboard name it. */
  orderId: string;
  /**
   * The shop's payment row (payments.id), kept with the charge (Stripe: metadata `payment_id`), so a
   * charge whose answer was lost (the process died while the provider answered) can be found again
   * (`findCharge`) or matched by its webhook.
   */
  paymentId: string;
  /** The provider's record of the customer (createCustomer), which a kept card belongs to; null for none. */
  customer: string | null;
  /** Keep the card for later charges (renewals, next checkout) once this charge succeeds. */
  saveCard: boolean;
}

/**
 * A charge of a saved card without the customer at the screen (a membership renewal). Stripe:
 * a PaymentIntent with `off_session: true, confirm: true`. A bank that wants the holder present
 * answers "requires_action" with an `authenticate` action: nobody is there now, so the charge waits
 * for the customer to come back (from an e-mailed link) and confirm it in the browser.
 */
export interface OffSessionChargeRequest {
  amountCents: number;
  currency: "usd";
  /** The saved card's reference (SavedCard.reference). */
  reference: string;
  /** The provider's customer the card belongs to (createCustomer); null when the provider needs none. */
  customer: string | null;
  idempotencyKey: string;
  description: string;
}

/**
 * `requires_action`: the customer has something to do in the browser (`action`): confirm the
 * payment with a card typed into the provider's fields, or pass the bank's check (3-D Secure).
 * `processing`: the provider has it and will say how it ended. `canceled`: it never will charge.
 */
export type ChargeStatus = "succeeded" | "failed" | "requires_action" | "processing" | "canceled";

export interface CardDetails {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** What the browser does next, with the provider's script: `confirm` a new card, or `authenticate`. */
export interface BrowserAction {
  kind: "confirm" | "authenticate";
  /** The provider's handle for the browser (Stripe's client_secret): handed to the customer's page only. */
  clientSecret: string;
  /**
   * `authenticate` of a charge the bank refused off-session: the saved card to confirm it with again,
   * this time with the holder present (Stripe: the PaymentMethod id for confirmCardPayment). Absent
   * when the charge already waits on the bank's check itself.
   */
  paymentMethod?: string;
}

export interface ChargeResult {
  status: ChargeStatus;
  providerRef: string;
  /** What the provider charges (or would), in cents: the shop checks it against what it asked. */
  amountCents: number;
  /** The card that paid (or tried to); null while none has been given (a card still to be typed). */
  card: CardDetails | null;
  /** Why the charge did not succeed, in words for the customer; null when it succeeded. */
  failureMessage: string | null;
  /** Set when the customer can act in the browser to go on; null otherwise. */
  action: BrowserAction | null;
  /** The card this charge kept for later (ChargeRequest.saveCard), once it succeeded; null otherwise. */
  savedCard: SavedCard | null;
}

export interface RefundRequest {
  providerRef: string;
  amountCents: number;
  idempotencyKey: string;
}

/**
 * `succeeded`: the money is on its way back. `pending`: the provider has it and will say how it ended
 * (a refund event); counted as going back meanwhile. `failed`: it will not go back (the event says so
 * later for a refund that was pending or even succeeded at first).
 */
export interface RefundResult {
  refundRef: string;
  amountCents: number;
  status: "succeeded" | "pending" | "failed";
  /** Why it failed, in the shop's words; null otherwise. */
  failureMessage: string | null;
}

export interface SavedCard extends CardDetails {
  reference: string;
}

/** Something the provider says happened, from a verified webhook, in the shop's terms. */
export type ProviderEvent = { id: string; type: string } & (
  | /** The charge's state changed: read it again (retrieve) rather than trust the event's order. */
    { kind: "charge"; providerRef: string; paymentId?: string | undefined }
    /** Money went back, from the shop or the provider's dashboard: `refundedCents` is the total now. */
  | { kind: "refund"; providerRef: string; refundedCents: number }
  /**
   * A refund the provider had taken failed afterwards (Stripe: `refund.failed`, or
   * `charge.refund.updated` with status failed): the money did not reach the customer.
   */
  | { kind: "refund_failed"; providerRef: string; refundRef: string; amountCents: number; message: string }
  /** The cardholder disputes the charge with their bank; the disputed amount is taken back from the shop. */
  | { kind: "dispute"; providerRef: string; disputeRef: string; amountCents: number; reason: string }
  /** A dispute ended: `won`, the bank gave the money back to the shop; lost, it stays with the cardholder. */
  | { kind: "dispute_closed"; providerRef: string; disputeRef: string; amountCents: number; won: boolean }
  /** A card was saved in the provider's fields, though the customer may have left the page (Stripe: `setup_intent.succeeded`). */
  | { kind: "card_setup"; reference: string }
  /** An event the shop does not act on. */
  | { kind: "other" }
);

/** A card being saved in the provider's own fields (Stripe: a SetupIntent for off-session use). */
export interface CardSetup {
  /** The provider's id of the setup (seti_…): the shop asks about it once the browser is done. */
  reference: string;
  /** Handed to the customer's page only, for the provider's script to confirm the card with. */
  clientSecret: string;
}

/**
 * How a card setup stands, read from the provider. `pending`: the browser has not confirmed it yet,
 * or the bank's check (3-D Secure) is still waiting. `failed`: the card was refused, in words for
 * the customer; a new card can be tried with a new setup.
 */
export type CardSetupOutcome =
  { status: "succeeded"; card: SavedCard } | { status: "pending"; message: string } | { status: "failed"; message: string };

export interface CardSetupState {
  /** The provider's customer the setup saves the card for (the shop checks it is the caller's). */
  customer: string | null;
  outcome: CardSetupOutcome;
}

export interface NewCustomer {
  userId: string;
  email: string;
  name: string;
}

export interface PaymentProvider {
  /** Stored with each payment and saved card, so a later change of provider keeps old references apart. */
  readonly name: string;
  /** The payment page says "Test mode" and lists the test cards. */
  readonly testMode: boolean;
  /**
   * Where the customer types a new card: into the shop's own fields, whose details then pass
   * through `charge` and `saveCard`; or into the provider's fields in the browser, so the shop
   * never receives a card number and refuses one sent to it.
   */
  readonly cardEntry: "shop" | "provider";
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * Refuses, before anything is recorded, a card the provider would refuse before charging (a wrong
   * number, an expired or removed saved card) with InvalidCardError: the customer corrects the field
   * and nothing else of the request is kept. Absent when the provider only knows at `charge`.
   */
  checkSource?(source: PaymentSource): Promise<void>;
  /** The charge as the provider knows it now (after the browser confirmed it, or on an event). */
  retrieve(providerRef: string): Promise<ChargeResult>;
  /** Stops a charge nobody has confirmed yet; answers its state, which is "succeeded" if it was paid first. */
  cancel(providerRef: string): Promise<ChargeResult>;
  /** Charges a saved card with nobody at the screen; a card that can no longer be used is a failed result. */
  chargeOffSession(request: OffSessionChargeRequest): Promise<ChargeResult>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Keeps a card typed into the shop's fields (`cardEntry: "shop"` only); only its reference is stored. */
  saveCard(card: NewCard): Promise<SavedCard>;
  /**
   * Starts saving a card typed into the provider's own fields (`cardEntry: "provider"` only), for
   * `customer`; the same key answers the same setup. Absent when the shop's fields take the card
   * (`saveCard`).
   */
  startCardSetup?(customer: string, idempotencyKey: string): Promise<CardSetup>;
  /** The setup as the provider knows it now; throws CardSetupNotFoundError for an unknown reference. */
  finishCardSetup?(reference: string): Promise<CardSetupState>;
  /**
   * The charge made for the shop's payment `paymentId` under `idempotencyKey`, or null when the
   * provider has none: asked when the shop lost the answer to `charge` (the process died), so the
   * attempt is finished as the provider knows it instead of left hanging or charged again.
   */
  findCharge(paymentId: string, idempotencyKey: string): Promise<ChargeResult | null>;
  /** Stops a saved card from being charged again. */
  removeCard(reference: string): Promise<void>;
  /** The provider's record of a customer, for providers that keep cards per customer; absent otherwise. */
  createCustomer?(customer: NewCustomer): Promise<string>;
  /** Checks a webhook's signature and reads it; throws WebhookRefusedError when it cannot be trusted. */
  readEvent?(payload: string, headers: Headers): ProviderEvent;
}

/** A webhook whose signature is missing, wrong or too old: nothing in it is acted on. */
export class WebhookRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookRefusedError";
  }
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

/** A card setup the provider does not know (a made-up or mistyped reference). */
export class CardSetupNotFoundError extends Error {
  constructor(reference: string) {
    super(`No card setup ${reference}`);
    this.name = "CardSetupNotFoundError";
  }
}

/**
 * A refund the provider cannot make (more than what is left of the charge, a charge that was
 * disputed or failed), with the provider's reason `code` and the shop's words for it.
 */
export class RefundRefusedError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = "RefundRefusedError";
    this.code = code;
  }
}
