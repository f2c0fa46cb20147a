import "server-only";

// What a customer reads when a payment call is refused or does not go through.

/**
 * A refusal the bank does not explain, and the words for every code that suggests fraud (a card
 * reported lost or stolen, one the bank wants kept): whoever is at the screen may not be the card's
 * holder, and the card networks ask shops to tell them no more than "declined".
 */
const CARD_DECLINED = "Your card was declined. Please use another card, or ask your bank why.";
const CARD_PROCESSING_ERROR = "Your bank could not process the card just now. Please try again in a few minutes.";
const CARD_OVER_LIMIT = "This payment is over your card's limit. Please use another card, or ask your bank to raise the limit.";
const CARD_WRONG_CVC = "The card's security code (CVC) is not right. Check it and try again.";
const CARD_WRONG_NUMBER = "The card number is not right. Check it and try again.";
const CARD_WRONG_EXPIRY = "The card's expiry date is not right. Check it and try again.";

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
  /** Why the provider would not make a refund, by its reason code (Stripe's error codes; the sandbox gateway uses the same). */
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
    parameter_invalid_integer: "A refund needs a positive amount.",
    refund_disputed_payment:
      "The customer has disputed this payment with their bank, so it cannot be refunded: the dispute decides where the money goes.",
    balance_insufficient:
      "The shop's payment balance is too low for this refund right now. Add funds at the provider, then try the refund again.",
    payment_intent_unexpected_state: "This payment has not gone through, so there is nothing to refund.",
    other: "The payment provider refused this refund. Try again later, or refund the customer another way.",
  },
  /** A refund that failed after the provider took it (the card was closed, the bank sent it back). */
  refundFailed: "The refund did not reach the customer's card (the bank returned it). Refund the customer another way or try again.",
  /** Why a refund failed after the provider took it, by the provider's reason (Stripe's Refund.failure_reason); refundFailed otherwise. */
  refundFailedBecause: {
    lost_or_stolen_card:
      "The refund did not reach the customer's card: the card was reported lost or stolen. Refund the customer another way.",
    expired_or_canceled_card:
      "The refund did not reach the customer's card: the card has expired or was closed. Refund the customer another way.",
    declined: "The customer's bank declined the refund. Refund the customer another way.",
    charge_for_pending_refund_disputed:
      "The refund was stopped because the customer disputed the payment with their bank meanwhile: the dispute decides where the money goes.",
    insufficient_funds: "The refund failed because the shop's payment balance was too low. Add funds at the provider, then refund again.",
    merchant_request: "The refund was cancelled at the shop's request, so no money went back.",
  },
  /**
   * Why a card was refused (a payment, a renewal, a card being saved), by the provider's code:
   * Stripe's decline code when the bank gave one, else its error code; CARD_DECLINED for any other.
   * The provider's own sentence is never shown: it is written for developers and changes without notice.
   */
  cardRefused: {
    generic_decline: CARD_DECLINED,
    card_declined: CARD_DECLINED,
    do_not_honor: CARD_DECLINED,
    do_not_try_again: CARD_DECLINED,
    fraudulent: CARD_DECLINED,
    lost_card: CARD_DECLINED,
    stolen_card: CARD_DECLINED,
    pickup_card: CARD_DECLINED,
    restricted_card: CARD_DECLINED,
    security_violation: CARD_DECLINED,
    merchant_blacklist: CARD_DECLINED,
    not_permitted: CARD_DECLINED,
    transaction_not_allowed: CARD_DECLINED,
    service_not_allowed: CARD_DECLINED,
    stop_payment_order: CARD_DECLINED,
    revocation_of_authorization: CARD_DECLINED,
    revocation_of_all_authorizations: CARD_DECLINED,
    no_action_taken: CARD_DECLINED,
    call_issuer: "Your card was declined. Please call your bank, or use another card.",
    insufficient_funds: "Your card does not have enough funds for this payment. Please use another card.",
    card_velocity_exceeded: CARD_OVER_LIMIT,
    withdrawal_count_limit_exceeded: CARD_OVER_LIMIT,
    expired_card: "Your card has expired. Please use another card.",
    incorrect_cvc: CARD_WRONG_CVC,
    invalid_cvc: CARD_WRONG_CVC,
    incorrect_number: CARD_WRONG_NUMBER,
    invalid_number: CARD_WRONG_NUMBER,
    invalid_expiry_month: CARD_WRONG_EXPIRY,
    invalid_expiry_year: CARD_WRONG_EXPIRY,
    incorrect_zip: "The ZIP code does not match the card's billing address. Check it and try again.",
    processing_error: CARD_PROCESSING_ERROR,
    try_again_later: CARD_PROCESSING_ERROR,
    issuer_not_available: CARD_PROCESSING_ERROR,
    reenter_transaction: CARD_PROCESSING_ERROR,
    approve_with_id: CARD_PROCESSING_ERROR,
    card_not_supported: "Your card does not support this kind of purchase. Please use another card.",
    currency_not_supported: "Your card cannot pay in US dollars. Please use another card.",
    invalid_amount: "Your bank refused the amount of this payment. Please use another card, or ask your bank why.",
    duplicate_transaction: "The same payment was made on this card moments ago. Check your orders before paying again.",
    card_decline_rate_limit_exceeded: "This card was declined too many times today. Please use another card, or try again tomorrow.",
    testmode_decline: "This card cannot be used in test mode. Use one of the test cards listed on this page.",
    /** Refused with nobody there to pass the bank's check (renewals read it as "requires_action" while they can). */
    authentication_required:
      "Your bank wants you to confirm this payment, which could not be done here. Please pay again and confirm it with your bank.",
    payment_intent_authentication_failure:
      "Your bank's check was not completed, so the payment did not go through. Please try again, or use another card.",
    setup_intent_authentication_failure:
      "Your bank's check was not completed, so the card was not saved. Please try again, or use another card.",
  },
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
  /** The Test mode bank's check (payment/bank-check) asked of an order with no payment waiting on it. */
  noBankCheck: "No payment of this order is waiting for your bank's check. Reload the page to see how the payment stands.",
  /** payment/bank-check with a real provider: its banks answer on their own pages. */
  bankCheckTestOnly: "Only Test mode answers for the bank here: with this payment provider your bank's own page does.",
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
