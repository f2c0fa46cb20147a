import type { Metadata } from "next";
import Link from "next/link";
import { ConsoleSearchForm, ConsoleTable, EmptyNote, ListPager, ResultCount, type ConsoleColumn } from "@/components/console/console-list";
import { OrderStatusBadge } from "@/components/orders/order-status-badge";
import { ROUTES, consoleOrderPath } from "@/lib/config/routes";
import { formatAmount } from "@/lib/rules/money";
import { ORDER_FILTERS, formatOrderDateTime, orderLinesSummary, orderNumber } from "@/lib/display/order-display";
import { operatorOrderListQuerySchema } from "@/lib/schemas/operator-order";
import { requireOperatorPage } from "@/lib/server/auth/operator";
import { adminListOrders } from "@/lib/server/orders";
import { TAP_TARGET } from "@/components/ui/tap-target";

export const metadata: Metadata = { title: "Orders" };

const PAGE_SIZE = 25;

const COLUMNS: readonly ConsoleColumn[] = [
  { label: "Order" },
  { label: "Placed" },
  { label: "Customer" },
  { label: "Items" },
  { label: "Total", numeric: true },
  { label: "Status" },
];

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export default async function ConsoleOrdersPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requireOperatorPage();
  const raw = await searchParams;
  // A hand-typed bad filter shows every order rather than an error page.
  const parsed = operatorOrderListQuerySchema.safeParse({
    q: first(raw.q) || undefined,
    status: first(raw.status) || undefined,
    page: first(raw.page) ?? 1,
    pageSize: PAGE_SIZE,
  });
  const query = parsed.success ? parsed.data : operatorOrderListQuerySchema.parse({ pageSize: PAGE_SIZE });
  const { list, total } = await adminListOrders(operator, query);
  const q = query.q ?? "";
  const status = query.status ?? "";
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title" className="text-2xl font-bold text-ink">
        Orders
      </h1>
      <ConsoleSearchForm
        action={ROUTES.consoleOrders}
        queryLabel="Order number, customer e-mail or name"
        q={q}
        status={status}
        filters={ORDER_FILTERS}
      />

      <ResultCount total={total} one="order" many="orders" />
      {list.length === 0 ? (
        <EmptyNote>No orders match.</EmptyNote>
      ) : (
        <ConsoleTable columns={COLUMNS} gap="list">
          {list.map((order) => (
            <tr key={order.orderId}>
              <td className="px-3 py-2">
                <Link
                  href={consoleOrderPath(order.orderId)}
                  className={`${TAP_TARGET} font-medium text-brand-700 underline-offset-2 hover:underline`}
                >
                  {orderNumber(order.orderId)}
                </Link>
              </td>
              <td className="px-3 py-2 text-ink-soft">{formatOrderDateTime(order.createdAt)}</td>
              <td className="px-3 py-2 break-all">{order.customer.email}</td>
              <td className="px-3 py-2 text-ink-soft">{orderLinesSummary(order.firstItem?.name, order.lineCount)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatAmount(order.total)}</td>
              <td className="px-3 py-2">
                <OrderStatusBadge status={order.status} />
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      <ListPager base={ROUTES.consoleOrders} q={q} status={status} page={query.page} pageCount={pageCount} />
    </section>
  );
}
