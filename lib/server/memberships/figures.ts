import "server-only";
import { and, asc, eq, gt, gte, inArray, isNotNull, lt, lte, or, sql, type Column, type SQL } from "drizzle-orm";
import type { DbExecutor } from "@/lib/db/client";
import { memberships, type MembershipRow } from "@/lib/db/schema";
import { productsBySku } from "@/lib/server/catalog/lookups";

// The membership figures of the console's overview (docs/decisions/0046-console-overview.md).
// A plan row keeps its whole history in its dates: renewals move `endsAt` on, a cancel stamps
// `cancelledAt` (and a plan that ends at once gets its `endsAt` moved to that moment), a lapse
// leaves it "expired" at its last `endsAt`. So "a member at T" is read from
// the dates, which gives today's count and the count at the start of the period by one rule; at
// `now` it is the benefits rule (member-rule.ts), a membership past due or waiting for its renewal
// job included.

const DAY_MS = 86_400_000;

/** Rows of memberships that gave the member's benefits at `at`. */
function memberAt(at: Date): SQL | undefined {
  return and(
    eq(memberships.kind, "membership"),
    lte(memberships.startsAt, at),
    or(
      gt(memberships.endsAt, at),
      and(eq(memberships.status, "past_due"), lte(memberships.endsAt, at)),
      and(eq(memberships.status, "active"), eq(memberships.autoRenew, true), lte(memberships.endsAt, at)),
    ),
  );
}

/** What one month of each plan is worth, in cents, by sku: its price over its months. */
async function monthlyPrices(db: DbExecutor, skus: readonly string[]): Promise<Map<string, { priceCents: number; months: number }>> {
  const products = await productsBySku(db, skus);
  return new Map([...products].map(([sku, product]) => [sku, { priceCents: product.discountPriceCents, months: product.planMonths ?? 1 }]));
}

async function membersAndMrr(db: DbExecutor, at: Date): Promise<{ members: number; mrrCents: number }> {
  const rows = await db
    .select({ sku: memberships.sku, members: sql<number>`count(distinct ${memberships.userId})`.mapWith(Number) })
    .from(memberships)
    .where(memberAt(at))
    .groupBy(memberships.sku);
  const prices = await monthlyPrices(
    db,
    rows.map((row) => row.sku),
  );
  const [distinct] = await db
    .select({ members: sql<number>`count(distinct ${memberships.userId})`.mapWith(Number) })
    .from(memberships)
    .where(memberAt(at));
  const mrr = rows.reduce((sum, row) => {
    const price = prices.get(row.sku);
    return sum + (price ? (row.members * price.priceCents) / price.months : 0);
  }, 0);
  return { members: distinct?.members ?? 0, mrrCents: Math.round(mrr) };
}

export interface StuckRenewal {
  membershipId: string;
  sku: string;
  /** Whole days since the period it renews ended. */
  ageDays: number;
  attempts: number;
  /** What the bank said to the last try, as the member was told. */
  lastFailure: string | null;
}

export interface MembershipFigures {
  /** Members at the end of the period (or now, for a period that includes today). */
  activeMembers: number;
  /** Members at the start of the period. */
  activeMembersAtStart: number;
  /** Customers whose first membership was bought in the period. */
  newMembers: number;
  cancelled: number;
  /** Memberships whose renewal failed for good in the period. */
  lapsed: number;
  mrrCents: number;
  mrrAtStartCents: number;
  /** (cancelled + lapsed) ÷ members at the start; null without members at the start. */
  churn: number | null;
  renewalsDue: { count: number; amountCents: number };
  /** Renewals waiting for the member to confirm the charge with their bank. */
  awaitingBank: StuckRenewal[];
  /** Renewals whose charge failed and is being tried again (past due). */
  failing: StuckRenewal[];
  carePlansActive: number;
}

/**
 * The membership figures for the period [start, end) as seen at `now`: members at its start and its
 * end, who joined, cancelled or lapsed in it, the monthly recurring revenue at both ends, and what
 * renews in the 30 days after `now`, waits on the bank or fails.
 */
