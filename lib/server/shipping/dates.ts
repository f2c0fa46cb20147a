import "server-only";
import { UPS_HOLIDAYS, type CarrierHoliday } from "@/lib/config/carrier-holidays";
import { STORE_TIME_ZONE } from "@/lib/config/store";

// Delivery dates count business days in the store's time zone (the Houston service centre), so an
// order placed late on a Friday evening in Texas is a Friday order whatever the server's zone.
// A business day is a weekday on which UPS delivers: weekends and the carrier's holidays
// (lib/config/carrier-holidays.ts, observed dates included) are skipped.

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: STORE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar day (YYYY-MM-DD) of an instant in the store's time zone. */
export function storeDate(instant: Date): string {
  return dayFormat.format(instant);
}

const clockFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: STORE_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** How far the store's wall clock is ahead of UTC at `instant` (negative in Chicago), in ms. */
function storeOffsetMs(instant: number): number {
  const parts = Object.fromEntries(clockFormat.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]));
  const wall = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a YYYY-MM-DD day begins in the store's time zone: midnight in Chicago, which is 05:00
 * or 06:00 UTC depending on daylight saving (a day of 23 or 25 hours when the clocks change).
 * The offset is asked twice, the second time at the first answer, so the day of a change is right.
 */
export function storeDayStart(day: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new Error(`Not a YYYY-MM-DD day: ${day}`);
  const wallMidnight = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const first = wallMidnight - storeOffsetMs(wallMidnight);
  return new Date(wallMidnight - storeOffsetMs(first));
}

// Calendar arithmetic runs at noon UTC, away from any day boundary.
function utcNoon(year: number, monthIndex: number, day: number): Date {
  return new Date(Date.UTC(year, monthIndex, day, 12));
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function holidayDate(holiday: CarrierHoliday, year: number): Date {
  const monthIndex = holiday.month - 1;
  if (holiday.kind === "date") {
    const date = utcNoon(year, monthIndex, holiday.day);
    const weekday = date.getUTCDay();
    // Observed on the nearest weekday: Saturday → Friday, Sunday → Monday.
    if (weekday === 6) date.setUTCDate(date.getUTCDate() - 1);
    if (weekday === 0) date.setUTCDate(date.getUTCDate() + 1);
    return date;
  }
  if (holiday.nth > 0) {
    const first = utcNoon(year, monthIndex, 1);
    const offset = (holiday.weekday - first.getUTCDay() + 7) % 7;
    return utcNoon(year, monthIndex, 1 + offset + (holiday.nth - 1) * 7);
  }
  const last = utcNoon(year, monthIndex + 1, 0);
  const back = (last.getUTCDay() - holiday.weekday + 7) % 7;
  return utcNoon(year, monthIndex, last.getUTCDate() - back + (holiday.nth + 1) * 7);
}

const holidaysByYear = new Map<number, ReadonlyMap<string, string>>();

/**
 * The carrier's days off that fall in `year` (YYYY-MM-DD → holiday name), observed dates included:
 * a New Year's Day on a Saturday is observed on December 31 of the year before.
 */
export function carrierHolidays(year: number): ReadonlyMap<string, string> {
  const known = holidaysByYear.get(year);
  if (known) return known;
  const days = new Map<string, string>();
  for (const candidateYear of [year, year + 1]) {
    for (const holiday of UPS_HOLIDAYS) {
      const date = holidayDate(holiday, candidateYear);
      if (date.getUTCFullYear() === year) days.set(isoDay(date), holiday.name);
    }
  }
  holidaysByYear.set(year, days);
  return days;
}

/** Whether UPS delivers on a YYYY-MM-DD day: a weekday that is not one of its holidays. */
export function isDeliveryDay(day: string): boolean {
  const date = new Date(`${day}T12:00:00Z`);
  const weekday = date.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !carrierHolidays(date.getUTCFullYear()).has(day);
}

/** A YYYY-MM-DD day plus `days` business days (weekends and carrier holidays skipped). */
export function addBusinessDays(day: string, days: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new Error(`Not a YYYY-MM-DD day: ${day}`);
  if (!Number.isInteger(days) || days < 0) throw new Error(`Business days must be a whole number >= 0, got ${days}`);
  const cursor = utcNoon(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  let left = days;
  while (left > 0) {
    cursor.setUTCDate(cursor.getUTCDate() + 1);
    if (isDeliveryDay(isoDay(cursor))) left -= 1;
  }
  return isoDay(cursor);
}
