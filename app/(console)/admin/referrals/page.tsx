import type { Metadata } from "next";
import Link from "next/link";
import { ConsoleTable, EmptyNote, type ConsoleColumn } from "@/components/console/console-list";
import { ROUTES } from "@/lib/config/routes";
import { formatAmount } from "@/lib/rules/money";
import { requireOperatorPage } from "@/lib/server/auth/operator";
import { adminReferralReport } from "@/lib/server/orders";
import { TAP_TARGET } from "@/components/ui/tap-target";

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
    <section aria-labelledby="referrals-title">
      <h1 id="referrals-title" className="text-2xl font-bold text-ink">
        Referral codes
      </h1>
      <p className="mt-1 max-w-3xl text-sm text-ink-soft">
        Orders made after a visit through a <code>?c=</code> link. An order counts as paid once its payment went through, whatever happened
        to it afterwards; revenue is the total of those paid orders minus every refund made on them, so an order cancelled or returned in
        full adds nothing.
      </p>
      {rows.length === 0 ? (
        <EmptyNote>No order has come through a referral code yet.</EmptyNote>
      ) : (
        <ConsoleTable columns={COLUMNS} minWidth="narrow">
          {rows.map((row) => (
            <tr key={row.code}>
              <td className="px-3 py-2 font-mono">{row.code}</td>
              <td className="px-3 py-2 text-right tabular-nums">{row.orders}</td>
              <td className="px-3 py-2 text-right tabular-nums">{row.paidOrders}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatAmount(row.revenue)}</td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      <p className="mt-4 text-sm">
        <Link href={ROUTES.consoleOrders} className={`${TAP_TARGET} text-brand-700 underline`}>
          Search the orders
        </Link>
      </p>
    </section>
  );
}
