import "server-only";

// What a customer reads when a payment call is refused or does not go through.
export const PAYMENT_MESSAGES = {
  alreadyPaid: "This order is already paid.",
  expired: "This order has expired and its items went back on sale. Please order again.",
  cancelled: "This order was cancelled, so it can no longer be paid.",
  closed: "This order can no longer be paid.",
  needsAddress: "Add a shipping address.",
  keyReused: "This payment attempt was already used for another payment. Reload the page and try again.",
  savedCardNotFound: "This saved card was not found.",
  requiresAction: "Your bank asks to confirm this payment, which this shop cannot do yet. Please use another card.",
  paid: "Thank you! Your payment went through.",
  noPaymentToRefund: "This order has no payment to refund.",
  refundTooLarge: "The refund is more than what is left of the payment.",
  noSavedCard: "There is no card kept for renewals.",
  offSessionDeclined: "Your card was declined.",
} as const;
