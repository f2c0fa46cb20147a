import "server-only";
import { asc, count, desc, isNotNull, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { orders, type UserRow } from "@/lib/db/schema";
import { centsToAmount } from "@/lib/rules/money";
import { assertOperator } from "@/lib/server/auth/roles";

export interface ReferralRow {
  code: string;
  /** Orders made with the code (paid or not). */
  orders: number;
  /** Orders with the code that were paid (whatever happened to them afterwards). */
  paidOrders: number;
  /** What those paid orders brought in: their totals minus every refund made on them. */
  revenue: string;
}

/**
 * Orders and revenue per `?c=` referral code. The rule: an order counts as paid once its payment went
 * through (it has a paid time), and revenue is its total minus what was refunded on it, so a paid
 * order later cancelled or returned in full adds nothing and a partial refund is taken off.
 */
export async function operatorReferralReport(actor: Pick<UserRow, "role">): Promise<ReferralRow[]> {
  assertOperator(actor);
  const db = await getDb();
  const paid = sql`${orders.paidAt} is not null`;
  const revenueCents =
    sql<number>`coalesce(sum(case when ${paid} then ${orders.totalCents} - ${orders.refundedCents} else 0 end), 0)`.mapWith(Number);
  const rows = await db
    .select({
      code: orders.referralCode,
      orders: count(),
      paidOrders: sql<number>`count(*) filter (where ${paid})`.mapWith(Number),
      revenueCents,
    })
    .from(orders)
    .where(isNotNull(orders.referralCode))
    .groupBy(orders.referralCode)
    .orderBy(desc(revenueCents), asc(orders.referralCode));
  return rows.flatMap((row) =>
    row.code === null ? [] : [{ code: row.code, orders: row.orders, paidOrders: row.paidOrders, revenue: centsToAmount(row.revenueCents) }],
  );
}
