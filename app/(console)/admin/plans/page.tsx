import type { Metadata } from "next";
import Link from "next/link";
import { pillClass } from "@/components/ui/pill";
import { ConsoleLink } from "@/components/console/console-list";
import { consoleListPage } from "../_parts/console-pages";
import { ROUTES, consoleOrderPath } from "@/lib/config/routes";
import { formatOrderDate } from "@/lib/display/order-display";
import { operatorListPlans, type OperatorPlanStatus } from "@/lib/server/memberships/operator";
import { CancelMembershipButton } from "@/components/console/cancel-membership-button";

export const metadata: Metadata = { title: "Plans" };

const KIND_FILTERS = [
  { label: "All", kind: undefined },
  { label: "Memberships", kind: "membership" },
  { label: "Care plans", kind: "care" },
] as const;

const STATUS_LABELS: Readonly<Record<OperatorPlanStatus, string>> = {
  active: "Active",
  scheduled: "Starts later",
  past_due: "Renewal failing",
  expired: "Ended",
  cancelled: "Cancelled",
};

/** Memberships, care plans or both, as links: the filter is part of the page's address. */
function KindFilter({ current }: { current: (typeof KIND_FILTERS)[number] }) {
  return (
    <nav aria-label="Filter plans" className="mt-4">
      <ul className="flex gap-2">
        {KIND_FILTERS.map((item) => (
          <li key={item.label}>
            <Link
              href={item.kind ? `${ROUTES.consolePlans}?kind=${item.kind}` : ROUTES.consolePlans}
              aria-current={item === current ? "page" : undefined}
              className={pillClass(item === current)}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default consoleListPage({
  route: ROUTES.consolePlans,
  title: "Memberships and care plans",
  columns: ["Customer", "Plan", "Status", "Starts", "Ends", "Next renewal", "Card", "Order", "Action"],
  empty: "No plans yet.",
  load: async (operator, search) => {
    const filter = KIND_FILTERS.find((item) => item.kind !== undefined && item.kind === search.kind) ?? KIND_FILTERS[0];
    return { rows: await operatorListPlans(operator, filter.kind), intro: <KindFilter current={filter} /> };
  },
  row: (plan) => (
    <tr key={plan.id}>
      <td className="px-3 py-2 break-all">{plan.customerEmail}</td>
      <td className="px-3 py-2">
        {plan.planName}
        <span className="block text-xs text-ink-muted">{plan.kind === "care" ? "Care plan" : "Membership"}</span>
      </td>
      <td className="px-3 py-2">
        {STATUS_LABELS[plan.status]}
        {plan.renewalAttempts > 0 && plan.status === "past_due" ? (
          <span className="block text-xs text-red-800">
            {plan.renewalAttempts} failed {plan.renewalAttempts === 1 ? "try" : "tries"}
            {plan.lastRenewalFailure ? `: ${plan.lastRenewalFailure}` : ""}
          </span>
        ) : null}
        {plan.cancelledAt ? (
          <span className="block text-xs text-ink-muted">
            Cancelled {formatOrderDate(plan.cancelledAt)}
            {plan.cancelledBy ? ` by ${plan.cancelledBy}` : ""}
          </span>
        ) : null}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{formatOrderDate(plan.startsAt)}</td>
      <td className="px-3 py-2 whitespace-nowrap">{formatOrderDate(plan.endsAt)}</td>
      <td className="px-3 py-2 whitespace-nowrap">{plan.nextRenewalAt ? formatOrderDate(plan.nextRenewalAt) : "—"}</td>
      <td className="px-3 py-2 whitespace-nowrap">{plan.card ?? "—"}</td>
      <td className="px-3 py-2">{plan.orderId ? <ConsoleLink href={consoleOrderPath(plan.orderId)}>View order</ConsoleLink> : "—"}</td>
      <td className="px-3 py-2">
        {plan.canCancel ? (
          <CancelMembershipButton membershipId={plan.id} customerEmail={plan.customerEmail} yearly={plan.yearly} endsAt={plan.endsAt} />
        ) : null}
      </td>
    </tr>
  ),
});
