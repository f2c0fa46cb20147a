import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb, type DbExecutor } from "@/lib/db/client";
import { memberships, type MembershipRow } from "@/lib/db/schema";
import type { Membership } from "@/lib/schemas/user";
import { awaitsPayment } from "@/lib/server/orders/lookups";
import { previewCancellation } from "./cancel-preview";
import { memberBenefitsAt } from "./member-rule";
import { planRows, type PlanWithFacts } from "./plan-rows";
/** Whether the customer has the member's benefits at `now` (see `memberBenefitsAt`). */
export async function isMemberAt(db: DbExecutor, userId: string, now: Date = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), memberBenefitsAt(now)))
    .limit(1);
  return row !== undefined;
}

export interface CustomerPlans {
  membership: Membership | null;
  carePlan: Membership | null;
}

/**
 * Whether the plan is running at `now`: within its paid period, due for renewal (the job charges it
 * within minutes), or past due while its renewal is retried.
 */
function runs(row: MembershipRow, now: Date): boolean {
  return row.status === "past_due" || (row.status === "active" && (row.endsAt > now || row.autoRenew));
}

/** The membership's renewal order while it still waits to be paid (the member may have cancelled it). */
async function renewalOrderToPay(db: DbExecutor, row: MembershipRow): Promise<string | null> {
  return (await awaitsPayment(db, row.renewalOrderId)) ? row.renewalOrderId : null;
}

/**
 * What the profile shows for one kind: the plan running now, its end being the end of the plans
 * queued after it; none running, the last one that ended ("cancelled" when it was cancelled, else
 * "expired"); never had one, null.
 */
async function summarise(db: DbExecutor, rows: PlanWithFacts[], now: Date): Promise<Membership | null> {
  const live = rows.filter((row) => runs(row, now)).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const current = live.find((row) => row.startsAt <= now) ?? live[0];
  if (current) {
    const last = live[live.length - 1] ?? current;
    const renewing = live.find((row) => row.autoRenew) ?? null;
    return {
      plan: current.sku,
      name: current.name,
      status: current.status === "past_due" ? "past_due" : current.startsAt <= now ? "active" : "scheduled",
      startsAt: current.startsAt.toISOString(),
      endsAt: last.endsAt.toISOString(),
      autoRenew: renewing !== null,
      renewalCard: renewing?.paymentMethodId && renewing.card ? { id: renewing.paymentMethodId, label: renewing.card } : null,
      renewalFailure: renewing?.status === "past_due" ? renewing.lastRenewalFailure : null,
      nextRenewalAttemptAt: renewing?.status === "past_due" ? (renewing.nextRenewalAttemptAt?.toISOString() ?? null) : null,
      renewalToConfirm: renewing?.status === "past_due" ? await renewalOrderToPay(db, renewing) : null,
      cancelledAt:
        live
          .map((row) => row.cancelledAt)
          .find((at) => at !== null)
          ?.toISOString() ?? null,
      cancellation: current.kind === "membership" && renewing ? await previewCancellation(db, live, now) : null,
    };
  }
  const latest = [...rows].sort((a, b) => b.endsAt.getTime() - a.endsAt.getTime())[0];
  if (!latest) return null;
  return {
    plan: latest.sku,
    name: latest.name,
    status: latest.status === "cancelled" || latest.cancelledAt ? "cancelled" : "expired",
    startsAt: latest.startsAt.toISOString(),
    endsAt: latest.endsAt.toISOString(),
    autoRenew: false,
    renewalCard: null,
    renewalFailure: null,
    nextRenewalAttemptAt: null,
    renewalToConfirm: null,
    cancelledAt: latest.cancelledAt?.toISOString() ?? null,
    cancellation: null,
  };
}

export async function customerPlans(userId: string, now: Date = new Date(), db?: DbExecutor): Promise<CustomerPlans> {
  const executor = db ?? (await getDb());
  const rows = await planRows(executor, userId, ["membership", "care"]);
  return {
    membership: await summarise(
      executor,
      rows.filter((row) => row.kind === "membership"),
      now,
    ),
    carePlan: await summarise(
      executor,
      rows.filter((row) => row.kind === "care"),
      now,
    ),
  };
}
