import { createHash } from "node:crypto";
import { docUrl, StripeApiError } from "./errors";

// Stripe's documented test card numbers (https://docs.stripe.com/testing) and what each one does.
// The outcome belongs to the number, so a saved PaymentMethod keeps behaving the same way later.

export interface TestCardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export interface Decline {
  code: string;
  declineCode: string;
  message: string;
}

export interface CardProfile {
  /** none; on_session: 3-D Secure unless set up for off-session use; always: every charge and setup. */
  authentication: "none" | "on_session" | "always";
  /** What the bank answers to a charge (after any authentication). */
  decline: Decline | null;
  /** Whether setting the card up (SetupIntent) is refused too; 4000000000000341 attaches fine. */
  declinesSetup: boolean;
  /** A refund of its charge is made `succeeded`, then fails a little later for this reason (4000000000005126). */
  refundFailsLater?: string;
}

const GENERIC_DECLINE: Decline = { code: "card_declined", declineCode: "generic_decline", message: "Your card was declined." };

export const AUTHENTICATION_REQUIRED: Decline = {
  code: "authentication_required",
  declineCode: "authentication_required",
  message: "Your card was declined. This transaction requires authentication.",
};

export const AUTHENTICATION_FAILED_MESSAGE =
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.";

const PROFILES: Record<string, CardProfile> = {
  "4000000000000002": { authentication: "none", decline: GENERIC_DECLINE, declinesSetup: true },
  "4000000000009995": {
    authentication: "none",
    decline: { code: "card_declined", declineCode: "insufficient_funds", message: "Your card has insufficient funds." },
    declinesSetup: true,
  },
  "4000000000000069": {
    authentication: "none",
    decline: { code: "expired_card", declineCode: "expired_card", message: "Your card has expired." },
    declinesSetup: true,
  },
  "4000000000000127": {
    authentication: "none",
    decline: { code: "incorrect_cvc", declineCode: "incorrect_cvc", message: "Your card's security code is incorrect." },
    declinesSetup: true,
  },
  "4000000000000119": {
    authentication: "none",
    decline: {
      code: "processing_error",
      declineCode: "processing_error",
      message: "An error occurred while processing your card. Try again in a little bit.",
    },
    declinesSetup: true,
  },
  "4000002500003155": { authentication: "on_session", decline: null, declinesSetup: false },
  "4000002760003184": { authentication: "always", decline: null, declinesSetup: false },
  "4000000000000341": { authentication: "none", decline: GENERIC_DECLINE, declinesSetup: false },
  // Stripe's "asynchronous refund failure" card: the refund starts succeeded, then turns failed.
  "4000000000005126": { authentication: "none", decline: null, declinesSetup: false, refundFailsLater: "expired_or_canceled_card" },
};

const SUCCEEDS: CardProfile = { authentication: "none", decline: null, declinesSetup: false };

export function cardProfile(number: string): CardProfile {
  return PROFILES[number] ?? SUCCEEDS;
}

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length > 0 && sum % 10 === 0;
}

export interface BrandInfo {
  /** The value of PaymentMethod.card.brand. */
  brand: string;
  /** The brand Stripe.js reports in the card element's change events. */
  elementBrand: string;
  lengths: number[];
  cvcLength: number;
}

export function brandOf(number: string): BrandInfo {
  const prefix2 = Number(number.slice(0, 2));
  const prefix4 = Number(number.slice(0, 4));
  if (number.startsWith("4")) return { brand: "visa", elementBrand: "visa", lengths: [16, 19], cvcLength: 3 };
  if ((prefix2 >= 51 && prefix2 <= 55) || (prefix4 >= 2221 && prefix4 <= 2720)) {
    return { brand: "mastercard", elementBrand: "mastercard", lengths: [16], cvcLength: 3 };
  }
  if (prefix2 === 34 || prefix2 === 37) return { brand: "amex", elementBrand: "amex", lengths: [15], cvcLength: 4 };
  if (number.startsWith("6011") || number.startsWith("65") || (prefix4 >= 6440 && prefix4 <= 6499)) {
    return { brand: "discover", elementBrand: "discover", lengths: [16, 19], cvcLength: 3 };
  }
  if (prefix2 === 35) return { brand: "jcb", elementBrand: "jcb", lengths: [16, 19], cvcLength: 3 };
  if (prefix2 === 36 || prefix2 === 30 || prefix2 === 38)
    return { brand: "diners", elementBrand: "diners", lengths: [14, 16], cvcLength: 3 };
  if (prefix2 === 62) return { brand: "unionpay", elementBrand: "unionpay", lengths: [16, 19], cvcLength: 3 };
  return { brand: "unknown", elementBrand: "unknown", lengths: [16], cvcLength: 3 };
}

/** Stable per number, like Stripe's: the same card saved twice shows the same fingerprint. */
export function fingerprintOf(number: string): string {
  return createHash("sha256").update(`stripe-double:${number}`).digest("base64url").replace(/[-_]/g, "").slice(0, 16);
}

function cardError(code: string, message: string, param: string): StripeApiError {
  return new StripeApiError(402, { type: "card_error", code, message, param, doc_url: docUrl(code) });
}

/** The checks Stripe makes when a PaymentMethod is created from raw card details. */
export function validateCard(card: TestCardInput, now: Date): void {
  const number = card.number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
    throw cardError("incorrect_number", "Your card number is incorrect.", "number");
  }
  if (!Number.isInteger(card.exp_month) || card.exp_month < 1 || card.exp_month > 12) {
    throw cardError("invalid_expiry_month", "Your card's expiration month is invalid.", "exp_month");
  }
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  const thisYear = now.getUTCFullYear();
  if (!Number.isInteger(year) || year < thisYear || year > thisYear + 50) {
    throw cardError("invalid_expiry_year", "Your card's expiration year is invalid.", "exp_year");
  }
  if (year === thisYear && card.exp_month < now.getUTCMonth() + 1) {
    throw cardError("invalid_expiry_month", "Your card's expiration month is invalid.", "exp_month");
  }
  const { cvcLength } = brandOf(number);
  if (card.cvc !== "" && !new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) {
    throw cardError("invalid_cvc", "Your card's security code is invalid.", "cvc");
  }
}
