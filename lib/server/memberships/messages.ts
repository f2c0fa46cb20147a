import "server-only";

// What the membership calls answer when they refuse, in the customer's words.
export const MEMBERSHIP_MESSAGES = {
  noMembership: "You have no membership to cancel.",
  alreadyCancelled: "Your membership is already cancelled.",
  planNotFound: "This membership does not exist.",
  noRenewingMembership: "You have no membership that renews.",
  renewalNotConfirmed: "Your bank asked you to confirm the renewal payment, and it was not confirmed in time.",
  noCardForRenewal: "There is no card kept for renewals. Choose or add a card in your account.",
  careNotRunning: "This care plan has already ended or been cancelled.",
  onePerCustomer: "The yearly membership is one per customer: you can buy 1.",
  alreadyMember: (until: string) =>
    `You are a member until ${until}. Your membership renews from your account, so there is nothing more to buy.`,
} as const;
