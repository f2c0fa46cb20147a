import type { Metadata } from "next";
import Link from "next/link";
import { ConsoleSearchForm, ConsoleTable, EmptyNote, ListPager, ResultCount, type ConsoleColumn } from "@/components/console/console-list";
import { AfterSaleStatusBadge } from "@/components/after-sale/after-sale-status-badge";
import { ROUTES, consoleAfterSalePath } from "@/lib/config/routes";
import { AFTER_SALE_FILTERS, AFTER_SALE_TYPE_LABELS, afterSaleNumber } from "@/lib/display/after-sale-display";
import { formatOrderDateTime } from "@/lib/display/order-display";
import { operatorAfterSaleListQuerySchema } from "@/lib/schemas/after-sale";
import { adminListAfterSales } from "@/lib/server/after-sale";
import { requireOperatorPage } from "@/lib/server/auth/operator";
import { TAP_TARGET } from "@/components/ui/tap-target";

export const metadata: Metadata = { title: "After-sale" };

const PAGE_SIZE = 25;

const COLUMNS: readonly ConsoleColumn[] = [
  { label: "Request" },
  { label: "Opened" },
  { label: "Customer" },
  { label: "What" },
  { label: "Status" },
];

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export default async function ConsoleAfterSalePage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requireOperatorPage();
  const raw = await searchParams;
  // A hand-typed bad filter shows the whole queue rather than an error page.
  const parsed = operatorAfterSaleListQuerySchema.safeParse({
    q: first(raw.q) || undefined,
    status: first(raw.status) || undefined,
    page: first(raw.page) ?? 1,
    pageSize: PAGE_SIZE,
  });
  const query = parsed.success ? parsed.data : operatorAfterSaleListQuerySchema.parse({ pageSize: PAGE_SIZE });
  const { list, total } = await adminListAfterSales(operator, query);
  const q = query.q ?? "";
  const status = query.status ?? "";
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <section aria-labelledby="after-sale-title">
      <h1 id="after-sale-title" className="text-2xl font-bold text-ink">
        After-sale requests
      </h1>
      <ConsoleSearchForm
        action={ROUTES.consoleAfterSale}
        queryLabel="Request or order number, customer e-mail or name"
        q={q}
        status={status}
        filters={AFTER_SALE_FILTERS}
      />

      <ResultCount total={total} one="request" many="requests" />
      {list.length === 0 ? (
        <EmptyNote>No requests match.</EmptyNote>
      ) : (
        <ConsoleTable columns={COLUMNS} gap="list">
          {list.map((request) => (
            <tr key={request.afterSaleId}>
              <td className="px-3 py-2">
                <Link
                  href={consoleAfterSalePath(request.afterSaleId)}
                  className={`${TAP_TARGET} font-medium text-brand-700 underline-offset-2 hover:underline`}
                >
                  {afterSaleNumber(request.afterSaleId)}
                </Link>
              </td>
              <td className="px-3 py-2 text-ink-soft">{formatOrderDateTime(request.createdAt)}</td>
              <td className="px-3 py-2 break-all">{request.customer.email}</td>
              <td className="px-3 py-2">
                {AFTER_SALE_TYPE_LABELS[request.type]}: {request.quantity} × {request.name}
              </td>
              <td className="px-3 py-2">
                <AfterSaleStatusBadge status={request.status} />
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      <ListPager base={ROUTES.consoleAfterSale} q={q} status={status} page={query.page} pageCount={pageCount} />
    </section>
  );
}
