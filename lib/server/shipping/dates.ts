import "server-only";
import { STORE_TIME_ZONE } from "@/lib/config/store";

// Delivery dates count business days in the store's time zone (the Houston service centre), so an
// order placed late on a Friday evening in Texas is a Friday order whatever the server's zone.
// Weekends are skipped; public holidays are not modelled (UPS runs on most of them), so a date
// next to a holiday can be a day early: the page calls it an estimate.

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

/** A YYYY-MM-DD day plus `days` business days (Saturday and Sunday skipped). */
export function addBusinessDays(day: string, days: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new Error(`Not a YYYY-MM-DD day: ${day}`);
  if (!Number.isInteger(days) || days < 0) throw new Error(`Business days must be a whole number >= 0, got ${days}`);
  // Noon UTC keeps the arithmetic away from any day boundary.
  const cursor = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  let left = days;
  while (left > 0) {
    cursor.setUTCDate(cursor.getUTCDate() + 1);
    const weekday = cursor.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return cursor.toISOString().slice(0, 10);
}
