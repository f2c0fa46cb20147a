import "server-only";

// What the membership calls answer when they refuse, in the customer's words.
export const MEMBERSHIP_MESSAGES = {
  noMembership: "You have no membership to cancel.",
  alreadyCancelled: "Your membership is already cancelled.",
  planNotFound: "This membership does not exist.",
  noRenewingMembership: "You have no membership that renews.",
  noCardForRenewal: "There is no card kept for renewals. Choose or add a card in your account.",
} as const;
