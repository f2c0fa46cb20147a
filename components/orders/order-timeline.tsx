import { formatOrderDateTime, orderEventLabel, orderEventNote } from "@/lib/order-display";
import type { Order } from "@/lib/schemas/order";

/** What happened to the order, oldest first, each step with its date. */
export function OrderTimeline({ events }: { events: Order["timeline"] }) {
  return (
    <ol className="relative flex flex-col gap-5 border-l-2 border-line pl-5" aria-label="Order history">
      {events.map((event, index) => {
        const note = orderEventNote(event);
        return (
          <li key={`${event.type}-${event.at}-${index}`} className="relative">
            <span
              aria-hidden="true"
              className={`absolute -left-[27px] top-1 h-3 w-3 rounded-full ring-4 ring-white ${
                index === events.length - 1 ? "bg-brand-600" : "bg-brand-300"
              }`}
            />
            <p className="font-medium text-ink">{orderEventLabel(event.type)}</p>
            <p className="text-sm text-ink-muted">
              <time dateTime={event.at}>{formatOrderDateTime(event.at)}</time>
            </p>
            {note ? <p className="mt-1 text-sm text-ink-soft">{note}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}
