import "server-only";

// Payments: the provider interface, the built-in test provider, paying an order, refunds and saved cards.
export type { PaymentProvider, ChargeRequest, ChargeResult, RefundRequest, RefundResult, SavedCard, NewCard } from "./provider";
export { InvalidCardError, RefundRefusedError } from "./provider";
export { paymentProvider, paymentTestMode } from "./select";
export { payOrder, type PaymentOutcome } from "./pay";
export { refundOrderPayment, type OrderRefund } from "./refund";
export { listSavedPaymentMethods } from "./saved-methods";
export { TEST_CARDS, OUTCOME_MESSAGES, CARD_MESSAGES, groupCardNumber } from "./test-cards";
