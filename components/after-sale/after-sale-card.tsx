import { ListCard } from "@/components/ui/list-card";
import { afterSalePath } from "@/lib/config/routes";
import { afterSaleNumber, afterSaleTitle } from "@/lib/display/after-sale-display";
import { formatOrderDate, orderNumber } from "@/lib/display/order-display";
import type { AfterSale } from "@/lib/schemas/after-sale";
import { AfterSaleStatusBadge } from "./after-sale-status-badge";

/** One request in the list; the whole card opens its detail, the link names the request. */
export function AfterSaleCard({ request }: { request: AfterSale }) {
  return (
    <ListCard
      image={request.image}
      href={afterSalePath(request.afterSaleId)}
      title={`Request #${afterSaleNumber(request.afterSaleId)}`}
      badge={<AfterSaleStatusBadge status={request.status} />}
    >
      <p className="text-sm text-ink-soft">{afterSaleTitle(request)}</p>
      <p className="text-sm text-ink-muted">
        Opened <time dateTime={request.createdAt}>{formatOrderDate(request.createdAt)}</time> · Order #{orderNumber(request.orderId)}
      </p>
    </ListCard>
  );
}
