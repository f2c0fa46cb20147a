import type { ReactNode } from "react";

// One figure of the overview with what it was in the period before, and the change between them in
// words as well as in sign, so the card reads the same without colour.

export function changeText(current: number, previous: number): string {
  if (current === previous) return "no change";
  if (previous === 0) return current > 0 ? "up from none" : "down from none";
  const percent = Math.round(((current - previous) / Math.abs(previous)) * 100);
  return `${percent >= 0 ? "up" : "down"} ${Math.abs(percent)}%`;
}

/** What one card shows: a figure, and optionally what it was in the period before and the change. */
export interface Stat {
  label: string;
  value: ReactNode;
  before?: ReactNode;
  change?: string;
}

/** A figure beside the period before it, both read the same way (as dollars, say), with the change between them. */
export function compared(label: string, current: number, previous: number, format: (value: number) => ReactNode = (value) => value): Stat {
  return { label, value: format(current), before: format(previous), change: changeText(current, previous) };
}

export function StatCard({ label, value, before, change }: Stat) {
  return (
    <div className="min-w-0 rounded-xl border border-line bg-white p-3 desk:p-4">
      <dt className="text-sm text-ink-soft">{label}</dt>
      <dd className="mt-1 break-words text-xl font-bold tabular-nums text-ink desk:text-2xl">{value}</dd>
      {before !== undefined ? (
        <dd className="mt-1 text-sm text-ink-soft">
          {change ? `${change} · ` : ""}
          before: <span className="tabular-nums">{before}</span>
        </dd>
      ) : null}
    </div>
  );
}

export function StatGrid({ children }: { children: ReactNode }) {
  return <dl className="mt-4 grid grid-cols-2 gap-3 desk:grid-cols-4">{children}</dl>;
}

/** A section's figures as a list, so the page names each card once rather than repeating its markup. */
export function StatCards({ stats }: { stats: readonly Stat[] }) {
  return (
    <StatGrid>
      {stats.map((stat) => (
        <StatCard key={stat.label} {...stat} />
      ))}
    </StatGrid>
  );
}
