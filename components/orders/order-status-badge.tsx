import { StatusBadge } from "@/components/ui/status-badge";
import { ORDER_STATUS_LABELS } from "@/lib/display/order-display";
import type { OrderStatusValue } from "@/lib/schemas/order";

// Colours pass 4.5:1 on their own backgrounds; the word carries the meaning, not the colour.
const tones: Readonly<Record<OrderStatusValue, string>> = {
  pending_payment: "bg-amber-100 text-amber-900",
  paid: "bg-brand-100 text-brand-800",
  shipped: "bg-brand-600 text-white",
  delivered: "bg-leaf-100 text-leaf-700",
  cancelled: "bg-canvas text-ink-soft ring-1 ring-line",
  refunded: "bg-canvas text-ink-soft ring-1 ring-line",
};

export function OrderStatusBadge({ status }: { status: OrderStatusValue }) {
  return <StatusBadge label={ORDER_STATUS_LABELS[status]} tone={tones[status]} />;
}
