import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Transaction } from "@/lib/db/client";
import { memberships, type UserRow } from "@/lib/db/schema";
import type { CancellationPreview, Membership } from "@/lib/schemas/user";
import { assertOperator } from "@/lib/server/auth/roles";
import { AppError } from "@/lib/server/base/errors";
import { membershipCancelledMail, type CancellationFacts } from "@/lib/server/mail/templates/memberships";
import { queueMail } from "@/lib/server/mail/outbox";
import { customerActor, operatorActor, type EventActor } from "@/lib/server/orders";
import { inTransaction } from "@/lib/server/transaction";
import { summary, toPreview, type RowPlan } from "./cancel-preview";
import { customerPlans } from "./customer-plans";
import { planMailFacts, planRows } from "./plan-rows";
import { MEMBERSHIP_MESSAGES } from "./messages";
import { cancelCareFor } from "./care-cancel";
import { cancelPlanUnderRule } from "./plan-refunds";
import { OPERATOR_ROLE } from "@/lib/config/roles";

// Cancelling a membership, as the membership page promises it:
// - monthly: renewals stop; the membership stays active until the end of the month paid for, then
//   ends (the profile then says "cancelled"); nothing more is charged;
// - yearly (a plan of 12 months or more): it ends at once, and the unused full months of the paid
//   period go back to the payment that paid it: whole calendar months from the cancel day (a day in
//   the shop's time zone, America/Chicago) to the day the period ends, and
//   refund = price paid for the period (the plan's line, and its share of the order's sales tax
//   when the order was made before plans stopped carrying tax)
//   × unused months ÷ months in the period, rounded to the cent.
// A plan queued behind the running one follows its own rule (a queued yearly plan has all its
// months unused). A past-due membership (renewal not paid) ends at once with nothing to refund.

export interface CancelOutcome {
  membership: Membership | null;
  cancellation: CancellationPreview;
}

async function cancelFor(tx: Transaction, userId: string, by: EventActor, now: Date): Promise<CancellationFacts> {
  // The rows are locked first, so two cancels (a double click, the member and an operator) run one
  // after the other and the second finds nothing left to cancel.
  const locked = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.kind, "membership"), inArray(memberships.status, ["active", "past_due"])))
    .for("update");
  const rows = (await planRows(tx, userId, ["membership"])).filter(
    (row) =>
      locked.some((lock) => lock.id === row.id) &&
      row.cancelledAt === null &&
      (row.status === "past_due" || row.endsAt > now || row.autoRenew),
  );
  if (rows.length === 0) {
    const [any] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.kind, "membership")))
      .limit(1);
    throw new AppError(409, any ? MEMBERSHIP_MESSAGES.alreadyCancelled : MEMBERSHIP_MESSAGES.noMembership);
  }
  const plans: RowPlan[] = [];
  for (const row of rows) {
    const rule = await cancelPlanUnderRule(tx, row, by, now);
    plans.push({ row, endNow: rule.endNow, refundCents: rule.refundCents, unusedMonths: rule.unusedMonths, refundCard: rule.card });
  }
  const facts = summary(plans);
  const first = rows[0];
  const mailFacts = first ? await planMailFacts(tx, userId, first.name) : null;
  if (mailFacts) await queueMail(tx, membershipCancelledMail(mailFacts, facts, by.actor === OPERATOR_ROLE));
  return facts;
}

/** POST /user/membership/cancel: the member cancels their membership (rules above). */
export async function cancelMembership(userId: string, now: Date = new Date()): Promise<CancelOutcome> {
  const facts = await inTransaction((tx) => cancelFor(tx, userId, customerActor(userId), now));
  return { membership: (await customerPlans(userId, now)).membership, cancellation: toPreview(facts) };
}

/** POST /api/v1/admin/plans/cancel: an operator cancels a customer's membership, same rules; the operator is recorded. */
export async function operatorCancelMembership(
  actor: Pick<UserRow, "id" | "role">,
  membershipId: string,
  now: Date = new Date(),
): Promise<CancelOutcome> {
  assertOperator(actor);
  const facts = await inTransaction(async (tx) => {
    const [row] = await tx
      .select({ userId: memberships.userId, kind: memberships.kind })
      .from(memberships)
      .where(eq(memberships.id, membershipId))
      .limit(1);
    if (!row) throw new AppError(404, MEMBERSHIP_MESSAGES.planNotFound);
    // A care plan is cancelled under its own rule (care-cancel.ts), never refunded outside it.
    if (row.kind === "care") return { userId: row.userId, facts: await cancelCareFor(tx, membershipId, operatorActor(actor), now) };
    return { userId: row.userId, facts: await cancelFor(tx, row.userId, operatorActor(actor), now) };
  });
  return { membership: (await customerPlans(facts.userId, now)).membership, cancellation: toPreview(facts.facts) };
}
