import { Timeline } from "@/components/ui/timeline";
import { afterSaleEventLabel, afterSaleEventNote } from "@/lib/display/after-sale-display";
import type { AfterSale } from "@/lib/schemas/after-sale";

/** Each step of the request, oldest first, with its date and the note that came with it. */
export function AfterSaleTimeline({ events }: { events: AfterSale["timeline"] }) {
  return (
    <Timeline
      label="Request history"
      steps={events.map((event) => ({ title: afterSaleEventLabel(event.type), at: event.at, note: afterSaleEventNote(event) }))}
    />
  );
}
