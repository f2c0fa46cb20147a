import type { Metadata } from "next";
import { RecordCell } from "@/components/console/console-list";
import { searchedListPage } from "../_parts/console-pages";
import { AfterSaleStatusBadge } from "@/components/after-sale/after-sale-status-badge";
import { ROUTES, consoleAfterSalePath } from "@/lib/config/routes";
import { AFTER_SALE_FILTERS, AFTER_SALE_TYPE_LABELS, afterSaleNumber } from "@/lib/display/after-sale-display";
import { formatOrderDateTime } from "@/lib/display/order-display";
import { operatorAfterSaleListQuerySchema } from "@/lib/schemas/after-sale";
import { operatorListAfterSales } from "@/lib/server/after-sale";

export const metadata: Metadata = { title: "After-sale" };

export default searchedListPage(operatorAfterSaleListQuerySchema, operatorListAfterSales, {
  route: ROUTES.consoleAfterSale,
  title: "After-sale requests",
  search: { label: "Request or order number, customer e-mail or name", statuses: AFTER_SALE_FILTERS, one: "request", many: "requests" },
  columns: ["Request", "Opened", "Customer", "What", "Status"],
  row: (request) => (
    <tr key={request.afterSaleId}>
      <RecordCell href={consoleAfterSalePath(request.afterSaleId)}>{afterSaleNumber(request.afterSaleId)}</RecordCell>
      <td className="px-3 py-2 text-ink-soft">{formatOrderDateTime(request.createdAt)}</td>
      <td className="px-3 py-2 break-all">{request.customer.email}</td>
      <td className="px-3 py-2">
        {AFTER_SALE_TYPE_LABELS[request.type]}: {request.quantity} × {request.name}
      </td>
      <td className="px-3 py-2">
        <AfterSaleStatusBadge status={request.status} />
      </td>
    </tr>
  ),
});
