import type { Metadata } from "next";
import type { ReactNode } from "react";
import { connection } from "next/server";
import { Button } from "@/components/ui/button";
import { ChartFigure, FigureTable, LegendEntry } from "@/components/console/overview/chart-figure";
import { DEMAND_SWATCHES, DemandChart } from "@/components/console/overview/demand-chart";
import { FunnelChart } from "@/components/console/overview/funnel-chart";
import { RevenueChart } from "@/components/console/overview/revenue-chart";
import { compared, StatCards } from "@/components/console/overview/stat-card";
import { ROUTES } from "@/lib/config/routes";
import { formatUsd } from "@/lib/rules/money";
import { REPORT_EXPORTS, reportExportPath } from "@/lib/config/report-exports";
import { REPORT_PERIOD_LABELS, REPORT_PERIODS, reportPeriodQuerySchema, type ReportPeriodQuery } from "@/lib/schemas/reports";
import type { SearchParams } from "@/lib/schemas/paging";
import { requireOperatorPage } from "@/lib/server/auth/operator";
import { operatorOverview, type SalesFigures } from "@/lib/server/reports/overview";

// Absolute: the layout's "· Operator console" template names the pages under it, not its own page.
export const metadata: Metadata = { title: { absolute: "Overview · Operator console" } };

// The console's first page: how the business went in a period, beside the period before it, and
// the filters the schedule will need. Rendered on the server for each request and each operator
// (nothing cached across them), its charts are SVG drawn here, each with its figures in a table.

const AFTER_SALE_STATUS_LABELS: Readonly<Record<string, string>> = {
  pending_review: "Waiting for review",
  approved: "Approved",
  returning: "On its way back",
  received: "Received",
};

/** The sales cards in their order, each figure beside the period before's. */
const SALES_STATS: readonly { label: string; key: keyof SalesFigures; format?: (value: number) => string }[] = [
  { label: "Net revenue", key: "netCents", format: formatUsd },
  { label: "Gross sales", key: "grossCents", format: formatUsd },
  { label: "Refunds", key: "refundCents", format: formatUsd },
  { label: "Orders", key: "orders" },
  { label: "Average order", key: "averageOrderCents", format: formatUsd },
  { label: "Tax collected", key: "taxCents", format: formatUsd },
  { label: "Shipping charged", key: "shippingCents", format: formatUsd },
];

const STEP_LABELS = { cartsStarted: "Carts started", checkouts: "Checkouts", paid: "Paid orders" } as const;

function share(value: number | null): string {
  return value === null ? "–" : `${Math.round(value * 1000) / 10}%`;
}

