import type { Metadata } from "next";
import { ConsoleLink, ConsoleListPage, type ConsoleColumn, type ConsoleSearch } from "@/components/console/console-list";
import { OrderStatusBadge } from "@/components/orders/order-status-badge";
import { ROUTES, consoleOrderPath } from "@/lib/config/routes";
import { formatAmount } from "@/lib/rules/money";
import { ORDER_FILTERS, formatOrderDateTime, orderLinesSummary, orderNumber } from "@/lib/display/order-display";
import { operatorOrderListQuerySchema } from "@/lib/schemas/operator-order";
import { consoleListQuery, type SearchParams } from "@/lib/schemas/paging";
import { requireOperatorPage } from "@/lib/server/auth/operator";
import { adminListOrders } from "@/lib/server/orders";

export const metadata: Metadata = { title: "Orders" };

const COLUMNS: readonly ConsoleColumn[] = [
  { label: "Order" },
  { label: "Placed" },
  { label: "Customer" },
  { label: "Items" },
  { label: "Total", numeric: true },
  { label: "Status" },
];

const SEARCH: ConsoleSearch = {
  action: ROUTES.consoleOrders,
  field: { name: "q", label: "Order number, customer e-mail or name", maxLength: 200 },
  statuses: ORDER_FILTERS,
  noun: { one: "order", many: "orders" },
};

export default async function ConsoleOrdersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const operator = await requireOperatorPage();
  const query = consoleListQuery(operatorOrderListQuerySchema, await searchParams, ["q", "status"]);
  const { list, total } = await adminListOrders(operator, query);

  return (
    <ConsoleListPage
      titleId="orders-title"
      title="Orders"
      searched={{ search: SEARCH, query, total }}
      columns={COLUMNS}
      gap="list"
      rowCount={list.length}
      empty="No orders match."
    >
      {list.map((order) => (
        <tr key={order.orderId}>
          <td className="px-3 py-2">
            <ConsoleLink record href={consoleOrderPath(order.orderId)}>
              {orderNumber(order.orderId)}
            </ConsoleLink>
          </td>
          <td className="px-3 py-2 text-ink-soft">{formatOrderDateTime(order.createdAt)}</td>
          <td className="px-3 py-2 break-all">{order.customer.email}</td>
          <td className="px-3 py-2 text-ink-soft">{orderLinesSummary(order.firstItem?.name, order.lineCount)}</td>
          <td className="px-3 py-2 text-right tabular-nums">{formatAmount(order.total)}</td>
          <td className="px-3 py-2">
            <OrderStatusBadge status={order.status} />
          </td>
        </tr>
      ))}
    </ConsoleListPage>
  );
}
