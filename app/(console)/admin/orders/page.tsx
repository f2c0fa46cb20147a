import type { Metadata } from "next";
import { RecordCell, numeric } from "@/components/console/console-list";
import { searchedListPage } from "../_parts/console-pages";
import { OrderStatusBadge } from "@/components/orders/order-status-badge";
import { ROUTES, consoleOrderPath } from "@/lib/config/routes";
import { formatAmount } from "@/lib/rules/money";
import { ORDER_FILTERS, formatOrderDateTime, orderLinesSummary, orderNumber } from "@/lib/display/order-display";
import { operatorOrderListQuerySchema } from "@/lib/schemas/operator-order";
import { operatorListOrders } from "@/lib/server/orders";

export const metadata: Metadata = { title: "Orders" };

export default searchedListPage(operatorOrderListQuerySchema, operatorListOrders, {
  route: ROUTES.consoleOrders,
  title: "Orders",
  search: { label: "Order number, customer e-mail or name", statuses: ORDER_FILTERS, one: "order", many: "orders" },
  columns: ["Order", "Placed", "Customer", "Items", numeric("Total"), "Status"],
  row: (order) => (
    <tr key={order.orderId}>
      <RecordCell href={consoleOrderPath(order.orderId)}>{orderNumber(order.orderId)}</RecordCell>
      <td className="px-3 py-2 text-ink-soft">{formatOrderDateTime(order.createdAt)}</td>
      <td className="px-3 py-2 break-all">{order.customer.email}</td>
      <td className="px-3 py-2 text-ink-soft">{orderLinesSummary(order.firstItem?.name, order.lineCount)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{formatAmount(order.total)}</td>
      <td className="px-3 py-2">
        <OrderStatusBadge status={order.status} />
      </td>
    </tr>
  ),
});
