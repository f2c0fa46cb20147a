import { ApiError } from "@/lib/api/envelope";
import type { CardField } from "@/lib/rules/card-rules";
import type { Order, ShippingMethodValue } from "@/lib/schemas/order";
import { addressErrorsOf, keepFixedOnly, type AddressErrors } from "./address-errors";
import type { CardErrors } from "./card-choice";
import type { ProviderAction } from "./provider-script";

// The payment page's state as one machine: a quote, a shipping change, Pay and the bank's check move
// it by named events, so what each answer does to the page is read in one place.

const GENERIC_FAILURE = "Something went wrong. Please try again.";
export const ADDRESS_REFUSED = "Check the shipping address above: nothing was charged.";
export const NOT_PAID = "The payment did not go through. Please try again.";

export interface PaymentState {
  order: Order;
  /** The bank's check the payment waits for, offered on the page; null once Pay is the way on. */
  waitingCheck: ProviderAction | null;
  addressErrors: AddressErrors;
  addressFormError: string | undefined;
  /** A quote is waiting for the typing to stop, or for the server's answer. */
  quoting: boolean;
  /** The option the customer just chose, shown checked while the server recomputes the totals. */
  pendingShipping: ShippingMethodValue | null;
  shippingError: string | undefined;
  paying: boolean;
  cardErrors: CardErrors;
  payError: string | undefined;
  /** Counts the answers to Pay that leave the form on screen, so each one is shown and read out anew. */
  payAnswers: number;
}

export type PaymentEvent =
  | { type: "orderAnswered"; order: Order }
  | { type: "addressTyped" }
  | { type: "quotingSettled"; quoting: boolean }
  /** While typing: only the errors already shown are updated (see keepFixedOnly). */
  | { type: "addressRechecked"; stillWrong: AddressErrors }
  | { type: "addressErrorsShown"; errors: AddressErrors }
  | { type: "quoteRefused"; errors: AddressErrors; message: string }
  | { type: "shippingChosen"; method: ShippingMethodValue }
  | { type: "shippingSettled"; error?: string }
  | { type: "cardInvalid"; errors: CardErrors }
  | { type: "payStarted" }
  | { type: "bankCheckStarted" }
  | { type: "bankCheckAnswered"; waitingCheck: ProviderAction | null }
  | { type: "payAnswered"; message: string }
  | ({ type: "payRefused" } & Refusal)
  | { type: "payEnded" };

export function initialPaymentState(order: Order, bankCheck: ProviderAction | null): PaymentState {
  return {
    order,
    waitingCheck: bankCheck,
    addressErrors: {},
    addressFormError: undefined,
    quoting: false,
    pendingShipping: null,
    shippingError: undefined,
    paying: false,
    cardErrors: {},
    payError: undefined,
    payAnswers: 0,
  };
}

function answered(state: PaymentState, message: string): PaymentState {
  return { ...state, payError: message, payAnswers: state.payAnswers + 1 };
}

export function paymentReducer(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case "orderAnswered":
      return { ...state, order: event.order };
    case "addressTyped":
      return { ...state, addressFormError: undefined, quoting: true };
    case "quotingSettled":
      return { ...state, quoting: event.quoting };
    case "addressRechecked": {
      const kept = keepFixedOnly(state.addressErrors, event.stillWrong);
      return kept === state.addressErrors ? state : { ...state, addressErrors: kept };
    }
    case "addressErrorsShown":
      return { ...state, addressErrors: event.errors };
    case "quoteRefused":
      return Object.keys(event.errors).length > 0
        ? { ...state, addressErrors: event.errors }
        : { ...state, addressErrors: event.errors, addressFormError: event.message };
    case "shippingChosen":
      return { ...state, shippingError: undefined, pendingShipping: event.method };
    case "shippingSettled":
      return { ...state, pendingShipping: null, shippingError: event.error ?? state.shippingError };
    case "cardInvalid":
      return { ...state, payError: undefined, cardErrors: event.errors };
    case "payStarted":
      return { ...state, payError: undefined, cardErrors: {}, paying: true };
    case "bankCheckStarted":
      return { ...state, payError: undefined, paying: true };
    case "bankCheckAnswered":
      return { ...state, waitingCheck: event.waitingCheck };
    case "payAnswered":
      return answered(state, event.message);
    case "payRefused": {
      const refused = { ...state, cardErrors: event.cardErrors, addressErrors: event.addressErrors };
      return event.answer === null ? refused : answered(refused, event.answer);
    }
    case "payEnded":
      return { ...state, paying: false };
  }
}

export function failureMessage(error: unknown): string {
  return error instanceof Error ? error.message : GENERIC_FAILURE;
}

// A failed call may have reached the server or not (timeout, network): the same attempt is retried
// with the same key, so the server answers it instead of charging again. Any real answer ends it.
export const outcomeUnknown = (error: unknown) =>
  error instanceof ApiError && (error.code === 0 || error.code === 408 || error.code >= 500);

/** The API's field paths (card.number, card.expMonth …) under the fields of this form. */
function cardFieldOf(path: string): CardField | null {
  if (path === "card.number" || path === "paymentMethodId") return "number";
  if (path === "card.expMonth" || path === "card.expYear") return "expiry";
  if (path === "card.cvc") return "cvc";
  if (path === "card.name") return "name";
  return null;
}

interface Refusal {
  cardErrors: CardErrors;
  addressErrors: AddressErrors;
  /** The message by the Pay button; null when the card's fields say what is wrong. */
  answer: string | null;
}

/** What a failed Pay shows: the errors under the fields it names, else a message by the button. */
export function refusalOf(error: unknown): Refusal {
  const issues = error instanceof ApiError ? error.errors : [];
  const cardErrors: CardErrors = {};
  for (const issue of issues) {
    const field = cardFieldOf(issue.path);
    if (field) cardErrors[field] ??= issue.message;
  }
  const addressErrors = addressErrorsOf(issues);
  if (Object.keys(cardErrors).length > 0) return { cardErrors, addressErrors, answer: null };
  const message = Object.keys(addressErrors).length > 0 ? ADDRESS_REFUSED : failureMessage(error);
  return {
    cardErrors,
    addressErrors,
    answer: outcomeUnknown(error) ? `${message} Press Pay again: you will not be charged twice.` : message,
  };
}
