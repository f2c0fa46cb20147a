import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ButtonLink } from "@/components/ui/button-link";
import { EmptyOrder } from "@/components/ui/empty-order";
import { Container } from "@/components/ui/page";
import { ShopLink } from "@/components/ui/shop-link";
import { OrderCard } from "@/components/orders/order-card";
import { ListPagination, StatusFilters } from "@/components/ui/list-nav";
import { ROUTES } from "@/lib/config/routes";
import { listHref, ORDER_FILTERS, ORDERS_PAGE_SIZE, ORDER_STATUS_LABELS } from "@/lib/display/order-display";
import { orderStatusSchema } from "@/lib/schemas/order";
import { requireCustomerPage } from "@/lib/server/auth/page-session";
import { listOrders } from "@/lib/server/orders";
import { TAP_TARGET } from "@/components/ui/tap-target";

export const metadata: Metadata = {
  title: "My orders",
  robots: { index: false },
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The filter and page from the address; anything else falls back to all orders, page 1. */
function readQuery(query: Awaited<SearchParams>) {
  const status = orderStatusSchema.safeParse(single(query.status));
  const page = Number(single(query.page));
  return {
    status: status.success ? status.data : null,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

// Protected and per customer: the page checks the session itself and renders on every request.
// Filter and pages are links, so the list is server HTML that works with the keyboard and without
// waiting for JavaScript.
export default async function OrdersPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireCustomerPage();
  const { status, page } = readQuery(await searchParams);
  const { list, total } = await listOrders(user.id, { status: status ?? undefined, page, pageSize: ORDERS_PAGE_SIZE });
  const pageCount = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  if (page > pageCount) redirect(listHref(ROUTES.orders, status, pageCount));

  return (
    <Container className="py-10 desk:py-16">
      <ShopLink href={ROUTES.account} className={`${TAP_TARGET} text-sm font-medium text-brand-700 underline`}>
        Back to my account
      </ShopLink>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-ink">My orders</h1>
      <p className="mb-6 mt-2 text-ink-soft">
        {total === 0
          ? status
            ? `No orders are ${ORDER_STATUS_LABELS[status].toLowerCase()}.`
            : "You have not ordered anything yet."
          : `${total} ${total === 1 ? "order" : "orders"}${status ? ` ${ORDER_STATUS_LABELS[status].toLowerCase()}` : ""}.`}
      </p>
      <StatusFilters label="Filter orders by status" base={ROUTES.orders} filters={ORDER_FILTERS} current={status} />
      {list.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-line bg-white p-6">
          <EmptyOrder
            title={status ? `No orders ${ORDER_STATUS_LABELS[status].toLowerCase()}` : "No orders yet"}
            message={
              status
                ? "Orders with this status will appear here. Choose All to see every order."
                : "When you place an order, it will appear here."
            }
            action={<ButtonLink href={ROUTES.store}>Visit the store</ButtonLink>}
          />
        </div>
      ) : (
        <ul className="mt-6 flex flex-col gap-4">
          {list.map((order) => (
            <li key={order.orderId}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
      <ListPagination label="Order pages" base={ROUTES.orders} status={status} page={page} pageCount={pageCount} />
    </Container>
  );
}
