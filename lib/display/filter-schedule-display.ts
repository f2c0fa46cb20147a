// How the filter schedule's calendar days read on pages and in e-mails: "Feb 28, 2027". The days
// are the shop's calendar days already (no zone), so they are formatted as UTC midnights.

const dayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** A YYYY-MM-DD calendar day as "Feb 28, 2027". */
export function formatScheduleDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** Names joined as a sentence says them: "A", "A and B", "A, B and C". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1] ?? ""}`;
}
