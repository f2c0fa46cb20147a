// The days UPS neither picks up nor delivers (UPS's published holiday schedule for the US: the six
// holidays below; UPS Express Critical alone runs on them). Delivery estimates (lib/server/shipping/
// dates.ts) skip these as well as Saturdays and Sundays. Days UPS only modifies (the day after
// Thanksgiving, Christmas Eve, New Year's Eve) still count: ground parcels move on them.
//
// A date-fixed holiday that falls on a weekend is observed on the nearest weekday, as for the
// federal holiday: Saturday → the Friday before, Sunday → the Monday after (5 U.S.C. 6103). UPS's
// own handling of a Saturday holiday has varied from year to year, so the estimate takes the later,
// safer reading: a promise a day late in the odd year beats one the carrier cannot keep.
// Update this list when UPS publishes a change to its schedule; nothing else holds holiday dates.

export type CarrierHoliday =
  | { name: string; kind: "date"; month: number; day: number }
  /** `nth` counts from 1; -1 is the month's last such weekday. `weekday`: 0 Sunday … 6 Saturday. */
  | { name: string; kind: "weekday"; month: number; weekday: number; nth: number };

export const UPS_HOLIDAYS: readonly CarrierHoliday[] = [
  { name: "New Year's Day", kind: "date", month: 1, day: 1 },
  { name: "Memorial Day", kind: "weekday", month: 5, weekday: 1, nth: -1 },
  { name: "Independence Day", kind: "date", month: 7, day: 4 },
  { name: "Labor Day", kind: "weekday", month: 9, weekday: 1, nth: 1 },
  { name: "Thanksgiving Day", kind: "weekday", month: 11, weekday: 4, nth: 4 },
  { name: "Christmas Day", kind: "date", month: 12, day: 25 },
];