function shortDay(day: string): string {
  const [, month = "", date = ""] = day.split("-");
  return `${Number(month)}/${Number(date)}`;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function hours(value: number | null): string {
  if (value === null) return "–";
  return value < 48 ? `${Math.round(value * 10) / 10} h` : `${Math.round((value / 24) * 10) / 10} days`;
}

/** A part of the overview: its landmark is named by its heading, so the two ids are written once, here. */
function Section({ id, title, className = "mt-10", children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className={className}>
      <h2 id={`${id}-title`} className="text-xl font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default async function ConsoleOverview({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await connection();
  const operator = await requireOperatorPage();
  const params = await searchParams;
  const raw = { period: single(params.period) || undefined, from: single(params.from), to: single(params.to) };
  const parsed = reportPeriodQuerySchema.safeParse(raw);
  const query: ReportPeriodQuery = parsed.success ? parsed.data : { period: "30d" };
  const overview = await operatorOverview(operator, query);
  const { period, sales, membership, afterSale, funnel, forecast } = overview;
  const now = sales.current;
  const before = sales.previous;
  const members = membership.current;
  const exportQuery = new URLSearchParams({ period: period.preset, from: period.from, to: period.to }).toString();
  const stepRows = (Object.keys(STEP_LABELS) as (keyof typeof STEP_LABELS)[]).map((key, index) => [
    STEP_LABELS[key],
    funnel.current[key],
    funnel.previous[key],
    index === 0 ? "–" : share(index === 1 ? funnel.current.checkoutShare : funnel.current.paidShare),
  ]);
  return (
    <div>
      <h1 id="overview-title" className="text-2xl font-bold text-ink">
        Overview
      </h1>
      <p className="mt-1 text-sm text-ink-soft">
        {period.from === period.to ? period.from : `${period.from} to ${period.to}`} ({period.days} {period.days === 1 ? "day" : "days"},
        Chicago time), compared with {period.previous.from} to {period.previous.to}.
      </p>
      <form method="get" action={ROUTES.console} className="mt-4 flex flex-wrap items-end gap-3" aria-label="Choose the period">
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          Period
          <select
            name="period"
            defaultValue={period.preset}
            className="h-11 rounded-lg border border-line bg-white px-3 text-base font-normal"
          >
            {REPORT_PERIODS.map((preset) => (
              <option key={preset} value={preset}>
                {REPORT_PERIOD_LABELS[preset]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          From (custom)
          <input
            type="date"
            name="from"
            defaultValue={period.from}
            className="h-11 rounded-lg border border-line px-3 text-base font-normal"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          To (custom)
          <input type="date" name="to" defaultValue={period.to} className="h-11 rounded-lg border border-line px-3 text-base font-normal" />
        </label>
        <Button type="submit" className="h-11 px-5 text-sm">
          Show
        </Button>
      </form>
      {parsed.success ? null : (
        <p role="alert" className="mt-3 text-sm text-ink">
          {parsed.error.issues[0]?.message ?? "That period is not valid."} Showing the last 30 days.
        </p>
      )}
      <nav aria-label="Downloads" className="mt-3 flex flex-wrap gap-x-4 text-sm">
        {REPORT_EXPORTS.map((item) => (
          <a
            key={item.name}
            href={`${reportExportPath(item.name)}?${exportQuery}`}
            // 44 px tall, as every target on the phone is (e2e/tap-targets.spec.ts).
            className="inline-flex min-h-11 items-center text-brand-700 underline"
          >
            {item.label} (CSV)
          </a>
        ))}
      </nav>

      <Section id="sales" title="Sales" className="mt-8">
        <StatCards stats={SALES_STATS.map(({ label, key, format }) => compared(label, now[key], before[key], format))} />
        <ChartFigure
          id="revenue"
          title={`Net revenue and orders per ${period.bucket}`}
          intro="Net revenue: what was paid minus what went back that day (bars below the line: more refunded than sold)."
          chart={
            <RevenueChart
              titleId="revenue-title"
              points={overview.series.map((point) => ({ label: shortDay(point.from), netCents: point.netCents, orders: point.orders }))}
            />
          }
          legend={
            <>
              <LegendEntry swatch="bg-brand-600">Net revenue (left scale)</LegendEntry>
              <LegendEntry swatch="bg-leaf-700">Orders (right scale)</LegendEntry>
            </>
          }
          table={
            <FigureTable
              caption={`Net revenue and orders per ${period.bucket}`}
              columns={[period.bucket === "week" ? "Week from" : "Day", "Net revenue", "Orders"]}
              rows={overview.series.map((point) => [point.from, formatUsd(point.netCents), point.orders])}
            />
          }
        />
        <h3 className="mt-6 text-base font-semibold text-ink">Units by product</h3>
        {overview.units.length === 0 ? (
          <p className="mt-2 text-sm text-ink-soft">Nothing was sold in this period.</p>
        ) : (
          <div className="mt-2">
            <FigureTable
              caption="Units sold by product"
              columns={["Product", "SKU", "Units", "Sales"]}
              numericFrom={2}
              rows={overview.units.map((line) => [line.name, line.sku, line.units, formatUsd(line.salesCents)])}
            />
          </div>
        )}
      </Section>

      <Section id="funnel" title="Funnel">
        <ChartFigure
          id="funnel-chart"
          title="Carts started, checkouts and paid orders"
          intro="Counted on the server as they happen, with no cookie and nothing about who. Buy now skips the cart, so checkouts may outnumber carts."
          chart={
            <FunnelChart
              titleId="funnel-chart-title"
              steps={(Object.keys(STEP_LABELS) as (keyof typeof STEP_LABELS)[]).map((key) => ({
                label: STEP_LABELS[key],
                count: funnel.current[key],
              }))}
            />
          }
          table={<FigureTable caption="Funnel steps" columns={["Step", "Count", "Before", "Of the step before"]} rows={stepRows} />}
        />
      </Section>

      <Section id="members" title="Membership">
        <StatCards
          stats={[
            compared("Active members", members.activeMembers, members.activeMembersAtStart),
            compared("Monthly recurring revenue", members.mrrCents, members.mrrAtStartCents, formatUsd),
            compared("New members", members.newMembers, membership.previous.newMembers),
            compared("Cancelled", members.cancelled, membership.previous.cancelled),
            compared("Lapsed", members.lapsed, membership.previous.lapsed),
            { label: "Churn", value: share(members.churn), before: share(membership.previous.churn) },
            { label: "Renewals due in 30 days", value: `${members.renewalsDue.count} · ${formatUsd(members.renewalsDue.amountCents)}` },
            { label: "Lenwell Care plans active", value: members.carePlansActive },
          ]}
        />
        <h3 className="mt-6 text-base font-semibold text-ink">Renewals stuck</h3>
        {members.awaitingBank.length + members.failing.length === 0 ? (
          <p className="mt-2 text-sm text-ink-soft">No renewal waits on the bank or fails.</p>
        ) : (
          <div className="mt-2">
            <FigureTable
              caption="Renewals waiting on the bank or failing"
              columns={["Plan", "State", "Days since due", "Tries", "Bank's answer"]}
              numericFrom={2}
              rows={[
                ...members.awaitingBank.map((row) => [
                  row.sku,
                  "Waits for the member's bank",
                  row.ageDays,
                  row.attempts,
                  row.lastFailure ?? "–",
                ]),
                ...members.failing.map((row) => [row.sku, "Failing, tried again", row.ageDays, row.attempts, row.lastFailure ?? "–"]),
              ]}
            />
            <p className="mt-2 text-sm">
              <a href={ROUTES.consolePlans} className="text-brand-700 underline">
                Open the plans
              </a>
            </p>
          </div>
        )}
      </Section>

      <Section id="after-sale" title="After-sale">
        <StatCards
          stats={[
            compared("Requests made", afterSale.current.requested, afterSale.previous.requested),
            {
              label: "Median time to first decision",
              value: hours(afterSale.current.medianHoursToDecision),
              before: hours(afterSale.previous.medianHoursToDecision),
            },
            {
              label: "Refunds issued",
              value: `${now.afterSaleRefunds} · ${formatUsd(now.afterSaleRefundCents)}`,
              before: `${before.afterSaleRefunds} · ${formatUsd(before.afterSaleRefundCents)}`,
            },
            { label: "Repairs under Lenwell Care", value: afterSale.current.coveredRepairs, before: afterSale.previous.coveredRepairs },
          ]}
        />
        <h3 className="mt-6 text-base font-semibold text-ink">Open requests now</h3>
        {afterSale.current.open.length === 0 ? (
          <p className="mt-2 text-sm text-ink-soft">No request is open.</p>
        ) : (
          <div className="mt-2">
            <FigureTable
              caption="Open after-sale requests by status and age"
              columns={["Status", "Open", "Under 2 days", "2 to 7 days", "Over 7 days", "Oldest (days)"]}
              rows={afterSale.current.open.map((row) => [
                AFTER_SALE_STATUS_LABELS[row.status] ?? row.status,
                row.count,
                row.underTwoDays,
                row.twoToSevenDays,
                row.overSevenDays,
                row.oldestDays,
              ])}
            />
          </div>
        )}
      </Section>

      <Section id="referrals" title="Referral codes">
        {overview.referrals.length === 0 ? (
          <p className="mt-2 text-sm text-ink-soft">No order paid in this period came through a referral code.</p>
        ) : (
          <div className="mt-3">
            <FigureTable
              caption="Paid orders and net revenue per referral code"
              columns={["Code", "Paid orders", "Net revenue"]}
              rows={overview.referrals.map((row) => [row.code, row.orders, formatUsd(row.netCents)])}
            />
          </div>
        )}
      </Section>

      <Section id="filters" title="Filter demand ahead">
        <ChartFigure
          id="demand"
          title="Filter shipments due per week, next 12 weeks"
          intro={`From the schedule of ${forecast.memberPurifiers} members' purifiers, while each member's benefits last: each week's shipments by the day their order is made (14 days before the filter is due).`}
          chart={
            <DemandChart
              titleId="demand-title"
              weekLabels={forecast.weeks.map((week) => shortDay(week.from))}
              series={forecast.skus.map((sku) => ({ label: sku.name, weekly: sku.weekly }))}
            />
          }
          legend={forecast.skus.map((sku, index) => (
            <LegendEntry key={sku.sku} swatch={DEMAND_SWATCHES[index % DEMAND_SWATCHES.length] ?? "bg-brand-600"}>
              {sku.name}
            </LegendEntry>
          ))}
          table={
            <FigureTable
              caption="Filter stock against the next 12 weeks"
              columns={["Cartridge", "In stock", "Needed", "Runs out", "Reorder"]}
              rows={forecast.skus.map((sku) => [
                `${sku.name} (${sku.sku})`,
                sku.stock,
                sku.total,
                sku.runsOutWeek === null ? "Lasts" : `Week of ${forecast.weeks[sku.runsOutWeek]?.from ?? ""}`,
                sku.reorder,
              ])}
            />
          }
        />
        <div className="mt-3">
          <FigureTable
            caption="Filter shipments per week"
            columns={["Week from", ...forecast.skus.map((sku) => sku.sku)]}
            rows={forecast.weeks.map((week, index) => [week.from, ...forecast.skus.map((sku) => sku.weekly[index] ?? 0)])}
          />
        </div>
      </Section>
    </div>
  );
}
