import "server-only";
import { desc, eq } from "drizzle-orm";
import { YEARLY_PLAN_MONTHS } from "@/lib/config/memberships";
import { getDb } from "@/lib/db/client";
import { memberships, type PlanKind, type UserRow } from "@/lib/db/schema";
import { assertOperator } from "@/lib/server/auth/roles";
import { emailsOfUsers } from "@/lib/server/auth/users";
import { withPlanFacts } from "./plan-rows";

export type OperatorPlanStatus = "active" | "scheduled" | "past_due" | "expired" | "cancelled";

export interface OperatorPlan {
  id: string;
  kind: PlanKind;
  sku: string;
  planName: string;
  customerEmail: string;
  status: OperatorPlanStatus;
  startsAt: string;
  endsAt: string;
  orderId: string | null;
  /** The next renewal charge (period end, or the retry after a failure); null when it does not renew. */
  nextRenewalAt: string | null;
  /** Failed renewal charges of the period being renewed. */
  renewalAttempts: number;
  lastRenewalFailure: string | null;
  /** The card renewals charge ("Visa •••• 4242"), or null. */
  card: string | null;
  cancelledAt: string | null;
  /** Who cancelled: "customer", the operator's e-mail, or null. */
  cancelledBy: string | null;
  /** A membership that still runs or renews can be cancelled for the customer. */
  canCancel: boolean;
  /** Billed yearly: cancelling ends it now with a refund of unused full months. */
  yearly: boolean;
}

/** Every membership and care plan, newest end first: who holds which, until when, how it renews (operators only). */
export async function operatorListPlans(actor: Pick<UserRow, "role">, kind?: PlanKind, now: Date = new Date()): Promise<OperatorPlan[]> {
  assertOperator(actor);
  const db = await getDb();
  const plans = await withPlanFacts(
    db,
    await db
      .select()
      .from(memberships)
      .where(kind ? eq(memberships.kind, kind) : undefined)
      .orderBy(desc(memberships.endsAt), desc(memberships.id)),
  );
  const emailOf = await emailsOfUsers(
    db,
    plans.flatMap((plan) => [plan.userId, plan.cancelledByUserId]),
  );
  return plans.map((plan) => {
    const renewing = plan.autoRenew && (plan.status === "active" || plan.status === "past_due");
    // Stored "active" only says it was never cancelled or lapsed; the dates say whether it runs now.
    const status: OperatorPlanStatus =
      plan.status !== "active"
        ? plan.status
        : plan.endsAt <= now && !renewing
          ? plan.cancelledAt
            ? "cancelled"
            : "expired"
          : plan.startsAt > now
            ? "scheduled"
            : "active";
    return {
      id: plan.id,
      kind: plan.kind,
      sku: plan.sku,
      planName: plan.name,
      customerEmail: emailOf(plan.userId) ?? "",
      status,
      startsAt: plan.startsAt.toISOString(),
      endsAt: plan.endsAt.toISOString(),
      orderId: plan.orderId,
      nextRenewalAt: renewing ? (plan.nextRenewalAttemptAt ?? plan.endsAt).toISOString() : null,
      renewalAttempts: plan.renewalAttempts,
      lastRenewalFailure: plan.lastRenewalFailure,
      card: plan.card,
      cancelledAt: plan.cancelledAt?.toISOString() ?? null,
      cancelledBy: plan.cancelledAt ? (plan.cancelledByUserId === plan.userId ? "customer" : emailOf(plan.cancelledByUserId)) : null,
      yearly: plan.planMonths >= YEARLY_PLAN_MONTHS,
      canCancel:
        plan.kind === "membership" &&
        plan.cancelledAt === null &&
        (plan.status === "past_due" || (plan.status === "active" && (plan.endsAt > now || renewing))),
    };
  });
}
