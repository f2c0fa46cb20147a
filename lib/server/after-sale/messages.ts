import "server-only";

// What a customer or operator reads when an after-sale call is refused.
export const AFTER_SALE_MESSAGES = {
  notFound: "This after-sale request does not exist.",
  orderNotFound: "This order does not exist.",
  orderNotEligible: "After-sale service is available once an order has shipped.",
  itemNotInOrder: "This product is not part of the order.",
  tooMany: (remaining: number) =>
    remaining === 0
      ? "Every unit of this item is already in an after-sale request."
      : `You can ask for at most ${remaining} of this item (the rest is already in an after-sale request).`,
  notPendingReview: "Only a request waiting for review can be approved or rejected.",
  notApproved: "The tracking number can only be entered once the request is approved and before the goods are received.",
  notReturning: "Only goods on their way back (tracking number entered) can be marked received.",
  notReceived: "Only a request whose goods were received can be completed.",
  notCancellable: (status: string) =>
    status === "cancelled"
      ? "This request is already cancelled."
      : status === "received" || status === "completed"
        ? "The goods have already been received, so the request can no longer be cancelled."
        : "This request is closed and can no longer be cancelled.",
  purifierNotFound: "Choose one of your purifiers.",
  purifierOnlyForRepair: "Choose a purifier only for a repair request.",
  purifierNotInOrder: "Choose one of the purifiers of this order.",
  planNotReturnable: (what: "plan" | "service") =>
    what === "plan"
      ? "A membership or care plan is not returned like goods. To end it and get its unused part back, cancel the plan from your account."
      : "A service is not returned like goods. Contact us about this repair service, or cancel the order while it has not started.",
  refundTooLarge: (maxAmount: string) => `The refund can be at most $${maxAmount}.`,
  nothingLeftToRefund: (leftAmount: string) => `Only $${leftAmount} is left refundable on this item.`,
} as const;
