import "server-only";
import { getDb } from "@/lib/db/client";
import type { UserRow } from "@/lib/db/schema";
import type { ReportExportName } from "@/lib/config/report-exports";
import { centsToAmount } from "@/lib/rules/money";
import type { ReportPeriodQuery } from "@/lib/schemas/reports";
import { requestsMadePage } from "@/lib/server/after-sale/figures";
import { assertOperator } from "@/lib/server/auth/roles";
import { filterDemandForecast } from "@/lib/server/filter-shipments/forecast";
import { plansInPeriodPage } from "@/lib/server/memberships/figures";
import { paidOrderLinesPage, paidOrdersPage, type PaidCursor } from "@/lib/server/orders/figures";
import { csvStream, type CsvPage } from "./csv";
import { periodSlug, resolvePeriod, type ReportPeriod } from "./period";

// The overview's CSV downloads for a period, each streamed a page of rows at a time (a year of
// orders is never held in memory), with the period in the file name. Money as "12.90"; instants in
// ISO 8601 (UTC). No names, e-mails or addresses: a file leaves the shop's access control once
// downloaded, and the figures need none (an order's id leads back to it in the console).

/** Rows per query. */
export const EXPORT_PAGE_SIZE = 1000;

export interface CsvExport {
  fileName: string;
  stream: ReadableStream<Uint8Array>;
}

const money = (cents: number) => centsToAmount(cents);
const instant = (value: Date | null) => value?.toISOString() ?? "";

function pages(name: ReportExportName, period: ReportPeriod, now: Date): { header: string[]; stream: ReadableStream<Uint8Array> } {
  const { start, end } = period;
  switch (name) {
    case "orders": {
      const header = [
        "order_id",
        "status",
        "created_at",
        "paid_at",
        "subtotal",
        "shipping",
        "tax",
        "total",
        "refunded",
        "referral_code",
        "shipping_method",
        "ship_to_state",
      ];
      return {
        header,
        stream: csvStream<PaidCursor>(header, async (after): Promise<CsvPage<PaidCursor>> => {
          const rows = await paidOrdersPage(await getDb(), start, end, after, EXPORT_PAGE_SIZE);
          const last = rows.at(-1);
          return {
            lines: rows.map((row) => [
              row.id,
              row.status,
              instant(row.createdAt),
              instant(row.paidAt),
              money(row.subtotalCents),
              money(row.shippingCents),
              money(row.taxCents),
              money(row.totalCents),
              money(row.refundedCents),
              row.referralCode,
              row.shippingMethod,
              row.shippingState,
            ]),
            next: last && rows.length === EXPORT_PAGE_SIZE ? { paidAt: last.cursor, orderId: last.id } : null,
          };
        }),
      };
    }
    case "order-lines": {
      const header = ["order_id", "paid_at", "sku", "name", "quantity", "unit_price", "line_total"];
      return {
        header,
        stream: csvStream<PaidCursor>(header, async (after) => {
          const rows = await paidOrderLinesPage(await getDb(), start, end, after, EXPORT_PAGE_SIZE);
          const last = rows.at(-1);
          return {
            lines: rows.map((row) => [
              row.orderId,
              instant(row.paidAt),
              row.sku,
              row.name,
              row.quantity,
              money(row.unitPriceCents),
              money(row.lineTotalCents),
            ]),
            next: last && rows.length === EXPORT_PAGE_SIZE ? { paidAt: last.cursor, orderId: last.orderId, sku: last.sku } : null,
          };
        }),
      };
    }
    case "memberships": {
      const header = [
        "plan_id",
        "kind",
        "sku",
        "status",
        "starts_at",
        "ends_at",
        "auto_renew",
        "cancelled_at",
        "renewal_attempts",
        "created_at",
      ];
      return {
        header,
        stream: csvStream<string>(header, async (afterId) => {
          const rows = await plansInPeriodPage(await getDb(), start, end, afterId, EXPORT_PAGE_SIZE);
          const last = rows.at(-1);
          return {
            lines: rows.map((row) => [
              row.id,
              row.kind,
              row.sku,
              row.status,
              instant(row.startsAt),
              instant(row.endsAt),
              row.autoRenew,
              instant(row.cancelledAt),
              row.renewalAttempts,
              instant(row.createdAt),
            ]),
            next: last && rows.length === EXPORT_PAGE_SIZE ? last.id : null,
          };
        }),
      };
    }
    case "after-sale": {
      const header = [
        "request_id",
        "order_id",
        "sku",
        "quantity",
        "type",
        "status",
        "reason",
        "refund",
        "refunded",
        "care_plan_id",
        "created_at",
      ];
      return {
        header,
        stream: csvStream<{ cursor: string; id: string }>(header, async (after) => {
          const rows = await requestsMadePage(await getDb(), start, end, after, EXPORT_PAGE_SIZE);
          const last = rows.at(-1);
          return {
            lines: rows.map((row) => [
              row.id,
              row.orderId,
              row.sku,
              row.quantity,
              row.type,
              row.status,
              row.reason,
              money(row.refundCents),
              money(row.refundedCents),
              row.carePlanId,
              instant(row.createdAt),
            ]),
            next: last && rows.length === EXPORT_PAGE_SIZE ? { cursor: last.cursor, id: last.id } : null,
          };
        }),
      };
    }
    case "filter-forecast": {
      const header = ["sku", "name", "stage", "in_stock", "week_from", "week_to", "shipments", "needed_to_date", "short"];
      return {
        header,
        // One page: a few cartridges × 12 weeks.
        stream: csvStream<never>(header, async () => {
          const forecast = await filterDemandForecast(await getDb(), now);
          return {
            lines: forecast.skus.flatMap((sku) => {
              let needed = 0;
              return forecast.weeks.map((week, index) => {
                needed += sku.weekly[index] ?? 0;
                return [
                  sku.sku,
                  sku.name,
                  sku.stage,
                  sku.stock,
                  week.from,
                  week.to,
                  sku.weekly[index] ?? 0,
                  needed,
                  Math.max(0, needed - sku.stock),
                ];
              });
            }),
            next: null,
          };
        }),
      };
    }
  }
}

/** One of the overview's downloads for `query`'s period, for an operator. */
export function operatorExport(
  actor: Pick<UserRow, "role">,
  name: ReportExportName,
  query: ReportPeriodQuery,
  now: Date = new Date(),
): CsvExport {
  assertOperator(actor);
  const period = resolvePeriod(query, now);
  const { stream } = pages(name, period, now);
  return { fileName: `lenwell-${name}-${periodSlug(period)}.csv`, stream };
}
