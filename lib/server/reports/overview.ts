import "server-only";
import { getDb, type DbExecutor } from "@/lib/db/client";
import type { UserRow } from "@/lib/db/schema";
import { addDays } from "@/lib/rules/calendar-day";
import type { ReportPeriodQuery } from "@/lib/schemas/reports";
import { afterSaleFigures, type AfterSaleFigures } from "@/lib/server/after-sale/figures";
import { assertOperator } from "@/lib/server/auth/roles";
import { filterDemandForecast, type FilterForecast } from "@/lib/server/filter-shipments/forecast";
import { membershipFigures, type MembershipFigures } from "@/lib/server/memberships/figures";
import {
  dailySales,
  refundSums,
  referralSums,
  salesSums,
  unitsByProduct,
  type DailySales,
  type ProductUnits,
  type ReferralSums,
} from "@/lib/server/orders/figures";
import { funnelCounts, type FunnelCounts } from "./funnel";
import { resolvePeriod, type DayRange, type ReportPeriod } from "./period";

// The console's overview: every figure of a period beside the same figure for the period of the
// same length before it. Each owner sums its own tables (orders/figures.ts, memberships/figures.ts,
// after-sale/figures.ts, filter-shipments/forecast.ts); this module only puts them side by side.
// Nothing here is cached: each operator's request reads the database (the page renders per request).

export interface SalesFigures {
  orders: number;
  grossCents: number;
  refundCents: number;
  /** gross − refunds: what the shop kept of the period's money. */
  netCents: number;
  /** gross ÷ orders, rounded to the cent; 0 without orders. */
  averageOrderCents: number;
  taxCents: number;
  shippingCents: number;
  refunds: number;
  afterSaleRefunds: number;
  afterSaleRefundCents: number;
}

export interface SeriesPoint {
  /** First and last shop day the point counts. */
  from: string;
  to: string;
  netCents: number;
  orders: number;
}

export interface Overview {
  period: ReportPeriod;
  sales: { current: SalesFigures; previous: SalesFigures };
  series: SeriesPoint[];
  units: ProductUnits[];
  funnel: { current: FunnelCounts; previous: FunnelCounts };
  membership: { current: MembershipFigures; previous: MembershipFigures };
  afterSale: { current: AfterSaleFigures; previous: AfterSaleFigures };
  referrals: ReferralSums[];
  forecast: FilterForecast;
}

export async function salesFigures(db: DbExecutor, range: DayRange): Promise<SalesFigures> {
  const [sales, back] = await Promise.all([salesSums(db, range.start, range.end), refundSums(db, range.start, range.end)]);
  return {
    orders: sales.orders,
    grossCents: sales.grossCents,
    refundCents: back.refundCents,
    netCents: sales.grossCents - back.refundCents,
    averageOrderCents: sales.orders > 0 ? Math.round(sales.grossCents / sales.orders) : 0,
    taxCents: sales.taxCents,
    shippingCents: sales.shippingCents,
    refunds: back.refunds,
    afterSaleRefunds: back.afterSaleRefunds,
    afterSaleRefundCents: back.afterSaleRefundCents,
  };
}

/** Net revenue and orders per day of the period, quiet days included; per 7 days from its first day when it is long. */
export function salesSeries(period: Pick<ReportPeriod, "from" | "to" | "days" | "bucket">, days: readonly DailySales[]): SeriesPoint[] {
  const byDay = new Map(days.map((day) => [day.day, day]));
  const step = period.bucket === "week" ? 7 : 1;
  const points: SeriesPoint[] = [];
  for (let offset = 0; offset < period.days; offset += step) {
    const from = addDays(period.from, offset);
    const last = addDays(period.from, Math.min(offset + step, period.days) - 1);
    const point: SeriesPoint = { from, to: last, netCents: 0, orders: 0 };
    for (let day = from; day <= last; day = addDays(day, 1)) {
      const sums = byDay.get(day);
      if (!sums) continue;
      point.netCents += sums.grossCents - sums.refundCents;
      point.orders += sums.orders;
    }
    points.push(point);
  }
  return points;
}

/** Every figure of the overview for `query`'s period at `now`, for an operator. */
export async function operatorOverview(actor: Pick<UserRow, "role">, query: ReportPeriodQuery, now: Date = new Date()): Promise<Overview> {
  assertOperator(actor);
  const db = await getDb();
  const period = resolvePeriod(query, now);
  const { previous } = period;
  const [
    sales,
    salesBefore,
    days,
    units,
    funnel,
    funnelBefore,
    membership,
    membershipBefore,
    afterSale,
    afterSaleBefore,
    referrals,
    forecast,
  ] = await Promise.all([
    salesFigures(db, period),
    salesFigures(db, previous),
    dailySales(db, period.start, period.end),
    unitsByProduct(db, period.start, period.end),
    funnelCounts(db, period.from, period.to),
    funnelCounts(db, previous.from, previous.to),
    membershipFigures(db, period.start, period.end, now),
    membershipFigures(db, previous.start, previous.end, now),
    afterSaleFigures(db, period.start, period.end, now),
    afterSaleFigures(db, previous.start, previous.end, now),
    referralSums(db, period.start, period.end),
    filterDemandForecast(db, now),
  ]);
  return {
    period,
    sales: { current: sales, previous: salesBefore },
    series: salesSeries(period, days),
    units,
    funnel: { current: funnel, previous: funnelBefore },
    membership: { current: membership, previous: membershipBefore },
    afterSale: { current: afterSale, previous: afterSaleBefore },
    referrals,
    forecast,
  };
}
