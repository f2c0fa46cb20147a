import "server-only";
import { and, count, eq, inArray, or } from "drizzle-orm";
import { CARE_FULL_REFUND_DAYS, YEARLY_PLAN_MONTHS } from "@/lib/config/memberships";
import type { DbExecutor, Transaction } from "@/lib/db/client";
import { memberships, type MembershipRow } from "@/lib/db/schema";
import { domainQuestion } from "@/lib/server/events/registry";
import { planEndedByRefundMail } from "@/lib/server/mail/templates/memberships";
import { queueMail } from "@/lib/server/mail/outbox";
import { refundCapacity, requestRefund, type EventActor } from "@/lib/server/orders";
import { findOrder } from "@/lib/server/orders/lookups";
import { cardLabel } from "@/lib/server/payments";
import { settledPaymentOf } from "@/lib/server/payments/lookups";
import { storeDate } from "@/lib/server/shipping/dates";
import { planMailFactsOf, planRows } from "./plan-rows";
import { unusedFullMonths, unusedMonthsRefundCents } from "./periods";
import { moveMembership } from "./status";

// The one place that decides what a plan's money can come back as. A membership or Lenwell Care
// line is never returned like goods: after-sale refuses it, and every path that gives money back
// for one (the member's or an operator's cancel, an order cancelled with a plan in it) asks here,
// so a plan is refunded once, by its own rule, and the refund ends it. Money that went back outside
// the shop (the provider's dashboard, a dispute) ends the plan it reached (`endPlansRefunded`).
//
// - Membership, monthly: nothing comes back; renewals stop and it runs to the end of the month paid.
// - Membership, yearly (12 months or more): it ends at once, and the unused full months of the
//   period go back: price paid for the period × unused months ÷ months in the period.
// - A membership past due (its renewal unpaid) ends at once with nothing to refund.
// - Lenwell Care: it ends at once. Within CARE_FULL_REFUND_DAYS of buying it and with no repair made
//   under it, the whole price comes back; later, its unused full months pro rata; once a repair
//   was made under it, nothing.
// Never more than what is left of the plan's line (the ledger refuses more anyway).

/**
 * How many repair requests (open or done, not rejected or cancelled) were made under a care plan:
 * after-sale, above this domain, answers (after-sale/claims.ts), through the asker's transaction.
 */
export const claimsUnderCarePlan = domainQuestion<string, number>("carePlan.claims");

export type PlanRow = MembershipRow & { name: string; planMonths: number; card: string | null };

export interface PlanRefund {
  /** The plan ends now (else it runs to its period's end and stops renewing). */
  endNow: boolean;
  refundCents: number;
  unusedMonths: number;
  /** The order whose line the refund goes back to; null when nothing comes back. */
  orderId: string | null;
  /** "Visa •••• 4242": the card of the payment it goes back to. */
  card: string | null;
  /** Why this amount, in the customer's words. */
  why: string;
}

const NOTHING = { refundCents: 0, unusedMonths: 0, orderId: null, card: null } as const;

/** What one unit of the plan's line was paid (price and tax share), what the line has left, and the card. */
async function linePayment(
  db: DbExecutor,
  orderId: string | null,
  sku: string,
): Promise<{ unitCents: number; leftCents: number; card: string | null } | null> {
  if (!orderId) return null;
  const order = await findOrder(db, orderId);
  if (!order) return null;
  const part = (await refundCapacity(db, order)).find((entry) => entry.sku === sku);
  if (!part) return null;
  const [quantity] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.sku, sku), or(eq(memberships.orderId, orderId), eq(memberships.periodOrderId, orderId))));
  const paid = await settledPaymentOf(db, orderId);
  const units = Math.max(1, quantity?.n ?? 1);
  return {
    unitCents: Math.floor(part.paidCents / units),
    leftCents: part.leftCents,
    card: paid?.brand && paid.last4 ? cardLabel(paid.brand, paid.last4) : null,
  };
}

function monthsWords(months: number): string {
  return months === 1 ? "1 full month" : `${months} full months`;
}

async function membershipRefund(db: DbExecutor, row: PlanRow, now: Date): Promise<PlanRefund> {
  if (row.status === "past_due") return { endNow: true, ...NOTHING, why: "The renewal was not paid, so there is nothing to refund." };
  if (row.planMonths < YEARLY_PLAN_MONTHS) {
    return { endNow: false, ...NOTHING, why: "A monthly membership runs to the end of the month paid for, then stops." };
  }
  const fromDay = row.startsAt > now ? storeDate(row.startsAt) : storeDate(now);
  const unusedMonths = unusedFullMonths(fromDay, storeDate(row.endsAt));
  const orderId = row.periodOrderId ?? row.orderId;
  const paid = await linePayment(db, orderId, row.sku);
  if (!paid) return { endNow: true, ...NOTHING, unusedMonths, why: "No payment of this period is left to refund." };
  // A yearly period is one plan: its months are the plan's length (times the units, for a line of several).
  const periodCents = paid.unitCents;
  const refundCents = Math.min(paid.leftCents, unusedMonthsRefundCents(periodCents, unusedMonths, row.planMonths));
  return { endNow: true, refundCents, unusedMonths, orderId, card: paid.card, why: `${monthsWords(unusedMonths)} not used` };
}