export async function membershipFigures(
  db: DbExecutor,
  start: Date,
  end: Date,
  now: Date,
  /** False for the period compared with: what renews, waits or fails is today's, shown once. */
  withToday = true,
): Promise<MembershipFigures> {
  const at = end < now ? end : now;
  const inPeriod = (column: Column) => and(gte(column, start), lt(column, end));
  const earlier = sql`exists (select 1 from memberships earlier where earlier.user_id = ${memberships.userId} and earlier.kind = 'membership' and earlier.created_at < ${memberships.createdAt})`;
  const count = sql<number>`count(*)`.mapWith(Number);
  const [atEnd, atStart, [joined], [cancelled], [lapsed], due, stuck, [care]] = await Promise.all([
    membersAndMrr(db, at),
    membersAndMrr(db, new Date(start.getTime() - 1)),
    db
      .select({ count: sql<number>`count(distinct ${memberships.userId})`.mapWith(Number) })
      .from(memberships)
      .where(and(eq(memberships.kind, "membership"), inPeriod(memberships.createdAt), sql`not ${earlier}`)),
    db
      .select({ count })
      .from(memberships)
      .where(and(eq(memberships.kind, "membership"), isNotNull(memberships.cancelledAt), inPeriod(memberships.cancelledAt))),
    db
      .select({ count })
      .from(memberships)
      .where(and(eq(memberships.kind, "membership"), eq(memberships.status, "expired"), inPeriod(memberships.endsAt))),
    !withToday
      ? []
      : db
          .select({ sku: memberships.sku, count })
          .from(memberships)
          .where(
            and(
              eq(memberships.kind, "membership"),
              eq(memberships.status, "active"),
              eq(memberships.autoRenew, true),
              gte(memberships.endsAt, now),
              lt(memberships.endsAt, new Date(now.getTime() + 30 * DAY_MS)),
            ),
          )
          .groupBy(memberships.sku),
    !withToday
      ? []
      : db
          .select()
          .from(memberships)
          .where(
            and(
              eq(memberships.kind, "membership"),
              inArray(memberships.status, ["active", "past_due"]),
              or(isNotNull(memberships.renewalOrderId), eq(memberships.status, "past_due")),
            ),
          )
          .orderBy(asc(memberships.endsAt)),
    db
      .select({ count })
      .from(memberships)
      .where(
        and(eq(memberships.kind, "care"), eq(memberships.status, "active"), lte(memberships.startsAt, now), gt(memberships.endsAt, now)),
      ),
  ]);
  const prices = await monthlyPrices(
    db,
    due.map((row) => row.sku),
  );
  const toStuck = (row: (typeof stuck)[number]): StuckRenewal => ({
    membershipId: row.id,
    sku: row.sku,
    ageDays: Math.max(0, Math.floor((now.getTime() - row.endsAt.getTime()) / DAY_MS)),
    attempts: row.renewalAttempts,
    lastFailure: row.lastRenewalFailure,
  });
  const ended = (cancelled?.count ?? 0) + (lapsed?.count ?? 0);
  return {
    activeMembers: atEnd.members,
    activeMembersAtStart: atStart.members,
    newMembers: joined?.count ?? 0,
    cancelled: cancelled?.count ?? 0,
    lapsed: lapsed?.count ?? 0,
    mrrCents: atEnd.mrrCents,
    mrrAtStartCents: atStart.mrrCents,
    churn: atStart.members > 0 ? ended / atStart.members : null,
    renewalsDue: {
      count: due.reduce((sum, row) => sum + row.count, 0),
      amountCents: due.reduce((sum, row) => sum + row.count * (prices.get(row.sku)?.priceCents ?? 0), 0),
    },
    awaitingBank: stuck.filter((row) => row.renewalOrderId !== null).map(toStuck),
    failing: stuck.filter((row) => row.renewalOrderId === null && row.status === "past_due").map(toStuck),
    carePlansActive: care?.count ?? 0,
  };
}

/** The plans (memberships and care) that ran at some moment of [start, end), after the id `afterId`, by id: one page of the export. */
export async function plansInPeriodPage(
  db: DbExecutor,
  start: Date,
  end: Date,
  afterId: string | null,
  limit: number,
): Promise<MembershipRow[]> {
  return db
    .select()
    .from(memberships)
    .where(and(lt(memberships.startsAt, end), gt(memberships.endsAt, start), afterId ? gt(memberships.id, afterId) : undefined))
    .orderBy(asc(memberships.id))
    .limit(limit);
}
