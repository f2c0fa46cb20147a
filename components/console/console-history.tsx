import type { ReactNode } from "react";
import { ConsoleTable, type ConsoleColumn } from "@/components/console/console-list";
import { formatOrderDateTime } from "@/lib/display/order-display";

/** A record section on a console detail page: its heading, then the record's table or empty note. */
export function HistorySection({ titleId, title, children }: { titleId: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The moment a record row happened, machine-readable for assistive tech and kept on one line. */
export function WhenCell({ at }: { at: string }) {
  return (
    <td className="px-3 py-2 whitespace-nowrap">
      <time dateTime={at}>{formatOrderDateTime(at)}</time>
    </td>
  );
}

/** A history table with the console's narrower minimum width: detail pages have less room. */
export function HistoryTable({ columns, children }: { columns: readonly ConsoleColumn[]; children: ReactNode }) {
  return (
    <ConsoleTable columns={columns} gap="tight" minWidth="medium">
      {children}
    </ConsoleTable>
  );
}

const ACTORS = { customer: "Customer", admin: "Operator", system: "System" } as const;
const TIMELINE_COLUMNS: readonly ConsoleColumn[] = [{ label: "When" }, { label: "What" }, { label: "Who" }, { label: "Note" }];

export type TimelineEvent = {
  type: string;
  actor: keyof typeof ACTORS;
  by?: string | null;
  note: string | null;
  at: string;
};

/**
 * Who did what to an order or an after-sale request, oldest first. `label` names an event type in
 * the record's own words (order and after-sale events share the shape, not the vocabulary).
 */
export function ConsoleTimeline({
  titleId,
  events,
  label,
}: {
  titleId: string;
  events: readonly TimelineEvent[];
  label: (type: string) => string;
}) {
  return (
    <HistorySection titleId={titleId} title="Timeline">
      <HistoryTable columns={TIMELINE_COLUMNS}>
        {events.map((event, index) => (
          <tr key={`${event.type}-${event.at}-${index}`}>
            <WhenCell at={event.at} />
            <td className="px-3 py-2">{label(event.type)}</td>
            <td className="px-3 py-2 break-all">
              {ACTORS[event.actor]}
              {event.by ? ` (${event.by})` : ""}
            </td>
            <td className="px-3 py-2 text-ink-soft">{event.note ?? ""}</td>
          </tr>
        ))}
      </HistoryTable>
    </HistorySection>
  );
}
