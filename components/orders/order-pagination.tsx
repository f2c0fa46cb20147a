import { ShopLink } from "@/components/ui/shop-link";
import { ChevronLeftIcon, ChevronRightIcon } from "@/components/ui/icons";
import { ROUTES } from "@/lib/config/routes";
import { ordersListHref, pageWindow } from "@/lib/order-display";
import type { OrderStatusValue } from "@/lib/schemas/order";

const pageLink =
  "inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-full border border-line bg-white px-3 text-sm font-medium text-ink hover:bg-brand-50";
const disabledLink =
  "inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-full border border-line px-3 text-sm font-medium text-ink-muted";

interface OrderPaginationProps {
  status: OrderStatusValue | null;
  page: number;
  pageCount: number;
}

/** Previous / page numbers / Next, as links that keep the status filter. */
export function OrderPagination({ status, page, pageCount }: OrderPaginationProps) {
  if (pageCount <= 1) return null;
  const href = (target: number) => ordersListHref(ROUTES.orders, status, target);
  return (
    <nav aria-label="Order pages" className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {page > 1 ? (
            <ShopLink href={href(page - 1)} className={pageLink} rel="prev">
              <ChevronLeftIcon width={16} height={16} aria-hidden="true" />
              Previous
            </ShopLink>
          ) : (
            <span className={disabledLink} aria-disabled="true">
              <ChevronLeftIcon width={16} height={16} aria-hidden="true" />
              Previous
            </span>
          )}
        </li>
        {pageWindow(page, pageCount).map((target, index) =>
          target === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-muted">
              …
            </li>
          ) : (
            <li key={target}>
              <ShopLink
                href={href(target)}
                aria-current={target === page ? "page" : undefined}
                aria-label={`Page ${target}`}
                className={target === page ? `${pageLink} border-brand-600 bg-brand-600 text-white hover:bg-brand-700` : pageLink}
              >
                {target}
              </ShopLink>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <ShopLink href={href(page + 1)} className={pageLink} rel="next">
              Next
              <ChevronRightIcon width={16} height={16} aria-hidden="true" />
            </ShopLink>
          ) : (
            <span className={disabledLink} aria-disabled="true">
              Next
              <ChevronRightIcon width={16} height={16} aria-hidden="true" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
