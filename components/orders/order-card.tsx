import { ListCard } from "@/components/ui/list-card";
import { orderPath } from "@/lib/config/routes";
import { formatAmount } from "@/lib/rules/money";
import { formatOrderDate, orderLinesSummary, orderNumber } from "@/lib/display/order-display";
import type { OrderSummary } from "@/lib/schemas/order";
import { OrderStatusBadge } from "./order-status-badge";

/** One order in the list; the whole card opens its detail, the link names the order. */
export function OrderCard({ order }: { order: OrderSummary }) {
  return (
    <ListCard
      image={order.firstItem?.image}
      href={orderPath(order.orderId)}
      title={`Order #${orderNumber(order.orderId)}`}
      badge={<OrderStatusBadge status={order.status} />}
      aside={
        <p className="shrink-0 self-start text-base font-bold text-ink desk:self-center">
          <span className="sr-only">Total </span>
          {formatAmount(order.total)}
        </p>
      }
    >
      <p className="text-sm text-ink-muted">
        Placed <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
      </p>
      <p className="truncate text-sm text-ink-soft">{orderLinesSummary(order.firstItem?.name, order.lineCount)}</p>
      <p className="text-sm text-ink-muted">
        {order.itemCount} {order.itemCount === 1 ? "item" : "items"}
      </p>
    </ListCard>
  );
}