async function careRefund(db: DbExecutor, row: PlanRow, now: Date): Promise<PlanRefund> {
  if ((await claimsUnderCarePlan.ask(row.id, db)) > 0) {
    return { endNow: true, ...NOTHING, why: "A repair was made under the plan, so nothing is refunded." };
  }
  const paid = await linePayment(db, row.orderId, row.sku);
  if (!paid) return { endNow: true, ...NOTHING, why: "No payment of this plan is left to refund." };
  const boughtDaysAgo = (now.getTime() - row.createdAt.getTime()) / 86_400_000;
  if (boughtDaysAgo <= CARE_FULL_REFUND_DAYS) {
    return {
      endNow: true,
      refundCents: Math.min(paid.leftCents, paid.unitCents),
      unusedMonths: row.planMonths,
      orderId: row.orderId,
      card: paid.card,
      why: `cancelled within ${CARE_FULL_REFUND_DAYS} days of buying it`,
    };
  }
  const fromDay = row.startsAt > now ? storeDate(row.startsAt) : storeDate(now);
  const unusedMonths = unusedFullMonths(fromDay, storeDate(row.endsAt));
  const refundCents = Math.min(paid.leftCents, unusedMonthsRefundCents(paid.unitCents, unusedMonths, row.planMonths));
  return { endNow: true, refundCents, unusedMonths, orderId: row.orderId, card: paid.card, why: `${monthsWords(unusedMonths)} not used` };
}

/** What cancelling `row` at `now` does: whether it ends now, and what comes back, to which order. */
export async function planRefundRule(db: DbExecutor, row: PlanRow, now: Date): Promise<PlanRefund> {
  return row.kind === "care" ? careRefund(db, row, now) : membershipRefund(db, row, now);
}

/**
 * Cancels one plan row under its rule inside the caller's transaction (the row locked by the
 * caller): it stops renewing, ends now when the rule says so, and its refund is requested against
 * its line. Answers what the rule decided.
 */
export async function cancelPlanUnderRule(
  tx: Transaction,
  row: PlanRow,
  by: EventActor,
  now: Date,
  options: { orderCancelling?: boolean } = {},
): Promise<PlanRefund> {
  const rule = await planRefundRule(tx, row, now);
  const endsAt = rule.endNow && row.endsAt > now ? new Date(Math.max(now.getTime(), row.startsAt.getTime() + 1)) : row.endsAt;
  const stopped = { autoRenew: false, cancelledAt: now, cancelledByUserId: by.userId, nextRenewalAttemptAt: null };
  if (rule.endNow) await moveMembership(tx, row.id, "cancelled", { ...stopped, endsAt });
  else await tx.update(memberships).set(stopped).where(eq(memberships.id, row.id));
  if (rule.refundCents > 0 && rule.orderId) {
    await requestRefund(tx, {
      orderId: rule.orderId,
      reason: "plan_cancelled",
      by,
      parts: [{ sku: row.sku, cents: rule.refundCents }],
      membershipId: row.id,
      note: `${row.name} cancelled: ${rule.why}`,
      // The order being cancelled becomes "cancelled" itself; otherwise a plan refunded whole makes it "refunded".
      cancelling: options.orderCancelling === true,
      now,
    });
  }
  return rule;
}

/**
 * A refund from outside the shop reached plan lines of `orderId` (`skus`): those plans end now, stop
 * renewing, and their holder is told why. A plan already ended is left as it is.
 */
export async function endPlansRefunded(
  tx: Transaction,
  orderId: string,
  skus: readonly string[],
  how: "refund" | "dispute",
  now: Date,
): Promise<void> {
  if (skus.length === 0) return;
  const rows = await tx
    .select()
    .from(memberships)
    .where(
      and(
        inArray(memberships.sku, [...skus]),
        or(eq(memberships.orderId, orderId), eq(memberships.periodOrderId, orderId)),
        inArray(memberships.status, ["active", "past_due"]),
      ),
    )
    .for("update");
  // One e-mail per kind of plan the refund ended: two care plans bought in one order end together,
  // and two identical e-mails would read as a mistake.
  const endedBySku = new Map<string, { plan: (typeof rows)[number]; count: number }>();
  for (const row of rows) {
    const endsAt = row.endsAt > now ? new Date(Math.max(now.getTime(), row.startsAt.getTime() + 1)) : row.endsAt;
    await moveMembership(tx, row.id, "cancelled", { endsAt, autoRenew: false, cancelledAt: now, nextRenewalAttemptAt: null });
    const ended = endedBySku.get(row.sku);
    endedBySku.set(row.sku, { plan: row, count: (ended?.count ?? 0) + 1 });
  }
  for (const { plan, count } of endedBySku.values()) {
    const holder = await planMailFactsOf(tx, plan);
    if (holder) await queueMail(tx, planEndedByRefundMail(holder, how, count));
  }
}

/**
 * The order that bought plans is cancelled: each plan it bought (or whose period it paid) is
 * cancelled under its own rule, its refund requested against its line. Answers what came back.
 */
export async function cancelPlansOfOrder(tx: Transaction, orderId: string, by: EventActor, now: Date): Promise<number> {
  const locked = await tx
    .select({ id: memberships.id, userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        or(eq(memberships.orderId, orderId), eq(memberships.periodOrderId, orderId)),
        inArray(memberships.status, ["active", "past_due"]),
      ),
    )
    .for("update");
  const first = locked[0];
  if (!first) return 0;
  const rows = (await planRows(tx, first.userId, ["membership", "care"])).filter((row) => locked.some((lock) => lock.id === row.id));
  let refunded = 0;
  for (const row of rows) {
    // Cancelled already under its rule (a monthly membership running to its month's end): nothing more to decide.
    if (row.cancelledAt !== null) continue;
    refunded += (await cancelPlanUnderRule(tx, row, by, now, { orderCancelling: true })).refundCents;
  }
  return refunded;
}
