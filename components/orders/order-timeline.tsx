import { Timeline } from "@/components/ui/timeline";
import { orderEventLabel, orderEventNote } from "@/lib/display/order-display";
import type { Order } from "@/lib/schemas/order";

/** What happened to the order, oldest first, each step with its date. */
export function OrderTimeline({ events }: { events: Order["timeline"] }) {
  return (
    <Timeline
      label="Order history"
      steps={events.map((event) => ({ title: orderEventLabel(event.type), at: event.at, note: orderEventNote(event) }))}
    />
  );
}
