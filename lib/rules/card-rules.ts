// What a typed card must be before it is sent: the payment form checks it in the browser and
// cardInputSchema (lib/schemas/order.ts) checks it again on the server, from these same rules and
// words. zod-free, so the payment page still opens without zod. Whether the number passes the Luhn
// check, is a test card and has not expired is the payment provider's to say (lib/server/payments).

export const CARD_NUMBER_PATTERN = /^\d{12,19}$/;
export const CARD_CVC_PATTERN = /^\d{3,4}$/;
export const CARD_EXPIRY_YEARS = { min: 2000, max: 2100 } as const;
export const CARD_NAME_MAX_LENGTH = 100;

export const CARD_MESSAGES = {
  number: "Enter the card number.",
  expiry: "Enter the expiry as MM / YY.",
  expMonth: "Enter the expiry month.",
  expYear: "Enter the expiry year.",
  cvc: "Enter the 3- or 4-digit security code.",
  name: "Enter the name on the card.",
  nameLength: `Use at most ${CARD_NAME_MAX_LENGTH} characters.`,
} as const;

/** The card as the API takes it. */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

/** The payment form's card fields, as typed. */
export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardField = keyof CardFields;

/** A number as people type it ("4242 4242-4242 4242") reduced to its digits. */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/** "MM / YY" or "MM/YYYY" → month and four-digit year, or null. */
export function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match?.[1] || !match[2]) return null;
  const expMonth = Number(match[1]);
  const expYear = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return expMonth >= 1 && expMonth <= 12 ? { expMonth, expYear } : null;
}

/** The card the form's fields describe, or what is wrong, field by field. */
export function readCard(fields: CardFields): { card: CardInput } | { errors: Partial<Record<CardField, string>> } {
  const number = cardDigits(fields.number);
  const expiry = parseExpiry(fields.expiry);
  const cvc = fields.cvc.trim();
  const name = fields.name.trim();
  const errors: Partial<Record<CardField, string>> = {};
  if (!CARD_NUMBER_PATTERN.test(number)) errors.number = CARD_MESSAGES.number;
  if (!expiry) errors.expiry = CARD_MESSAGES.expiry;
  else if (expiry.expYear < CARD_EXPIRY_YEARS.min || expiry.expYear > CARD_EXPIRY_YEARS.max) errors.expiry = CARD_MESSAGES.expYear;
  if (!CARD_CVC_PATTERN.test(cvc)) errors.cvc = CARD_MESSAGES.cvc;
  if (!name) errors.name = CARD_MESSAGES.name;
  else if (name.length > CARD_NAME_MAX_LENGTH) errors.name = CARD_MESSAGES.nameLength;
  if (!expiry || Object.keys(errors).length > 0) return { errors };
  return { card: { number, ...expiry, cvc, name } };
}
