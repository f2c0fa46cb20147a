import { ShopLink } from "@/components/ui/shop-link";
import { ROUTES } from "@/lib/config/routes";
import { AFTER_SALE_FILTERS, afterSaleListHref } from "@/lib/after-sale-display";
import { pageWindow } from "@/lib/order-display";
import type { AfterSaleStatus } from "@/lib/schemas/after-sale";

/** The status filter as plain links: each is a real address, reachable with Tab and Enter. */
export function AfterSaleFilters({ current }: { current: AfterSaleStatus | null }) {
  return (
    <nav aria-label="Filter requests by status">
      <ul className="flex gap-2 overflow-x-auto pb-2">
        {AFTER_SALE_FILTERS.map((filter) => {
          const active = filter.status === current;
          return (
            <li key={filter.label} className="shrink-0">
              <ShopLink
                href={afterSaleListHref(ROUTES.afterSale, filter.status, 1)}
                aria-current={active ? "page" : undefined}
                className={`inline-flex h-10 items-center rounded-full px-4 text-sm font-medium ${
                  active ? "bg-brand-600 text-white" : "border border-line bg-white text-ink hover:bg-brand-50"
                }`}
              >
                {filter.label}
              </ShopLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const pageLink =
  "inline-flex h-10 min-w-10 items-center justify-center rounded-full border border-line bg-white px-3 text-sm font-medium text-ink hover:bg-brand-50";

/** Page numbers as links that keep the status filter; Previous and Next where there is one. */
export function AfterSalePagination({ status, page, pageCount }: { status: AfterSaleStatus | null; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const href = (target: number) => afterSaleListHref(ROUTES.afterSale, status, target);
  return (
    <nav aria-label="Request pages" className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <ShopLink href={href(page - 1)} className={pageLink} rel="prev">
              Previous
            </ShopLink>
          </li>
        ) : null}
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
        {page < pageCount ? (
          <li>
            <ShopLink href={href(page + 1)} className={pageLink} rel="next">
              Next
            </ShopLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
