import "server-only";
import { and, eq, gt, inArray, lte, or, type SQL } from "drizzle-orm";
import type { DbExecutor } from "@/lib/db/client";
import { memberships } from "@/lib/db/schema";

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

/** Everyone with the member's benefits at `now`, by the rule above. */
export async function memberIdsAt(db: DbExecutor, now: Date): Promise<Set<string>> {
  const rows = await db.selectDistinct({ userId: memberships.userId }).from(memberships).where(memberBenefitsAt(now));
  return new Set(rows.map((row) => row.userId));
}
