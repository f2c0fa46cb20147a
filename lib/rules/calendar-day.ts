// Calendar days ("2026-11-25") and their arithmetic. A filter falls due, a shipment is planned and a
// reminder is sent on a day in the shop's time zone, not at an instant, so these dates carry no time
// and no zone: the instant → day step is `storeDate` (lib/server/shipping/dates.ts) and happens once,
// where the clock is read. Pure, for server and browser alike.

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

function parse(day: string): { year: number; monthIndex: number; date: number } {
  const match = DAY_PATTERN.exec(day);
  if (!match) throw new Error(`Not a YYYY-MM-DD day: ${day}`);
  const year = Number(match[1]);
  const monthIndex = Number(match[2]) - 1;
  const date = Number(match[3]);
  const check = new Date(Date.UTC(year, monthIndex, date));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== monthIndex || check.getUTCDate() !== date) {
    throw new Error(`Not a calendar day: ${day}`);
  }
  return { year, monthIndex, date };
}

function format(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Whether `value` is a real YYYY-MM-DD calendar day (no Feb 30). */
export function isCalendarDay(value: string): boolean {
  try {
    parse(value);
    return true;
  } catch {
    return false;
  }
}

/** `day` plus `days` days (negative goes back). */
export function addDays(day: string, days: number): string {
  const { year, monthIndex, date } = parse(day);
  return format(new Date(Date.UTC(year, monthIndex, date + days)));
}

/**
 * `day` plus `months` calendar months, kept at the month's last day when that month is shorter:
 * Aug 31 + 6 months is Feb 28 (Feb 29 in a leap year), never Mar 3.
 */
export function addCalendarMonths(day: string, months: number): string {
  const { year, monthIndex, date } = parse(day);
  const target = new Date(Date.UTC(year, monthIndex + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return format(target);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = parse(from);
  const b = parse(to);
  return Math.round((Date.UTC(b.year, b.monthIndex, b.date) - Date.UTC(a.year, a.monthIndex, a.date)) / MS_PER_DAY);
}

/** The later of two days. */
export function laterDay(a: string, b: string): string {
  return a >= b ? a : b;
}
