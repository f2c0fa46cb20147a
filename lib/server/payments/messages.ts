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
  declined: "Your card was declined.",
  authenticate: "Your bank asks you to confirm this payment.",
  canceled: "This payment was stopped before any money moved. Press Pay to try again.",
  processing: "Your bank is still processing this payment. We will e-mail you as soon as it goes through.",
  cardNotTaken: "Card numbers are typed into the secure card fields, never sent to the shop. Reload the page and try again.",
  newCardNeeded: "Choose a saved card or enter a new one.",
  cardRenews: "Your membership renews on this card. Choose another card for the renewals first, then remove it.",
  noAttempt: "No payment has been made for this order yet.",
  noWebhooks: "This shop's payment provider sends no webhooks.",
  webhookRefused: "The webhook was refused:",
  duplicateRefunded: "This order was already paid, so this second payment was refunded in full.",
} as const;
