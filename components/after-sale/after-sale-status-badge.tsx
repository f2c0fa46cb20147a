import { StatusBadge } from "@/components/ui/status-badge";
import { AFTER_SALE_STATUS_LABELS } from "@/lib/display/after-sale-display";
import type { AfterSaleStatus } from "@/lib/schemas/after-sale";

// The same palette as the order badges (each pair passes 4.5:1); the word carries the meaning.
const tones: Readonly<Record<AfterSaleStatus, string>> = {
  pending_review: "bg-amber-100 text-amber-900",
  approved: "bg-brand-100 text-brand-800",
  returning: "bg-brand-600 text-white",
  received: "bg-brand-100 text-brand-800",
  completed: "bg-leaf-100 text-leaf-700",
  rejected: "bg-red-50 text-red-800 ring-1 ring-red-200",
  cancelled: "bg-canvas text-ink-soft ring-1 ring-line",
};

export function AfterSaleStatusBadge({ status }: { status: AfterSaleStatus }) {
  return <StatusBadge label={AFTER_SALE_STATUS_LABELS[status]} tone={tones[status]} />;
}
