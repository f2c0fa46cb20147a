import "server-only";

// What a customer (or operator) reads when an order call is refused.
export const ORDER_MESSAGES = {
  emptyCart: "Your cart is empty.",
  unknownProduct: "This product does not exist or is no longer sold.",
  outOfStock: (name: string) => `${name} is out of stock.`,
  onlyLeft: (stock: number, name: string) => `Only ${stock} left of ${name}.`,
  notFound: "This order does not exist.",
  notEditable: "This order has shipped or is closed, so it can no longer be changed.",
  methodAfterPayment:
    "The shipping option of a paid order cannot change (its total is already charged). Cancel it and order again, or contact us.",
  stateAfterPayment:
    "A paid order can only be re-addressed within the same state, since the tax charged depends on the state. Cancel it and order again, or contact us.",
  notCancellable: (status: string) =>
    status === "cancelled" || status === "refunded"
      ? "This order is already cancelled."
      : "This order has already shipped, so it can no longer be cancelled. You can ask for a return once it arrives.",
  notShippable: "Only a paid order can be marked shipped.",
  nothingToShip: "Nothing in this order is shipped (plans and services only), so it takes no shipping address or shipping option.",
  notDeliverable: "Only a shipped order can be marked delivered.",
  nothingToRefund: "Everything paid for this order has already gone back.",
  refundMoreThanLeft: (part: string, left: string) => `The refund is more than what is left to refund of ${part} (${left}).`,
  refundFailed: "The refund did not reach the card.",
  refundNotFound: "This refund does not exist.",
  refundNotFailed: "Only a refund that failed can be sent again.",
  refundRetried: "This refund has already been sent again.",
} as const;
