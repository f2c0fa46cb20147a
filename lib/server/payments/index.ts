import "server-only";

// Payments: the provider interface, the built-in sandbox gateway, charges, refunds and saved cards.
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
export { bankCheckInPage, paymentProvider, providerCardFields, sandboxGateway, testCardsShown } from "./select";
export {
  answerOfPayment,
  askProvider,
  bankCheckOf,
  chargeAtProvider,
  closeLostAttempt,
  findLostCharge,
  isPending,
  openAttemptsBefore,
  pendingPaymentOf,
  recordChargeAttempt,
  replayedPayment,
  sameRequest,
  stopAtProvider,
  writeChargeResult,
  type ChargeAttempt,
  type ChargeFact,
  type PaymentAnswer,
  type PaymentStatusAnswer,
} from "./pay";
export { latestPaymentOf, ordersAwaitingProvider, paymentEventSeen, paymentForEvent, readPaymentEvent, recordPaymentEvent } from "./events";
export {
  followProviderRefunds,
  lockPayment,
  refundAtProvider,
  refundablePayment,
  releaseRefund,
  reserveRefund,
  type RefundOutcome,
} from "./refund";
export { chargeSavedCard, recordOffSessionPayment, type OffSessionCharge, type OffSessionOutcome } from "./off-session";
export { PAYMENT_MESSAGES } from "./messages";
export { cardLabel } from "./card-label";
export {
  addSavedCard,
  checkCardSetup,
  listSavedPaymentMethods,
  recordCardSetupEvent,
  removeSavedPaymentMethod,
  saveCardForUser,
  setDefaultPaymentMethod,
  startCardSetup,
} from "./saved-methods";
export { SANDBOX_CARDS, OUTCOME_MESSAGES, CARD_MESSAGES, groupCardNumber } from "./sandbox-cards";
