import "server-only";

// The orders service: the one entry point other domains and the route handlers import.
export { createSystemOrder, type SystemOrder } from "./system-order";
export { cancelPaidRenewalOrder, createRenewalOrder } from "./renewal";
export {
  cancelOrder,
  editOrder,
  getOrderForCustomer,
  listOrders,
  searchOwnOrders,
  type OrderEdit,
  type OrderListQuery,
  type OwnOrderSearch,
} from "./customer";
export { sweepExpiredOrders } from "./expiry";
export { customerActor, nextStepTime, operatorActor, recordEvent, SYSTEM_ACTOR, type EventActor, type OrderEventType } from "./events";
export { afterSaleCompletedNote, paymentNote, refundNote } from "./event-notes";
export { answerBankCheck } from "./bank-check";
export {
  applyPaymentEvent,
  checkOrderPayment,
  finishInterruptedMoney,
  payOrder,
  receivePaymentEvent,
  type PaymentOutcome,
} from "./payment";
export {
  isPlanOrService,
  processRefund,
  refundCapacity,
  requestRefund,
  retryRefund,
  type RefundCapacity,
  type RefundPart,
  type RefundSpec,
} from "./refunds";
export { ORDER_MESSAGES } from "./messages";
export { canApplyAfterSale, canShip, isClosed, paymentReceived } from "./status";
export { afterSaleClaims, toOrderView } from "./view";
export {
  operatorCancelOrder,
  operatorRetryRefund,
  operatorGetOrder,
  operatorListOrders,
  operatorOrderEvents,
  deliverOrder,
  shipOrder,
  type OperatorOrderEvent,
} from "./operator";
export { operatorReferralReport, type ReferralRow } from "./referral-report";
export { referralCodeOf } from "./referral";
