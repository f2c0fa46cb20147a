import { ShopLink } from "@/components/ui/shop-link";
import { ROUTES } from "@/lib/config/routes";
import { ORDER_FILTERS, ordersListHref } from "@/lib/order-display";
import type { OrderStatusValue } from "@/lib/schemas/order";

/** The status filter as plain links: each is a real address, reachable with Tab and Enter. */
export function OrderFilters({ current }: { current: OrderStatusValue | null }) {
  return (
    <nav aria-label="Filter orders by status">
      <ul className="flex gap-2 overflow-x-auto pb-2">
        {ORDER_FILTERS.map((filter) => {
          const active = filter.status === current;
          return (
            <li key={filter.label} className="shrink-0">
              <ShopLink
                href={ordersListHref(ROUTES.orders, filter.status, 1)}
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
