// The console overview's CSV downloads: one call each under /api/v1/admin/reports (docs/api.md),
// for the period the overview shows. Client and server both read this list.

export const REPORT_EXPORT_NAMES = ["orders", "order-lines", "memberships", "after-sale", "filter-forecast"] as const;
export type ReportExportName = (typeof REPORT_EXPORT_NAMES)[number];

export const REPORT_EXPORTS: readonly { name: ReportExportName; label: string }[] = [
  { name: "orders", label: "Orders" },
  { name: "order-lines", label: "Order lines" },
  { name: "memberships", label: "Memberships" },
  { name: "after-sale", label: "After-sale requests" },
  { name: "filter-forecast", label: "Filter forecast" },
];

export function reportExportPath(name: ReportExportName): string {
  return `/api/v1/admin/reports/${name}`;
}
