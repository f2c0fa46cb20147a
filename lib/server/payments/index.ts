import "server-only";

// Payments: the provider interface, the built-in test provider, charges, refunds and saved cards.
// Payments report what happened to the money; the orders service applies it to the order.
export type {
  BrowserAction,
  PaymentProvider,
  ProviderEvent,
  ChargeRequest,
  ChargeResult,
  OffSessionChargeRequest,
  RefundRequest,
  RefundResult,
  SavedCard,
  NewCard,
} from "./provider";
export { InvalidCardError, RefundRefusedError } from "./provider";
export { paymentProvider, providerCardFields, testCardsShown } from "./select";
export {
  answerOfPayment,
  bankCheckOf,
  cancelPayment,
  chargeOrder,
  isPending,
  pendingPaymentOf,
  replayedPayment,
  sameRequest,
  settlePayment,
  type ChargeFact,
  type PaymentAnswer,
  type PaymentStatusAnswer,
} from "./pay";
export {
  latestPaymentOf,
  ordersAwaitingProvider,
  paymentForEvent,
  readPaymentEvent,
  recordPaymentEvent,
  recordProviderRefund,
} from "./events";
export { refundPayment, type RefundFact } from "./refund";
export { chargeSavedCard, recordOffSessionPayment, type OffSessionCharge, type OffSessionOutcome } from "./off-session";
export { PAYMENT_MESSAGES } from "./messages";
export {
  addSavedCard,
  checkCardSetup,
  listSavedPaymentMethods,
  removeSavedPaymentMethod,
  saveCardForUser,
  setDefaultPaymentMethod,
  startCardSetup,
} from "./saved-methods";
export { TEST_CARDS, OUTCOME_MESSAGES, CARD_MESSAGES, groupCardNumber } from "./test-cards";
