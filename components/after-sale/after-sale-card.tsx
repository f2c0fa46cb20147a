import { Image } from "@/components/ui/image";
import { ShopLink } from "@/components/ui/shop-link";
import { afterSalePath } from "@/lib/config/routes";
import { afterSaleNumber, afterSaleTitle } from "@/lib/after-sale-display";
import { formatOrderDate, orderNumber } from "@/lib/order-display";
import type { AfterSale } from "@/lib/schemas/after-sale";
import { AfterSaleStatusBadge } from "./after-sale-status-badge";

/** One request in the list; the whole card opens its detail, the link names the request. */
export function AfterSaleCard({ request }: { request: AfterSale }) {
  return (
    <article className="group relative flex gap-4 rounded-2xl border border-line bg-white p-4 shadow-card desk:items-center desk:p-5">
      {request.image ? (
        <Image
          src={request.image}
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
            <ShopLink href={afterSalePath(request.afterSaleId)} className="after:absolute after:inset-0 group-hover:text-brand-700">
              Request #{afterSaleNumber(request.afterSaleId)}
            </ShopLink>
          </h2>
          <AfterSaleStatusBadge status={request.status} />
        </div>
        <p className="text-sm text-ink-soft">{afterSaleTitle(request)}</p>
        <p className="text-sm text-ink-muted">
          Opened <time dateTime={request.createdAt}>{formatOrderDate(request.createdAt)}</time> · Order #
          {orderNumber(request.orderId)}
        </p>
      </div>
    </article>
  );
}
