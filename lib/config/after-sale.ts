// After-sale constants (returns, refunds, exchanges, repairs): the one place for each. Client and
// server code both read this file, so it holds nothing secret.

export const AFTER_SALE_TYPES = ["return", "refund", "exchange", "repair"] as const;

export const AFTER_SALE_STATUSES = ["pending_review", "approved", "returning", "received", "completed", "rejected", "cancelled"] as const;

/** The reasons a customer picks from; free text goes into the description. */
export const AFTER_SALE_REASONS = [
  "Damaged on arrival",
  "Not as described",
  "Stopped working",
  "No longer needed",
  "Wrong item",
  "Other",
] as const;

/** Days after delivery in which most items can be returned for a refund (the policy page, the FAQ, Product markup). */
export const RETURN_WINDOW_DAYS = 30;

export const AFTER_SALE_LIMITS = {
  descriptionMin: 10,
  descriptionMax: 1000,
  returnAddressMin: 10,
  returnAddressMax: 300,
  rejectReasonMin: 3,
  rejectReasonMax: 500,
} as const;

/** Where returned goods go unless the operator names another address when approving: the Houston service centre. */
export const RETURN_ADDRESS = "Lenwell Service Centre, Returns Dept., 1200 Main Street, Houston, TX 77002";
