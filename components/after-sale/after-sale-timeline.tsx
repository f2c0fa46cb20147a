import { afterSaleEventLabel } from "@/lib/after-sale-display";
import { formatOrderDateTime } from "@/lib/order-display";
import type { AfterSale } from "@/lib/schemas/after-sale";

/** Each step of the request, oldest first, with its date and the note that came with it. */
export function AfterSaleTimeline({ events }: { events: AfterSale["timeline"] }) {
  return (
    <ol className="relative flex flex-col gap-5 border-l-2 border-line pl-5" aria-label="Request history">
      {events.map((event, index) => (
        <li key={`${event.type}-${event.at}-${index}`} className="relative">
          <span
            aria-hidden="true"
            className={`absolute -left-[27px] top-1 h-3 w-3 rounded-full ring-4 ring-white ${
              index === events.length - 1 ? "bg-brand-600" : "bg-brand-300"
            }`}
          />
          <p className="font-medium text-ink">{afterSaleEventLabel(event.type)}</p>
          <p className="text-sm text-ink-muted">
            <time dateTime={event.at}>{formatOrderDateTime(event.at)}</time>
          </p>
          {event.note ? <p className="mt-1 text-sm text-ink-soft">{event.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
