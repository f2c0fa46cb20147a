import { Image } from "@/components/ui/image";
import { ShopLink } from "@/components/ui/shop-link";
import { orderPath } from "@/lib/config/routes";
import { amountToCents, formatUsd } from "@/lib/money";
import { formatOrderDate, orderNumber } from "@/lib/order-display";
import type { OrderSummary } from "@/lib/schemas/order";
import { OrderStatusBadge } from "./order-status-badge";

/** One order in the list; the whole card opens its detail, the link names the order. */
export function OrderCard({ order }: { order: OrderSummary }) {
  return (
    <article className="group relative flex gap-4 rounded-2xl border border-line bg-white p-4 shadow-card desk:items-center desk:p-5">
      {order.firstItem?.image ? (
        <Image
          src={order.firstItem.image}
          alt=""
          width={96}
          height={96}
          className="h-20 w-20 shrink-0 rounded-xl border border-line object-cover desk:h-24 desk:w-24"
        />
      ) : (
        <div aria-hidden="true" className="h-20 w-20 shrink-0 rounded-xl bg-canvas desk:h-24 desk:w-24" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 className="text-base font-semibold text-ink">
            <ShopLink href={orderPath(order.orderId)} className="after:absolute after:inset-0 group-hover:text-brand-700">
              Order #{orderNumber(order.orderId)}
            </ShopLink>
          </h2>
          <OrderStatusBadge status={order.status} />
        </div>
        <p className="text-sm text-ink-muted">
          Placed <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
        </p>
        <p className="truncate text-sm text-ink-soft">
          {order.firstItem?.name ?? "Order"}
        </p>
        <p className="text-sm text-ink-muted">
          {order.itemCount} {order.itemCount === 1 ? "item" : "items"}
        </p>
      </div>
      <p className="shrink-0 self-start text-base font-bold text-ink desk:self-center">
        <span className="sr-only">Total </span>
        {formatUsd(amountToCents(order.total))}
      </p>
    </article>
  );
}
