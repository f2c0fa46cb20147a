import "server-only";
import type { SandboxCardOutcome } from "@/lib/db/schema";

// The sandbox gateway's cards and the checks a card network would make. Pure functions, so the
// rules are unit-tested without a database.

export interface SandboxCard {
  number: string;
  brand: string;
  outcome: SandboxCardOutcome;
  /** What the payment page's "Test mode" notice says the number does. */
  description: string;
}

/** The documented test cards (README, docs/api.md and the payment page list the same ones). */
export const SANDBOX_CARDS: readonly SandboxCard[] = [
  { number: "4242424242424242", brand: "Visa", outcome: "succeed", description: "Succeeds" },
  { number: "5555555555554444", brand: "Mastercard", outcome: "succeed", description: "Succeeds" },
  { number: "4000000000000002", brand: "Visa", outcome: "decline", description: "Declined" },
  { number: "4000000000009995", brand: "Visa", outcome: "insufficient_funds", description: "Declined: insufficient funds" },
  { number: "4000000000000119", brand: "Visa", outcome: "processing_error", description: "Fails: processing error" },
  {
    number: "4000000000000341",
    brand: "Visa",
    outcome: "decline_off_session",
    description: "Succeeds at checkout; declined when a membership renews",
  },
  {
    number: "4000002500003155",
    brand: "Visa",
    outcome: "authenticate",
    description: "Asks for your bank's 3-D Secure check at checkout (Test mode lets you pass or fail it); renewals succeed",
  },
];

export const OUTCOME_MESSAGES: Readonly<Record<Exclude<SandboxCardOutcome, "succeed" | "authenticate">, string>> = {
  decline: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  processing_error: "The payment could not be processed. Please try again.",
  decline_off_session: "Your card was declined.",
};

export const CARD_MESSAGES = {
  incorrectNumber: "Your card number is incorrect.",
  notATestCard: "Test mode accepts only the test card numbers listed on this page.",
  expired: "Your card has expired.",
  incorrectCvc: "Your card's security code is incorrect.",
} as const;

/** The Luhn checksum every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card network from the number's first digits (what a customer recognises: "Visa •••• 4242"). */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return "Visa";
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return "Mastercard";
  if (/^3[47]/.test(digits)) return "American Express";
  if (/^(6011|65|64[4-9])/.test(digits)) return "Discover";
  return "Card";
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}

export function findSandboxCard(digits: string): SandboxCard | null {
  return SANDBOX_CARDS.find((card) => card.number === digits) ?? null;
}

/** "4242 4242 4242 4242", as the notice prints it. */
export function groupCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}
