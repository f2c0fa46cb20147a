/** One choice of a list's status filter: its word, and the status it keeps (null: all). */
export type StatusFilter<Status extends string> = { label: string; status: Status | null };

/**
 * A list's status filter: "All", then each status in the order given, in its display word. Built
 * from the statuses' own labels, so a new status or a reworded one reaches the filter too.
 */
export function statusFilters<Status extends string>(
  statuses: readonly Status[],
  labels: Readonly<Record<Status, string>>,
): readonly StatusFilter<Status>[] {
  return [{ label: "All", status: null }, ...statuses.map((status) => ({ label: labels[status], status }))];
}
