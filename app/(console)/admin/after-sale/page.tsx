import type { Metadata } from "next";
import { ConsoleLink, ConsoleListPage, type ConsoleColumn, type ConsoleSearch } from "@/components/console/console-list";
import { AfterSaleStatusBadge } from "@/components/after-sale/after-sale-status-badge";
import { ROUTES, consoleAfterSalePath } from "@/lib/config/routes";
import { AFTER_SALE_FILTERS, AFTER_SALE_TYPE_LABELS, afterSaleNumber } from "@/lib/display/after-sale-display";
import { formatOrderDateTime } from "@/lib/display/order-display";
import { operatorAfterSaleListQuerySchema } from "@/lib/schemas/after-sale";
import { consoleListQuery, type SearchParams } from "@/lib/schemas/paging";
import { adminListAfterSales } from "@/lib/server/after-sale";
import { requireOperatorPage } from "@/lib/server/auth/operator";

export const metadata: Metadata = { title: "After-sale" };

const COLUMNS: readonly ConsoleColumn[] = [
  { label: "Request" },
  { label: "Opened" },
  { label: "Customer" },
  { label: "What" },
  { label: "Status" },
];

const SEARCH: ConsoleSearch = {
  action: ROUTES.consoleAfterSale,
  field: { name: "q", label: "Request or order number, customer e-mail or name", maxLength: 200 },
  statuses: AFTER_SALE_FILTERS,
  noun: { one: "request", many: "requests" },
};

export default async function ConsoleAfterSalePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const operator = await requireOperatorPage();
  const query = consoleListQuery(operatorAfterSaleListQuerySchema, await searchParams, ["q", "status"]);
  const { list, total } = await adminListAfterSales(operator, query);

  return (
    <ConsoleListPage
      titleId="after-sale-title"
      title="After-sale requests"
      searched={{ search: SEARCH, query, total }}
      columns={COLUMNS}
      gap="list"
      rowCount={list.length}
      empty="No requests match."
    >
      {list.map((request) => (
        <tr key={request.afterSaleId}>
          <td className="px-3 py-2">
            <ConsoleLink record href={consoleAfterSalePath(request.afterSaleId)}>
              {afterSaleNumber(request.afterSaleId)}
            </ConsoleLink>
          </td>
          <td className="px-3 py-2 text-ink-soft">{formatOrderDateTime(request.createdAt)}</td>
          <td className="px-3 py-2 break-all">{request.customer.email}</td>
          <td className="px-3 py-2">
            {AFTER_SALE_TYPE_LABELS[request.type]}: {request.quantity} × {request.name}
          </td>
          <td className="px-3 py-2">
            <AfterSaleStatusBadge status={request.status} />
          </td>
        </tr>
      ))}
    </ConsoleListPage>
  );
}
