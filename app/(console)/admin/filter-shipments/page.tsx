import type { Metadata } from "next";
import { ConsoleLink, ConsoleRows, type ConsoleColumn } from "@/components/console/console-list";
import { consoleListPage } from "../_parts/console-pages";
import { FILTER_SCHEDULE } from "@/lib/config/filter-shipments";
import { ROUTES, consoleOrderPath } from "@/lib/config/routes";
import { formatScheduleDay } from "@/lib/display/filter-schedule-display";
import { ORDER_STATUS_LABELS, orderNumber } from "@/lib/display/order-display";
import { operatorFilterSchedule, type OperatorFilterShipment, type OperatorShipmentState } from "@/lib/server/filter-shipments";

export const metadata: Metadata = { title: "Upcoming filter shipments" };

const STATE_LABELS: Readonly<Record<OperatorShipmentState, string>> = {
  scheduled: "Scheduled",
  postponed: "Postponed",
  skipped: "Skipped by the member",
  ordered: "Ordered",
};

// The columns of ScheduleCells, which both tables start with after their own date.
const SCHEDULE_COLUMNS: readonly ConsoleColumn[] = ["Due", "Purifier", "Member", "Filters"];
const UPCOMING_COLUMNS: readonly ConsoleColumn[] = ["Order date", ...SCHEDULE_COLUMNS, "Status"];
const ORDERED_COLUMNS: readonly ConsoleColumn[] = ["Ordered on", ...SCHEDULE_COLUMNS, "Order"];

function Due({ row }: { row: OperatorFilterShipment }) {
  if (row.shipFor === row.dueOn) return <>{formatScheduleDay(row.dueOn)}</>;
  return (
    <>
      {formatScheduleDay(row.shipFor)}
      <span className="block text-xs text-ink-muted">was {formatScheduleDay(row.dueOn)}</span>
    </>
  );
}

/** The cells both tables start with: when the order is made, the due day, the unit, who and what. */
function ScheduleCells({ row }: { row: OperatorFilterShipment }) {
  return (
    <>
      <td className="px-3 py-2 whitespace-nowrap">{formatScheduleDay(row.orderOn)}</td>
      <td className="px-3 py-2 whitespace-nowrap">
        <Due row={row} />
      </td>
      <td className="px-3 py-2">{row.serial ?? "No serial yet"}</td>
      <td className="px-3 py-2 break-all">{row.customerEmail}</td>
      <td className="px-3 py-2">{row.filters.join(", ")}</td>
    </>
  );
}

/** The filter orders the job already made: shipped as any order, each linked to its order. */
function OrderedShipments({ ordered }: { ordered: readonly OperatorFilterShipment[] }) {
  return (
    <>
      <h2 className="mt-10 text-xl font-semibold text-ink">Filter orders made in the last {FILTER_SCHEDULE.consoleWeeks} weeks</h2>
      <ConsoleRows columns={ORDERED_COLUMNS} rowCount={ordered.length} empty="No filter orders yet.">
        {ordered.map((row) => (
          <tr key={`${row.purifierId}-${row.dueOn}`}>
            <ScheduleCells row={row} />
            <td className="px-3 py-2">
              {row.orderId ? <ConsoleLink href={consoleOrderPath(row.orderId)}>#{orderNumber(row.orderId)}</ConsoleLink> : "—"}
              {row.orderStatus ? <span className="block text-xs text-ink-muted">{ORDER_STATUS_LABELS[row.orderStatus]}</span> : null}
            </td>
          </tr>
        ))}
      </ConsoleRows>
    </>
  );
}

// The members' filter schedule as the job will act on it: what it orders in the coming weeks (with
// the members' skips and postponements), then the filter orders it already made, to ship as usual.
export default consoleListPage({
  route: ROUTES.consoleFilterShipments,
  title: "Upcoming filter shipments",
  columns: UPCOMING_COLUMNS,
  empty: `No filter orders are due in the next ${FILTER_SCHEDULE.consoleWeeks} weeks.`,
  load: async (operator) => {
    const schedule = await operatorFilterSchedule(operator);
    return {
      rows: schedule.upcoming,
      intro: (
        <p className="mt-2 text-ink-soft">
          Members&apos; filter orders are made {FILTER_SCHEDULE.orderLeadDays} days before each filter is due, free of charge. Shown: order
          dates until {formatScheduleDay(schedule.until)} (earlier ones are made on the next run).
        </p>
      ),
      after: <OrderedShipments ordered={schedule.ordered} />,
    };
  },
  row: (row) => (
    <tr key={`${row.purifierId}-${row.dueOn}`}>
      <ScheduleCells row={row} />
      <td className="px-3 py-2">{STATE_LABELS[row.state]}</td>
    </tr>
  ),
});
