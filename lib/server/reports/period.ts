import "server-only";
import { addDays, daysBetween } from "@/lib/rules/calendar-day";
import { REPORT_MAX_DAYS, type ReportPeriodPreset, type ReportPeriodQuery } from "@/lib/schemas/reports";
import { AppError } from "@/lib/server/base/errors";
import { storeDate, storeDayStart } from "@/lib/server/shipping/dates";

// A period of the console's figures: whole days of the shop's calendar, from the first day's
// midnight in Chicago to the midnight after the last, and the period of the same length just before
// it, which the changes compare against. Days, not 24-hour blocks: a day of the clock change has 23
// or 25 hours, and an order at 23:30 on the last day belongs to it.

export interface DayRange {
  /** First and last day, inclusive. */
  from: string;
  to: string;
  /** Midnight before `from`, midnight after `to`. */
  start: Date;
  end: Date;
}

export interface ReportPeriod extends DayRange {
  preset: ReportPeriodPreset;
  days: number;
  previous: DayRange;
  /** The chart's step: a day, or a week past 90 days. */
  bucket: "day" | "week";
}

/** Past this many days the chart counts weeks instead of days. */
export const WEEKLY_AFTER_DAYS = 90;

export function dayRange(from: string, to: string): DayRange {
  return { from, to, start: storeDayStart(from), end: storeDayStart(addDays(to, 1)) };
}

/** The period `query` names, on the shop's calendar at `now`. */
export function resolvePeriod(query: ReportPeriodQuery, now: Date): ReportPeriod {
  const today = storeDate(now);
  const [from, to] = ((): [string, string] => {
    switch (query.period) {
      case "today":
        return [today, today];
      case "7d":
        return [addDays(today, -6), today];
      case "30d":
        return [addDays(today, -29), today];
      case "month":
        return [`${today.slice(0, 8)}01`, today];
      case "custom":
        return [query.from || today, query.to || today];
    }
  })();
  const days = daysBetween(from, to) + 1;
  if (days < 1) throw new AppError(422, "The first day comes before the last.");
  if (days > REPORT_MAX_DAYS) throw new AppError(422, `A period is at most ${REPORT_MAX_DAYS} days.`);
  return {
    preset: query.period,
    ...dayRange(from, to),
    days,
    previous: dayRange(addDays(from, -days), addDays(from, -1)),
    bucket: days > WEEKLY_AFTER_DAYS ? "week" : "day",
  };
}

/** The period as a file name's part: "2026-11-01_2026-11-27". */
export function periodSlug(period: DayRange): string {
  return `${period.from}_${period.to}`;
}
