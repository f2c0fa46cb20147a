// The filter schedule's fixed numbers: one place for the lead time, the postponement and the
// reminder list. Client and server both read it (the account page shows the order day).

export const FILTER_SCHEDULE = {
  /** A member's filter order is made this many days before the stage's due date (shop's calendar day). */
  orderLeadDays: 14,
  /** A non-member is reminded this many days before a stage's due date. */
  reminderLeadDays: 14,
  /** "Postpone" moves a shipment's due date this many days later (once per shipment). */
  postponeDays: 30,
  /** How often each instance offers the filter jobs a turn. */
  jobEveryMs: 60 * 60 * 1000,
  /** The console's "Upcoming filter shipments" looks this many weeks ahead by default. */
  consoleWeeks: 8,
} as const;

/** The key purpose of signed unsubscribe links (lib/server/auth/signed.ts keeps one key per purpose). */
export const UNSUBSCRIBE_SIGN_PURPOSE = "mail-unsubscribe";

/**
 * How long an unsubscribe link in an e-mail keeps working. Long: a customer may act on a reminder
 * months after it arrived, and the law asks for at least 30 days.
 */
export const UNSUBSCRIBE_LINK_TTL_SECONDS = 2 * 365 * 24 * 60 * 60;

/** The query parameter carrying the signed token on the unsubscribe page and call. */
export const UNSUBSCRIBE_TOKEN_PARAM = "token";
