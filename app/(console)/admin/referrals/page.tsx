import type { Metadata } from "next";
import { ConsoleLink, numeric } from "@/components/console/console-list";
import { consoleListPage } from "../_parts/console-pages";
import { ROUTES } from "@/lib/config/routes";
import { formatAmount } from "@/lib/rules/money";
import { operatorReferralReport } from "@/lib/server/orders";

export const metadata: Metadata = { title: "Referrals" };

export default consoleListPage({
  route: ROUTES.consoleReferrals,
  title: "Referral codes",
  intro: (
    <p className="mt-1 max-w-3xl text-sm text-ink-soft">
      Orders made after a visit through a <code>?c=</code> link. An order counts as paid once its payment went through, whatever happened to
      it afterwards; revenue is the total of those paid orders minus every refund made on them, so an order cancelled or returned in full
      adds nothing.
    </p>
  ),
  columns: ["Code", numeric("Orders"), numeric("Paid orders"), numeric("Revenue")],
  minWidth: "narrow",
  empty: "No order has come through a referral code yet.",
  after: (
    <p className="mt-4 text-sm">
      <ConsoleLink href={ROUTES.consoleOrders}>Search the orders</ConsoleLink>
    </p>
  ),
  load: async (operator) => ({ rows: await operatorReferralReport(operator) }),
  row: (row) => (
    <tr key={row.code}>
      <td className="px-3 py-2 font-mono">{row.code}</td>
      <td className="px-3 py-2 text-right tabular-nums">{row.orders}</td>
      <td className="px-3 py-2 text-right tabular-nums">{row.paidOrders}</td>
      <td className="px-3 py-2 text-right tabular-nums">{formatAmount(row.revenue)}</td>
    </tr>
  ),
});
