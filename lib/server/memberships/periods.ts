import { addCalendarMonths } from "@/lib/rules/calendar-day";

// The date arithmetic of renewals and refunds, pure so it is unit-tested on its own.

/** `date` plus `months` calendar months (UTC), kept at the month's last day when it is shorter (Jan 31 → Feb 28). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * The end of the period after the one ending at `endsAt`, counted from the plan's start so a
 * clamped month end does not drift: Jan 31 → Feb 29 → Mar 31, never Mar 29.
 */
export function nextPeriodEnd(startsAt: Date, endsAt: Date, planMonths: number): Date {
  const monthsSoFar = (endsAt.getUTCFullYear() - startsAt.getUTCFullYear()) * 12 + (endsAt.getUTCMonth() - startsAt.getUTCMonth());
  return addMonths(startsAt, monthsSoFar + planMonths);
}

/**
 * Whole calendar months from `fromDay` (the cancel day, in the shop's time zone, counted as unused)
 * to `endDay` (the day the paid period ends): the largest n with fromDay + n months ≤ endDay, months
 * added as everywhere else (Jan 31 + 1 month = Feb 28, or Feb 29 in a leap year).
 */
export function unusedFullMonths(fromDay: string, endDay: string): number {
  let months = 0;
  while (addCalendarMonths(fromDay, months + 1) <= endDay) months += 1;
  return months;
}

/** The refund for `unusedMonths` of a period of `planMonths` that cost `periodCents`, rounded to the cent (half up). */
export function unusedMonthsRefundCents(periodCents: number, unusedMonths: number, planMonths: number): number {
  if (unusedMonths <= 0) return 0;
  return Math.min(periodCents, Math.round((periodCents * Math.min(unusedMonths, planMonths)) / planMonths));
}
