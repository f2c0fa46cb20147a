import "server-only";
import { and, desc, eq, gt, inArray, or } from "drizzle-orm";
import { getDb, type DbExecutor, type Transaction } from "@/lib/db/client";
import { memberships, orderItems, orders, products, savedPaymentMethods, type MembershipRow, type PlanKind } from "@/lib/db/schema";
import type { Membership } from "@/lib/schemas/user";
import { activateCarePlans } from "./care";
import { cardLabel, previewCancellation } from "./cancel";
import { memberBenefitsAt } from "./member-rule";
import { addMonths } from "./periods";

// Membership and care plans come to life when the order that bought them is paid. A plan bought
// while one of the same kind is running starts when that one ends, so paying twice never wastes
// months; each unit of the line adds its plan length.

function planKind(category: string): PlanKind | null {
  if (category === "membership") return "membership";
  if (category === "care") return "care";
  return null;
}

/** Whether the order buys a membership: then the card that pays it is kept for the renewals (the payment page says so). */
export async function orderHasMembership(orderId: string, db?: DbExecutor): Promise<boolean> {
  const executor = db ?? (await getDb());
  const [line] = await executor
    .select({ sku: orderItems.sku })
    .from(orderItems)
    .innerJoin(products, eq(products.sku, orderItems.sku))
    .where(and(eq(orderItems.orderId, orderId), eq(products.category, "membership")))
    .limit(1);
  return line !== undefined;
}

/**
 * Creates the plans a paid order bought (inside the payment's transaction). Running it again for
 * the same order adds nothing, so the payment and the order's "paid" step may both call it. A
 * membership renews on `paymentMethodId` (the card that paid); one queued behind a running
 * membership takes the renewals over, so the running one stops renewing and simply hands on.
 */
export async function activatePlans(
  tx: Transaction,
  orderId: string,
  now: Date = new Date(),
  options: { paymentMethodId?: string | null } = {},
): Promise<MembershipRow[]> {
  const [order] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw new Error(`activatePlans: no order ${orderId}`);
  // A renewal's order pays for a membership that runs already (renewOnPaidOrder): nothing starts.
  const [already] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(or(eq(memberships.orderId, orderId), eq(memberships.renewalOrderId, orderId), eq(memberships.periodOrderId, orderId)))
    .limit(1);
  if (already) return [];

  const lines = await tx
    .select({ sku: orderItems.sku, quantity: orderItems.quantity, category: products.category, planMonths: products.planMonths })
    .from(orderItems)
    .innerJoin(products, eq(products.sku, orderItems.sku))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.sku);

  const created: MembershipRow[] = [];
  for (const line of lines) {
    const kind = planKind(line.category);
    if (!kind || !line.planMonths) continue;
    if (kind === "care") {
      // Each care plan covers one purifier, so it queues behind that purifier's plan, not the buyer's.
      created.push(
        ...(await activateCarePlans(
          tx,
          { userId: order.userId, orderId, sku: line.sku, planMonths: line.planMonths, quantity: line.quantity },
          now,
        )),
      );
      continue;
    }
    const [running] = await tx
      .select({ endsAt: memberships.endsAt })
      .from(memberships)
      .where(
        and(
          eq(memberships.userId, order.userId),
          eq(memberships.kind, kind),
          eq(memberships.status, "active"),
          gt(memberships.endsAt, now),
        ),
      )
      .orderBy(desc(memberships.endsAt))
      .limit(1);
    const startsAt = running ? running.endsAt : now;
    const renews = kind === "membership";
    if (renews) {
      // One membership renews at a time: the new one. A running one hands on at its end; one whose
      // renewal was failing (past due) stops being retried and ends now that a new one is paid.
      await tx
        .update(memberships)
        .set({ autoRenew: false, nextRenewalAttemptAt: null })
        .where(and(eq(memberships.userId, order.userId), eq(memberships.kind, "membership"), eq(memberships.autoRenew, true)));
      await tx
        .update(memberships)
        .set({ status: "expired" })
        .where(and(eq(memberships.userId, order.userId), eq(memberships.kind, "membership"), eq(memberships.status, "past_due")));
    }
    const [row] = await tx
      .insert(memberships)
      .values({
        userId: order.userId,
        kind,
        sku: line.sku,
        orderId,
        periodOrderId: orderId,
        status: "active",
        startsAt,
        endsAt: addMonths(startsAt, line.planMonths * line.quantity),
        autoRenew: renews,
        paymentMethodId: renews ? (options.paymentMethodId ?? null) : null,
      })
      .returning();
    if (row) created.push(row);
  }
  return created;
}

export { activateCarePlans, assertCarePlanBuyable, careCoverageOf, coveringCarePlan } from "./care";
export { activeMembershipEnd, assertMembershipBuyable, assertMembershipPayable } from "./one-per-customer";
export { MEMBERSHIP_MESSAGES } from "./messages";
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

type PlanWithFacts = MembershipRow & { name: string; planMonths: number; card: string | null };

/**
 * Whether the plan is running at `now`: within its paid period, due for renewal (the job charges it
 * within minutes), or past due while its renewal is retried.
 */
function runs(row: MembershipRow, now: Date): boolean {
  return row.status === "past_due" || (row.status === "active" && (row.endsAt > now || row.autoRenew));
}

/** The membership's renewal order while it still waits to be paid (the member may have cancelled it). */
async function renewalOrderToPay(db: DbExecutor, row: MembershipRow): Promise<string | null> {
  if (!row.renewalOrderId) return null;
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, row.renewalOrderId)).limit(1);
  return order?.status === "pending_payment" ? row.renewalOrderId : null;
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

/** The customer's plans with what the pages and the cancel rules need: plan name and length, renewal card. */
export async function planRows(db: DbExecutor, userId: string, kinds: readonly PlanKind[]): Promise<PlanWithFacts[]> {
  const rows = await db
    .select({
      plan: memberships,
      name: products.name,
      planMonths: products.planMonths,
      brand: savedPaymentMethods.brand,
      last4: savedPaymentMethods.last4,
    })
    .from(memberships)
    .innerJoin(products, eq(products.sku, memberships.sku))
    .leftJoin(savedPaymentMethods, eq(savedPaymentMethods.id, memberships.paymentMethodId))
    .where(and(eq(memberships.userId, userId), inArray(memberships.kind, [...kinds])));
  return rows.map((row) => ({
    ...row.plan,
    name: row.name,
    planMonths: row.planMonths ?? 1,
    card: row.brand && row.last4 ? cardLabel(row.brand, row.last4) : null,
  }));
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

export { addMonths } from "./periods";
export { cancelMembership, adminCancelMembership, cardLabel, type CancelOutcome } from "./cancel";
export { adminCancelCarePlan, cancelCarePlan, previewCareCancellation } from "./care-cancel";
export { cancelPlansOfOrder, endPlansRefunded, planRefundRule, type PlanRefund } from "./plan-refunds";
export { renewOnPaidOrder, setRenewalCard, runRenewals, type RenewalReport } from "./renewals";
export { runCareReminders } from "./reminders";
export { MEMBERSHIP_JOBS } from "./jobs";
