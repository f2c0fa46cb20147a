import { FILTER_SCHEDULE } from "@/lib/config/filter-shipments";

// What the filter schedule's calls answer when they refuse, in the customer's words.
export const FILTER_SHIPMENT_MESSAGES = {
  purifierNotFound: "We could not find this purifier on your account.",
  notMember: "Only members' filters ship on schedule. Join the membership to have them sent before they are due.",
  notUpcoming: "This is not your purifier's next filter shipment. Reload the page to see the current one.",
  alreadyOrdered:
    "The order for this shipment was already made, so it can no longer be skipped or postponed. You can cancel the order from your orders instead.",
  alreadySkipped: "This shipment is already skipped.",
  alreadyPostponed: `This shipment was already postponed once, by ${FILTER_SCHEDULE.postponeDays} days. You can still skip it.`,
} as const;
