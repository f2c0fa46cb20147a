import "server-only";
import { and, eq } from "drizzle-orm";
import type { Transaction } from "@/lib/db/client";
import { memberships, type UserRow } from "@/lib/db/schema";
import { centsToAmount } from "@/lib/rules/money";
import type { CareCancellation } from "@/lib/schemas/purifier";
import { assertOperator } from "@/lib/server/auth/roles";
import { AppError } from "@/lib/server/base/errors";
import { careCancelledMail, type CancellationFacts } from "@/lib/server/mail/templates/memberships";
import { queueMail } from "@/lib/server/mail/outbox";
import { customerActor, operatorActor, type EventActor } from "@/lib/server/orders";
import { inTransaction } from "@/lib/server/transaction";
import { getDb } from "@/lib/db/client";
import { planMailFacts, planRows } from "./plan-rows";
import { MEMBERSHIP_MESSAGES } from "./messages";
import { cancelPlanUnderRule, planRefundRule, type PlanRefund, type PlanRow } from "./plan-refunds";
import { OPERATOR_ROLE } from "@/lib/config/roles";

// Cancelling a Lenwell Care plan, by its holder or by an operator for them: the plan ends at once
// and what comes back follows the care plan's rule (plan-refunds.ts). A repair already asked for
// under the plan stays covered: it recorded the plan when it was made.

function toCancellation(rule: PlanRefund): CareCancellation {
  return { refund: centsToAmount(rule.refundCents), why: rule.why, card: rule.card };
}

/** The customer's running or queued care plan `planId`, with its facts; 404 for anyone else's or one that ended. */
async function livePlan(db: Parameters<typeof planRows>[0], userId: string | null, planId: string, now: Date): Promise<PlanRow> {
  const [owner] = await db.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.id, planId)).limit(1);
  if (!owner || (userId !== null && owner.userId !== userId)) throw new AppError(404, MEMBERSHIP_MESSAGES.planNotFound);
  const row = (await planRows(db, owner.userId, ["care"])).find((plan) => plan.id === planId);
  if (!row) throw new AppError(404, MEMBERSHIP_MESSAGES.planNotFound);
  if (row.status !== "active" || row.endsAt <= now) throw new AppError(409, MEMBERSHIP_MESSAGES.careNotRunning);
  return row;
}

/** GET /user/care/cancel?planId=…: what cancelling the plan now would give back, as the confirm dialog says it. */
export async function previewCareCancellation(userId: string, planId: string, now: Date = new Date()): Promise<CareCancellation> {
  const db = await getDb();
  return toCancellation(await planRefundRule(db, await livePlan(db, userId, planId, now), now));
}

/**
 * Cancels a care plan in the caller's transaction (an operator's plan cancel): what the membership
 * cancel's answer says of it (ended now, with what came back).
 */
export async function cancelCareFor(tx: Transaction, planId: string, by: EventActor, now: Date): Promise<CancellationFacts> {
  const { rule } = await cancelCareRow(tx, null, planId, by, now);
  return { mode: "now", refundCents: rule.refundCents, unusedMonths: rule.unusedMonths, card: rule.card };
}

async function cancelCare(tx: Transaction, userId: string | null, planId: string, by: EventActor, now: Date): Promise<CareCancellation> {
  return toCancellation((await cancelCareRow(tx, userId, planId, by, now)).rule);
}

async function cancelCareRow(
  tx: Transaction,
  userId: string | null,
  planId: string,
  by: EventActor,
  now: Date,
): Promise<{ rule: PlanRefund }> {
  await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.id, planId), eq(memberships.kind, "care")))
    .for("update");
  const row = await livePlan(tx, userId, planId, now);
  const rule = await cancelPlanUnderRule(tx, row, by, now);
  const holder = await planMailFacts(tx, row.userId, row.name);
  if (holder) {
    await queueMail(tx, careCancelledMail(holder, { cents: rule.refundCents, card: rule.card, why: rule.why }, by.actor === OPERATOR_ROLE));
  }
  return { rule };
}

/** POST /user/care/cancel: the holder cancels their Lenwell Care plan (rule above). */
export async function cancelCarePlan(userId: string, planId: string, now: Date = new Date()): Promise<CareCancellation> {
  return inTransaction((tx) => cancelCare(tx, userId, planId, customerActor(userId), now));
}

/** An operator cancels a customer's Lenwell Care plan under the same rule; the operator is recorded. */
export async function operatorCancelCarePlan(
  actor: Pick<UserRow, "id" | "role">,
  planId: string,
  now: Date = new Date(),
): Promise<CareCancellation> {
  assertOperator(actor);
  return inTransaction((tx) => cancelCare(tx, null, planId, operatorActor(actor), now));
}
