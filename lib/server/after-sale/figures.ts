import "server-only";
import { and, asc, eq, gte, inArray, lt, notInArray, sql } from "drizzle-orm";
import { OPERATOR_ROLE } from "@/lib/config/roles";
import type { AfterSaleStatus } from "@/lib/schemas/after-sale";
import type { DbExecutor } from "@/lib/db/client";
import { afterSaleEvents, afterSaleRequests, type AfterSaleRow } from "@/lib/db/schema";

// The after-sale figures of the console's overview (docs/decisions/0046-console-overview.md): what
// waits now and for how long, how fast an operator first decides, and the repairs a care plan took.

/** A request in one of these is finished: nothing waits on the shop or the customer. */
export const CLOSED_AFTER_SALE_STATUSES: readonly AfterSaleStatus[] = ["completed", "rejected", "cancelled"];

/** The operator's first decision on a request: approving or rejecting it. */
const DECISIONS = ["approved", "rejected"] as const;

export interface OpenAfterSale {
  status: AfterSaleStatus;
  count: number;
  /** By the age of the request: under 2 days, 2 to 7 days, over 7 days. */
  underTwoDays: number;
  twoToSevenDays: number;
  overSevenDays: number;
  oldestDays: number;
}

export interface AfterSaleFigures {
  open: OpenAfterSale[];
  /** Median hours from a request (made in the period) to the operator's first decision; null when none was decided. */
  medianHoursToDecision: number | null;
  decided: number;
  /** Repairs made in the period under a Lenwell Care plan. */
  coveredRepairs: number;
  /** Requests made in the period. */
  requested: number;
}

export async function afterSaleFigures(
  db: DbExecutor,
  start: Date,
  end: Date,
  now: Date,
  /** False for the period compared with: what is open is today's, shown once. */
  withToday = true,
): Promise<AfterSaleFigures> {
  const age = sql`extract(epoch from (${now}::timestamptz - ${afterSaleRequests.createdAt})) / 86400`;
  const decision = db
    .select({ afterSaleId: afterSaleEvents.afterSaleId, decidedAt: sql`min(${afterSaleEvents.createdAt})`.as("decided_at") })
    .from(afterSaleEvents)
    .where(and(inArray(afterSaleEvents.type, [...DECISIONS]), eq(afterSaleEvents.actor, OPERATOR_ROLE)))
    .groupBy(afterSaleEvents.afterSaleId)
    .as("decision");
  const madeInPeriod = and(gte(afterSaleRequests.createdAt, start), lt(afterSaleRequests.createdAt, end));
  const [open, [timing], [made]] = await Promise.all([
    !withToday
      ? []
      : db
          .select({
            status: afterSaleRequests.status,
            count: sql<number>`count(*)`.mapWith(Number),
            underTwoDays: sql<number>`count(*) filter (where ${age} < 2)`.mapWith(Number),
            twoToSevenDays: sql<number>`count(*) filter (where ${age} >= 2 and ${age} <= 7)`.mapWith(Number),
            overSevenDays: sql<number>`count(*) filter (where ${age} > 7)`.mapWith(Number),
            oldestDays: sql<number>`coalesce(floor(max(${age})), 0)`.mapWith(Number),
          })
          .from(afterSaleRequests)
          .where(notInArray(afterSaleRequests.status, [...CLOSED_AFTER_SALE_STATUSES]))
          .groupBy(afterSaleRequests.status),
    db
      .select({
        decided: sql<number>`count(*)`.mapWith(Number),
        medianHours: sql<
          number | null
        >`percentile_cont(0.5) within group (order by extract(epoch from (${decision.decidedAt} - ${afterSaleRequests.createdAt})) / 3600)`,
      })
      .from(afterSaleRequests)
      .innerJoin(decision, eq(decision.afterSaleId, afterSaleRequests.id))
      .where(madeInPeriod),
    db
      .select({
        requested: sql<number>`count(*)`.mapWith(Number),
        coveredRepairs:
          sql<number>`count(*) filter (where ${afterSaleRequests.type} = 'repair' and ${afterSaleRequests.carePlanId} is not null)`.mapWith(
            Number,
          ),
      })
      .from(afterSaleRequests)
      .where(madeInPeriod),
  ]);
  const order = ["pending_review", "approved", "returning", "received"];
  return {
    open: open.sort((a, b) => order.indexOf(a.status) - order.indexOf(b.status)),
    medianHoursToDecision: timing?.medianHours === null || timing?.medianHours === undefined ? null : Number(timing.medianHours),
    decided: timing?.decided ?? 0,
    coveredRepairs: made?.coveredRepairs ?? 0,
    requested: made?.requested ?? 0,
  };
}

/** The requests made in [start, end) after the cursor (creation time as the database wrote it, id), oldest first: one page of the export. */
export async function requestsMadePage(
  db: DbExecutor,
  start: Date,
  end: Date,
  after: { cursor: string; id: string } | null,
  limit: number,
): Promise<(AfterSaleRow & { cursor: string })[]> {
  const rows = await db
    .select({ request: afterSaleRequests, cursor: sql<string>`${afterSaleRequests.createdAt}::text` })
    .from(afterSaleRequests)
    .where(
      and(
        gte(afterSaleRequests.createdAt, start),
        lt(afterSaleRequests.createdAt, end),
        after
          ? sql`(${afterSaleRequests.createdAt}, ${afterSaleRequests.id}) > (${after.cursor}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(afterSaleRequests.createdAt), asc(afterSaleRequests.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.request, cursor: row.cursor }));
}
