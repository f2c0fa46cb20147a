import "server-only";
import { and, eq, gt, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "@/lib/db/client";
import { memberships } from "@/lib/db/schema";
import { storeDate } from "@/lib/server/shipping/dates";

/**
 * The one rule for who has the member's benefits at `now` (member prices, free UPS Ground, filters
 * on schedule), as a condition on `memberships` rows: a membership within its paid period, one whose
 * period has just ended and waits for the renewal job, or one past due while its renewal is retried.
 * A plan queued after the running one, or bought in an order not yet paid, does not count: a
 * membership starts when it is paid for.
 */
export function memberBenefitsAt(now: Date): SQL | undefined {
  return and(
    eq(memberships.kind, "membership"),
    or(
      eq(memberships.status, "past_due"),
      and(
        eq(memberships.status, "active"),
        lte(memberships.startsAt, now),
        or(gt(memberships.endsAt, now), eq(memberships.autoRenew, true)),
      ),
    ),
  );
}

/** Which of `userIds` have the member's benefits at `now`, by the rule above. */
export async function activeMembers(db: DbExecutor, userIds: readonly string[], now: Date): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: memberships.userId })
    .from(memberships)
    .where(and(inArray(memberships.userId, [...new Set(userIds)]), memberBenefitsAt(now)));
  return new Set(rows.map((row) => row.userId));
}

/**
 * Everyone with the member's benefits at `now`, each with the last shop day (America/Chicago) they
 * keep them as far as the plan rows say today: null, for no end, when a plan they hold now renews
 * or is past due (its renewal is retried), else the end of the paid periods, a plan already paid and
 * queued to start when the running one ends carrying it on (and its own renewal making it open). The
 * last day is the one of the benefits' last moment, so a period ending at midnight ends the day before.
 */
export async function memberBenefitsUntil(db: DbExecutor, now: Date): Promise<Map<string, string | null>> {
  // The rule above decides who is a member now; the queued plans only say how long it lasts.
  const rows = await db
    .select({
      userId: memberships.userId,
      startsAt: memberships.startsAt,
      endsAt: memberships.endsAt,
      autoRenew: memberships.autoRenew,
      status: memberships.status,
      now: sql<boolean>`coalesce(${memberBenefitsAt(now)}, false)`,
    })
    .from(memberships)
    .where(
      and(
        eq(memberships.kind, "membership"),
        or(memberBenefitsAt(now), and(eq(memberships.status, "active"), gt(memberships.startsAt, now))),
      ),
    );
  const byUser = new Map<string, typeof rows>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  const until = new Map<string, string | null>();
  for (const [userId, plans] of byUser) {
    const running = plans.filter((plan) => plan.now);
    if (running.length === 0) continue;
    if (running.some((plan) => plan.autoRenew || plan.status === "past_due")) {
      until.set(userId, null);
      continue;
    }
    let end = Math.max(...running.map((plan) => plan.endsAt.getTime()));
    let open = false;
    // A queued plan starts where the one before it ends; one starting later leaves a gap without benefits.
    for (;;) {
      const next = plans.filter((plan) => !plan.now && plan.startsAt.getTime() <= end && plan.endsAt.getTime() > end);
      if (next.length === 0) break;
      if (next.some((plan) => plan.autoRenew)) {
        open = true;
        break;
      }
      end = Math.max(...next.map((plan) => plan.endsAt.getTime()));
    }
    until.set(userId, open ? null : storeDate(new Date(end - 1)));
  }
  return until;
}
