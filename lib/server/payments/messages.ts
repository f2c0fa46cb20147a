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
  requiresAction: "This payment is waiting to be confirmed. Press Pay to finish it.",
  paid: "Thank you! Your payment went through.",
  noPaymentToRefund: "This order has no payment to refund.",
  refundTooLarge: "The refund is more than what is left of the payment.",
  /** Why the provider would not make a refund, by its reason code (Stripe's error codes; the test provider uses the same). */
  refundRefused: {
    amount_too_large: "The refund is more than what is left of the payment.",
    amount_invalid: "A refund needs a positive amount.",
    charge_already_refunded: "This payment has already been refunded in full.",
    charge_disputed:
      "The customer has disputed this payment with their bank, so it cannot be refunded: the dispute decides where the money goes.",
    charge_not_refundable:
      "This payment can no longer be refunded through the card. Refund the customer another way and note it on the order.",
    insufficient_funds:
      "The shop's payment balance is too low for this refund right now. Add funds at the provider, then try the refund again.",
    resource_missing: "The payment provider has no record of this payment, so it cannot be refunded.",
    other: "The payment provider refused this refund. Try again later, or refund the customer another way.",
  },
  /** A refund that failed after the provider took it (the card was closed, the bank sent it back). */
  refundFailed: "The refund did not reach the customer's card (the bank returned it). Refund the customer another way or try again.",
  noSavedCard: "There is no card kept for renewals.",
  offSessionDeclined: "Your card was declined.",
  declined: "Your card was declined.",
  authenticate: "Your bank asks you to confirm this payment.",
  canceled: "This payment was stopped before any money moved. Press Pay to try again.",
  processing: "Your bank is still processing this payment. We will e-mail you as soon as it goes through.",
  cardNotTaken: "Card numbers are typed into the secure card fields, never sent to the shop. Reload the page and try again.",
  newCardNeeded: "Choose a saved card or enter a new one.",
  setupNotFound: "This card was not found. Enter it again.",
  setupNotConfirmed: "The card has not been confirmed yet. Enter it in the card fields and press Save card.",
  setupAuthenticate: "Your bank asks you to confirm this card before it can be saved.",
  setupProcessing: "Your bank is still checking this card. Try again in a moment.",
  setupCanceled: "This card was not saved. Please enter it again.",
  setupInShopFields: "Cards are typed into this shop's own card fields. Reload the page and try again.",
  cardRenews: "Your membership renews on this card. Choose another card for the renewals first, then remove it.",
  noAttempt: "No payment has been made for this order yet.",
  interrupted: "This payment was interrupted before your bank answered, and nothing was charged. Press Pay to try again.",
  inFlight: "Your payment is on its way to your bank. This page updates as soon as it answers.",
  noWebhooks: "This shop's payment provider sends no webhooks.",
  webhookRefused: "The webhook was refused:",
  /** Why a webhook was refused, in the shop's words (never the library's). */
  webhookMissingSignature: "it carries no Stripe-Signature header.",
  webhookBadSignature: "its signature does not match this endpoint's signing secret.",
  webhookStale: "its timestamp is more than 5 minutes away from now (a replay, or a clock that is wrong).",
  webhookUnreadable: "its body is not an event this shop can read.",
  duplicateRefunded: "This order was already paid, so this second payment was refunded in full.",
} as const;
