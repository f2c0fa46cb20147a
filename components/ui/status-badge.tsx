/**
 * A record's status as a pill. Each list keeps its own tones (every pair passes 4.5:1 on its
 * background); the word carries the meaning, not the colour.
 */
export function StatusBadge({ label, tone }: { label: string; tone: string }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold ${tone}`}>{label}</span>;
}
