import type { ReactNode } from "react";
import { ConsoleTable, type ConsoleColumn } from "@/components/console/console-list";
import { formatOrderDateTime } from "@/lib/display/order-display";
import { RecordHeading } from "@/components/ui/record-heading";

/**
 * A section of a console detail page: its heading, then its content. `boxed`: framed, as the
 * actions and terms that stand apart from the record's facts.
 */
export function HistorySection({
  titleId,
  title,
  boxed = false,
  children,
}: {
  titleId: string;
  title: string;
  boxed?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className={boxed ? "rounded-xl border border-line p-4" : undefined}>
      <h2 id={titleId} className={`${boxed ? "mb-3 " : ""}text-lg font-semibold text-ink`}>
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
const TIMELINE_COLUMNS: readonly ConsoleColumn[] = ["When", "What", "Who", "Note"];

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

/**
 * A console record page (an order, an after-sale request): back to its list, title, status and
 * facts, the record's own sections (children), what the operator may do next, then its timeline.
 */
export function ConsoleRecord({
  id,
  title,
  back,
  status,
  facts,
  actions,
  events,
  label,
  children,
}: {
  /** Prefixes the ids of the title and the actions and timeline headings. */
  id: string;
  title: string;
  back: { href: string; label: string };
  status: ReactNode;
  facts: ReactNode;
  actions: ReactNode;
  events: readonly TimelineEvent[];
  label: (type: string) => string;
  children: ReactNode;
}) {
  return (
    <article aria-labelledby={`${id}-title`} className="flex flex-col gap-8">
      <RecordHeading dense back={back} titleId={`${id}-title`} title={title} status={status}>
        {facts}
      </RecordHeading>
      {children}
      <HistorySection titleId={`${id}-actions-title`} title="Actions" boxed>
        {actions}
      </HistorySection>
      <ConsoleTimeline titleId={`${id}-timeline-title`} events={events} label={label} />
    </article>
  );
}
