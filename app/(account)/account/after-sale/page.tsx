import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ButtonLink } from "@/components/ui/button-link";
import { EmptyOrder } from "@/components/ui/empty-order";
import { Container } from "@/components/ui/page";
import { ShopLink } from "@/components/ui/shop-link";
import { AfterSaleCard } from "@/components/after-sale/after-sale-card";
import { ListPagination, StatusFilters } from "@/components/ui/list-nav";
import { AFTER_SALE_FILTERS, AFTER_SALE_PAGE_SIZE, AFTER_SALE_STATUS_LABELS } from "@/lib/display/after-sale-display";
import { listHref } from "@/lib/display/order-display";
import { ROUTES } from "@/lib/config/routes";
import { afterSaleStatusSchema } from "@/lib/schemas/after-sale";
import { requireCustomerPage } from "@/lib/server/auth/page-session";
import { listAfterSales } from "@/lib/server/after-sale";
import { TAP_TARGET } from "@/components/ui/tap-target";

export const metadata: Metadata = {
  title: "My after-sale requests",
  robots: { index: false },
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The filter and page from the address; anything else falls back to all requests, page 1. */
function readQuery(query: Awaited<SearchParams>) {
  const status = afterSaleStatusSchema.safeParse(single(query.status));
  const page = Number(single(query.page));
  return {
    status: status.success ? status.data : null,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

// Protected and per customer like the order list: server HTML with links for filter and pages.
export default async function AfterSaleListPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireCustomerPage();
  const { status, page } = readQuery(await searchParams);
  const { list, total } = await listAfterSales(user.id, { status: status ?? undefined, page, pageSize: AFTER_SALE_PAGE_SIZE });
  const pageCount = Math.max(1, Math.ceil(total / AFTER_SALE_PAGE_SIZE));
  if (page > pageCount) redirect(listHref(ROUTES.afterSale, status, pageCount));
  const statusWord = status ? AFTER_SALE_STATUS_LABELS[status].toLowerCase() : null;

  return (
    <Container className="py-10 desk:py-16">
      <ShopLink href={ROUTES.account} className={`${TAP_TARGET} text-sm font-medium text-brand-700 underline`}>
        Back to my account
      </ShopLink>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-ink">My after-sale requests</h1>
      <p className="mb-6 mt-2 text-ink-soft">
        {total === 0
          ? statusWord
            ? `No requests are ${statusWord}.`
            : "You have not asked for a return, refund, exchange or repair."
          : `${total} ${total === 1 ? "request" : "requests"}${statusWord ? ` ${statusWord}` : ""}.`}
      </p>
      <StatusFilters label="Filter requests by status" base={ROUTES.afterSale} filters={AFTER_SALE_FILTERS} current={status} />
      {list.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-line bg-white p-6">
          <EmptyOrder
            title={statusWord ? `No requests ${statusWord}` : "No after-sale requests yet"}
            message={
              statusWord
                ? "Requests with this status will appear here. Choose All to see every request."
                : "To ask for a return, refund, exchange or repair, open the order and choose Request after-sale service."
            }
            action={<ButtonLink href={ROUTES.orders}>Go to my orders</ButtonLink>}
          />
        </div>
      ) : (
        <ul className="mt-6 flex flex-col gap-4">
          {list.map((request) => (
            <li key={request.afterSaleId}>
              <AfterSaleCard request={request} />
            </li>
          ))}
        </ul>
      )}
      <ListPagination label="Request pages" base={ROUTES.afterSale} status={status} page={page} pageCount={pageCount} />
    </Container>
  );
}
