import { ShopLink } from "@/components/ui/shop-link";
import { ChevronLeftIcon, ChevronRightIcon } from "@/components/ui/icons";
import { pillClass } from "@/components/ui/pill";
import { listHref, pageWindow } from "@/lib/display/order-display";

// The navigation of the customer's lists (orders, after-sale requests): a status filter and page
// numbers, all plain links, so each view is an address reachable with Tab and Enter, no script.

interface StatusFiltersProps<S extends string> {
  /** The navigation's accessible name ("Filter orders by status"). */
  label: string;
  /** The list's own address. */
  base: string;
  filters: readonly { label: string; status: S | null }[];
  current: S | null;
}

export function StatusFilters<S extends string>({ label, base, filters, current }: StatusFiltersProps<S>) {
  return (
    <nav aria-label={label}>
      <ul className="flex gap-2 overflow-x-auto pb-2">
        {filters.map((filter) => {
          const active = filter.status === current;
          return (
            <li key={filter.label} className="shrink-0">
              <ShopLink href={listHref(base, filter.status, 1)} aria-current={active ? "page" : undefined} className={pillClass(active)}>
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
  "inline-flex h-11 min-w-11 items-center justify-center gap-1 rounded-full border border-line bg-white px-3 text-sm font-medium text-ink hover:bg-brand-50";
const disabledLink =
  "inline-flex h-11 min-w-11 items-center justify-center gap-1 rounded-full border border-line px-3 text-sm font-medium text-ink-muted";

interface ListPaginationProps<S extends string> {
  /** The navigation's accessible name ("Order pages"). */
  label: string;
  base: string;
  status: S | null;
  page: number;
  pageCount: number;
}

/** Previous / page numbers / Next, as links that keep the status filter. */
export function ListPagination<S extends string>({ label, base, status, page, pageCount }: ListPaginationProps<S>) {
  if (pageCount <= 1) return null;
  const href = (target: number) => listHref(base, status, target);
  return (
    <nav aria-label={label} className="mt-8">
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
