import type { Metadata } from "next";
import { ConsoleLink, ConsoleListPage, type ConsoleColumn } from "@/components/console/console-list";
import { ROUTES } from "@/lib/config/routes";
import { formatAmount } from "@/lib/rules/money";
import { requireOperatorPage } from "@/lib/server/auth/operator";
import { adminReferralReport } from "@/lib/server/orders";

export const metadata: Metadata = { title: "Referrals" };

const COLUMNS: readonly ConsoleColumn[] = [
  { label: "Code" },
  { label: "Orders", numeric: true },
  { label: "Paid orders", numeric: true },
  { label: "Revenue", numeric: true },
];

export default async function ConsoleReferralsPage() {
  const operator = await requireOperatorPage();
  const rows = await adminReferralReport(operator);
  return (
    <ConsoleListPage
      titleId="referrals-title"
      title="Referral codes"
      intro={
        <p className="mt-1 max-w-3xl text-sm text-ink-soft">
          Orders made after a visit through a <code>?c=</code> link. An order counts as paid once its payment went through, whatever
          happened to it afterwards; revenue is the total of those paid orders minus every refund made on them, so an order cancelled or
          returned in full adds nothing.
        </p>
      }
      columns={COLUMNS}
      minWidth="narrow"
      rowCount={rows.length}
      empty="No order has come through a referral code yet."
      after={
        <p className="mt-4 text-sm">
          <ConsoleLink href={ROUTES.consoleOrders}>Search the orders</ConsoleLink>
        </p>
      }
    >
      {rows.map((row) => (
        <tr key={row.code}>
          <td className="px-3 py-2 font-mono">{row.code}</td>
          <td className="px-3 py-2 text-right tabular-nums">{row.orders}</td>
          <td className="px-3 py-2 text-right tabular-nums">{row.paidOrders}</td>
          <td className="px-3 py-2 text-right tabular-nums">{formatAmount(row.revenue)}</td>
        </tr>
      ))}
    </ConsoleListPage>
  );
}
