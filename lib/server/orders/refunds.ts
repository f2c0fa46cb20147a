import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import { shipsToCustomer, UNSHIPPED_CATEGORIES, type MerchandiseCategory } from "@/lib/config/catalog";
import { getDb, type DbExecutor, type Transaction } from "@/lib/db/client";
import { orderItems, orders, refundAllocations, refunds, type OrderRow, type RefundReason, type RefundRow } from "@/lib/db/schema";
import { centsToAmount, formatUsd } from "@/lib/rules/money";
import type { OperatorRefund } from "@/lib/schemas/operator-order";
import { AppError } from "@/lib/server/base/errors";
import { describeError } from "@/lib/server/base/error-log";
import { log } from "@/lib/server/log";
import {
  cardLabel,
  followProviderRefunds,
  lockPayment,
  refundAtProvider,
  refundablePayment,
  releaseRefund,
  reserveRefund,
  type RefundOutcome,
} from "@/lib/server/payments";
import { findPayment, paymentsById } from "@/lib/server/payments/lookups";
import { withProducts } from "@/lib/server/catalog/lookups";
import { lineTaxShareCents } from "@/lib/server/tax";
import { afterCommit, inTransaction } from "@/lib/server/transaction";
import { disputeNote, providerRefundNote, refundNote } from "./event-notes";
import { recordEvent, SYSTEM_ACTOR, type EventActor } from "./events";
import { ORDER_MESSAGES } from "./messages";
import { lockOrder, moveOrder, paymentReceived, reopenRefunded } from "./status";

// The money ledger (lib/db/schema/refunds.ts): every amount that goes back to a customer, whatever
// the path (a cancel, an after-sale refund, a plan's cancellation, a payment that came after its
// order closed, the provider's dashboard, a dispute), is one `refunds` row allocated to the order's
// lines, written here and nowhere else. So one check holds for all of them: what goes back never
// exceeds what was paid, per line (its price and its share of the tax), for the shipping, per order
// and per charge.
//
// Deciding and sending are apart. `requestRefund` writes the row ("pending") in the transaction that
// decides it, under the order's lock, and counts it at once on the order and the charge; the
// provider is called once that transaction has committed (`processRefund`, outside any lock, under
// the row's own idempotency key), and its answer is applied in a short transaction of its own. A
// refund the provider refuses, or that fails later, is reopened: counted back, on the timeline, and
// listed for the operator to retry. A process that dies between the two leaves the row pending,
// and the money job asks the provider again with the same key.

/** A part of an order money can go back for: a line by its sku, or (null) the shipping. */
export interface RefundPart {
  sku: string | null;
  cents: number;
}

/** What one part of an order was paid, and what of it has not gone back yet. */
export interface RefundCapacity {
  sku: string | null;
  name: string;
  category: MerchandiseCategory | null;
  paidCents: number;
  leftCents: number;
}

/** Plans and services: their money comes back only through their own rule (lib/server/memberships/plan-refunds.ts). */
export function isPlanOrService(category: MerchandiseCategory | null): boolean {
  return category !== null && UNSHIPPED_CATEGORIES.includes(category);
}

/** Membership and care plans: lines whose money only their plan's rule gives back (lib/server/memberships/plan-refunds.ts). */
export function isPlanLine(category: MerchandiseCategory | null): boolean {
  return category === "membership" || category === "care";
}

/** Refund rows that count as money going (or gone) back: not refused or failed, not a dispute the shop won. */
const COUNTING = ["pending", "succeeded"] as const;

/**
 * What each part of `order` was paid and has left to give back. A line was paid its total and its
 * share of the tax; the shipping part holds the shipping and what the line shares leave of the tax
 * (their rounding), so the parts add up to the order's total.
 */
export async function refundCapacity(db: DbExecutor, order: OrderRow): Promise<RefundCapacity[]> {
  const ordered = await db
    .select({ sku: orderItems.sku, name: orderItems.name, lineTotalCents: orderItems.lineTotalCents })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.sku));
  const lines = (await withProducts(db, ordered)).map(({ product, ...line }) => ({ ...line, category: product.category }));
  const allocated = await db
    .select({ sku: refundAllocations.sku, cents: sql<number>`sum(${refundAllocations.amountCents})::int` })
    .from(refundAllocations)
    .innerJoin(refunds, eq(refunds.id, refundAllocations.refundId))
    .where(and(eq(refundAllocations.orderId, order.id), inArray(refunds.status, [...COUNTING])))
    .groupBy(refundAllocations.sku);
  const back = (sku: string | null) => allocated.find((row) => row.sku === sku)?.cents ?? 0;
  let taxShared = 0;
  const parts: RefundCapacity[] = lines.map((line) => {
    const tax = lineTaxShareCents(order, line.lineTotalCents, shipsToCustomer(line.category));
    taxShared += tax;
    const paidCents = line.lineTotalCents + tax;
    return { sku: line.sku, name: line.name, category: line.category, paidCents, leftCents: paidCents - back(line.sku) };
  });
  const shippingPaid = order.shippingCents + Math.max(0, order.taxCents - taxShared);
  parts.push({ sku: null, name: "Shipping", category: null, paidCents: shippingPaid, leftCents: shippingPaid - back(null) });
  return parts;
}

export interface RefundSpec {
  orderId: string;
  reason: RefundReason;
  by: EventActor;
  /** Which parts it pays back; empty only for a charge the order never needed (a duplicate). */
  parts: readonly RefundPart[];
  /** The charge it goes back to; by default the order's successful payment. */
  paymentId?: string;
  afterSaleId?: string | null;
  membershipId?: string | null;
  /** Added to the timeline's "$X refunded to Visa ending 4242". */
  note?: string | null;
  /** A cancellation moves the order to "cancelled" itself: the refund never makes it "refunded". */
  cancelling?: boolean;
  now?: Date;
}

/** Whether a refund of this reason counts on the order (a duplicate charge never paid for the order). */
function countsOnOrder(reason: RefundReason): boolean {
  return reason !== "duplicate_charge";
}

/**
 * Decides a refund inside the caller's transaction: checks it against the ledger, writes it
 * pending, counts it on the order and the charge, puts it on the timeline, and has the provider
 * asked once the transaction commits. Refused with the shop's words when a part asks more than it
 * has left.
 */
export async function requestRefund(tx: Transaction, spec: RefundSpec): Promise<RefundRow> {
  const now = spec.now ?? new Date();
  const order = await lockOrder(tx, spec.orderId);
  const amountCents = spec.parts.reduce((sum, part) => sum + part.cents, 0);
  const payment = spec.paymentId ? await lockPayment(tx, spec.paymentId) : await refundablePayment(tx, order.id);
  const total = spec.parts.length === 0 ? payment.amountCents - payment.refundedCents : amountCents;
  if (total <= 0) throw new AppError(409, ORDER_MESSAGES.nothingToRefund);
  if (spec.parts.length > 0) {
    const capacity = await refundCapacity(tx, order);
    for (const part of spec.parts) {
      const left = capacity.find((entry) => entry.sku === part.sku);
      if (!left || part.cents <= 0)
        throw new Error(`Refund part ${part.sku ?? "shipping"} of ${part.cents} cents is not a part of order ${order.id}`);
      if (part.cents > left.leftCents) throw new AppError(409, ORDER_MESSAGES.refundMoreThanLeft(left.name, formatUsd(left.leftCents)));
    }
  }
  await reserveRefund(tx, payment, total, now);

  const id = randomUUID();
  const [row] = await tx
    .insert(refunds)
    .values({
      id,
      paymentId: payment.id,
      orderId: order.id,
      status: "pending",
      reason: spec.reason,
      amountCents: total,
      idempotencyKey: `refund-${id}`,
      actor: spec.by.actor,
      actorUserId: spec.by.userId,
      afterSaleId: spec.afterSaleId ?? null,
      membershipId: spec.membershipId ?? null,
      note: spec.note ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error("The refund insert returned no row");
  if (spec.parts.length > 0) {
    await tx
      .insert(refundAllocations)
      .values(spec.parts.map((part) => ({ refundId: id, orderId: order.id, sku: part.sku, amountCents: part.cents })));
  }
  if (countsOnOrder(spec.reason)) await countOnOrder(tx, order, total, { cancelling: spec.cancelling === true });
  const note = refundNote(total, payment);
  await recordEvent(tx, order.id, "refunded", spec.by, spec.note ? `${note}. ${spec.note}` : note);
  afterCommit(tx, { label: `refund ${id}`, run: () => processRefund(id) });
  return row;
}

/**
 * Raises the order's refunded amount by `cents`; when everything paid has gone back, a paid,
 * shipped or delivered order becomes "refunded" (a cancellation moves it to "cancelled" itself).
 */
async function countOnOrder(tx: Transaction, order: OrderRow, cents: number, options: { cancelling: boolean }): Promise<void> {
  const refundedCents = Math.min(order.totalCents, order.refundedCents + cents);
  const whole = refundedCents >= order.totalCents && paymentReceived(order.status) && !options.cancelling;
  if (whole) await moveOrder(tx, order.id, "refunded", { refundedCents });
  else await tx.update(orders).set({ refundedCents, updatedAt: new Date() }).where(eq(orders.id, order.id));
}

/**
 * Money counted as gone back did not go (a refund failed, a dispute was won): the order's refunded
 * amount falls, and an order "refunded" only by it is what it was before (reopenRefunded).
 */
async function countBackOnOrder(tx: Transaction, orderId: string, cents: number, now: Date): Promise<void> {
  const order = await lockOrder(tx, orderId);
  const refundedCents = Math.max(0, order.refundedCents - cents);
  await tx.update(orders).set({ refundedCents, updatedAt: now }).where(eq(orders.id, order.id));
  if (order.status === "refunded" && refundedCents < order.totalCents) await reopenRefunded(tx, order.id);
}

/**
 * Sends a pending refund to the provider, outside any transaction, and applies the answer. Safe to
 * call again at any time (after a crash, from the money job): the row's key makes the provider
 * answer the refund it made, and only a pending row is acted on.
 */
export async function processRefund(refundId: string): Promise<void> {
  const db = await getDb();
  const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId)).limit(1);
  if (!refund || refund.status !== "pending" || refund.providerRef !== null) return;
  const chargeRef = (await findPayment(db, refund.paymentId))?.providerRef;
  if (!chargeRef) return;
  const outcome = await refundAtProvider(chargeRef, refund.amountCents, refund.idempotencyKey);
  if (!outcome) return;
  await inTransaction((tx) => settleRefund(tx, refund.orderId, refundId, outcome, new Date()));
}

/** Applies the provider's answer to a refund, under its order's lock (the lock every money change takes first). */
async function settleRefund(tx: Transaction, orderId: string, refundId: string, outcome: RefundOutcome, now: Date): Promise<void> {
  await lockOrder(tx, orderId);
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for("update");
  if (!refund || refund.status !== "pending") return;
  if (outcome.status === "refused" || outcome.status === "failed") {
    await reopenRefund(tx, refund, outcome.failureMessage ?? ORDER_MESSAGES.refundFailed, now);
    return;
  }
  const refundRef = outcome.refundRef;
  await tx
    .update(refunds)
    .set({ status: outcome.status, providerRef: refundRef, updatedAt: now, settledAt: outcome.status === "succeeded" ? now : null })
    .where(eq(refunds.id, refund.id));
}

/**
 * A refund that did not reach the customer (refused, or failed after the provider took it): it no
 * longer counts on the charge or the order, the timeline says why, and the console lists it until
 * an operator retries it (`retryRefund`). What it ended (a plan, a return) stays ended: the money
 * is owed, not the goods.
 */
async function reopenRefund(tx: Transaction, refund: RefundRow, message: string, now: Date): Promise<void> {
  await tx
    .update(refunds)
    .set({ status: "failed", failureMessage: message, updatedAt: now, settledAt: now })
    .where(eq(refunds.id, refund.id));
  if (refund.reason !== "dispute") await releaseRefund(tx, refund.paymentId, refund.amountCents, now);
  if (countsOnOrder(refund.reason)) await countBackOnOrder(tx, refund.orderId, refund.amountCents, now);
  await recordEvent(tx, refund.orderId, "refund_failed", SYSTEM_ACTOR, `${formatUsd(refund.amountCents)} refund failed: ${message}`);
}

/**
 * The provider says a refund it had taken failed afterwards (the card was closed): reopened. One the
 * shop made is found by its reference. One made from the provider's dashboard has none in the ledger
 * (the shop learnt only the new total), so it is the newest dashboard refund on the charge of that
 * amount or, when the provider's events arrived newest first and two dashboard refunds were learnt
 * as one, the part of a larger one that failed (carved out, so only it is reopened).
 */
export async function providerRefundFailed(
  tx: Transaction,
  failure: { paymentId: string; refundRef: string; amountCents: number; message: string },
  now: Date,
): Promise<void> {
  const [byRef] = await tx.select().from(refunds).where(eq(refunds.providerRef, failure.refundRef)).limit(1);
  const refund = byRef ?? (await dashboardRefundCovering(tx, failure.paymentId, failure.amountCents));
  if (!refund || refund.status === "failed") return;
  await lockOrder(tx, refund.orderId);
  const [locked] = await tx.select().from(refunds).where(eq(refunds.id, refund.id)).for("update");
  if (!locked || locked.status === "failed") return;
  const failed = locked.providerRef ? locked : await carveDashboardRefund(tx, locked, failure.refundRef, failure.amountCents, now);
  await reopenRefund(tx, failed, failure.message, now);
}

/** The newest succeeded dashboard refund on the charge of exactly `cents`, or else the newest larger one. */
async function dashboardRefundCovering(tx: Transaction, paymentId: string, cents: number): Promise<RefundRow | undefined> {
  const rows = await tx
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.paymentId, paymentId),
        eq(refunds.reason, "provider_dashboard"),
        eq(refunds.status, "succeeded"),
        isNull(refunds.providerRef),
        sql`${refunds.amountCents} >= ${cents}`,
      ),
    )
    .orderBy(desc(refunds.createdAt));
  return rows.find((row) => row.amountCents === cents) ?? rows[0];
}

/**
 * Gives a dashboard refund the provider's reference of the part that failed. When the row is that
 * part and more, the part becomes a row of its own, taking `cents` of the row's allocations with it
 * (last lines first), so the ledger's lines still add up to what each refund paid back.
 */
async function carveDashboardRefund(tx: Transaction, row: RefundRow, refundRef: string, cents: number, now: Date): Promise<RefundRow> {
  if (row.amountCents <= cents) {
    const [named] = await tx.update(refunds).set({ providerRef: refundRef, updatedAt: now }).where(eq(refunds.id, row.id)).returning();
    return named ?? row;
  }
  const [part] = await tx
    .insert(refunds)
    .values({
      ...row,
      id: randomUUID(),
      amountCents: cents,
      idempotencyKey: `provider_dashboard-${refundRef}`,
      providerRef: refundRef,
      updatedAt: now,
    })
    .returning();
  if (!part) throw new Error(`The failed part of refund ${row.id} was not recorded`);
  await tx
    .update(refunds)
    .set({ amountCents: row.amountCents - cents, updatedAt: now })
    .where(eq(refunds.id, row.id));
  const allocations = await tx
    .select()
    .from(refundAllocations)
    .where(eq(refundAllocations.refundId, row.id))
    .orderBy(desc(refundAllocations.id));
  let left = cents;
  for (const allocation of allocations) {
    if (left === 0) break;
    const moved = Math.min(left, allocation.amountCents);
    left -= moved;
    if (moved === allocation.amountCents)
      await tx.update(refundAllocations).set({ refundId: part.id }).where(eq(refundAllocations.id, allocation.id));
    else {
      await tx
        .update(refundAllocations)
        .set({ amountCents: allocation.amountCents - moved })
        .where(eq(refundAllocations.id, allocation.id));
      await tx
        .insert(refundAllocations)
        .values({ refundId: part.id, orderId: allocation.orderId, sku: allocation.sku, amountCents: moved });
    }
  }
  return part;
}

/**
 * An operator sends a reopened refund again: a new refund for the same parts, under a new key
 * (the provider refused the old one for good). The failed row stays, as the record of the failure.
 */
export async function retryRefund(tx: Transaction, refundId: string, by: EventActor, now: Date): Promise<RefundRow> {
  const [failed] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).limit(1);
  if (!failed) throw new AppError(404, ORDER_MESSAGES.refundNotFound);
  await lockOrder(tx, failed.orderId);
  const [locked] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for("update");
  if (!locked || locked.status !== "failed") throw new AppError(409, ORDER_MESSAGES.refundNotFailed);
  const [retried] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(eq(refunds.note, `Retry of ${locked.id}`))
    .limit(1);
  if (retried) throw new AppError(409, ORDER_MESSAGES.refundRetried);
  const parts = await tx
    .select({ sku: refundAllocations.sku, cents: refundAllocations.amountCents })
    .from(refundAllocations)
    .where(eq(refundAllocations.refundId, locked.id));
  return requestRefund(tx, {
    orderId: locked.orderId,
    paymentId: locked.paymentId,
    reason: locked.reason,
    by,
    parts,
    afterSaleId: locked.afterSaleId,
    membershipId: locked.membershipId,
    note: retryNote(locked.id),
    now,
  });
}

function retryNote(refundId: string): string {
  return `Retry of ${refundId}`;
}

/**
 * Shares `cents` that went back outside the shop (the dashboard, a dispute) over the order's parts
 * with money left: the shipping first, then goods, then plans and services last, so a partial
 * refund reaches a plan only when nothing else is left. Answers the parts and the plan skus reached.
 */
function shareOut(capacity: readonly RefundCapacity[], cents: number): { parts: RefundPart[]; planSkus: string[] } {
  const order = [...capacity].sort((a, b) => rank(a) - rank(b));
  const parts: RefundPart[] = [];
  const planSkus: string[] = [];
  let left = cents;
  for (const part of order) {
    if (left <= 0) break;
    const take = Math.min(left, part.leftCents);
    if (take <= 0) continue;
    parts.push({ sku: part.sku, cents: take });
    if (part.sku !== null && isPlanOrService(part.category)) planSkus.push(part.sku);
    left -= take;
  }
  return { parts, planSkus };
}

function rank(part: RefundCapacity): number {
  if (part.sku === null) return 0;
  return isPlanOrService(part.category) ? 2 : 1;
}

/**
 * Records money that went back outside the shop, already moved at the provider: `reason`
 * "provider_dashboard" (a refund from the dashboard) or "dispute" (the bank took it back). It is
 * shared over the order's parts (`shareOut`) and counted on the order; answers the plan skus it
 * reached, whose plans then end (a refund ends what it paid for).
 */
export async function recordOutsideRefund(
  tx: Transaction,
  order: OrderRow,
  outside: { paymentId: string; cents: number; reason: "provider_dashboard" | "dispute"; providerRef: string | null; note: string },
  now: Date,
): Promise<string[]> {
  const capacity = await refundCapacity(tx, order);
  const left = capacity.reduce((sum, part) => sum + part.leftCents, 0);
  const cents = Math.min(outside.cents, left);
  if (cents <= 0) return [];
  const { parts, planSkus } = shareOut(capacity, cents);
  const id = randomUUID();
  await tx.insert(refunds).values({
    id,
    paymentId: outside.paymentId,
    orderId: order.id,
    status: "succeeded",
    reason: outside.reason,
    amountCents: cents,
    idempotencyKey: `${outside.reason}-${outside.providerRef ?? id}`,
    providerRef: outside.providerRef,
    actor: "system",
    note: outside.note,
    createdAt: now,
    updatedAt: now,
    settledAt: now,
  });
  await tx
    .insert(refundAllocations)
    .values(parts.map((part) => ({ refundId: id, orderId: order.id, sku: part.sku, amountCents: part.cents })));
  await countOnOrder(tx, order, cents, { cancelling: false });
  return planSkus;
}

/**
 * The provider says `refundedCents` of the charge have gone back in all: what is more than the
 * shop counted came from its dashboard, and is recorded now. Answers the plan skus it reached.
 */
export async function recordDashboardRefund(
  tx: Transaction,
  order: OrderRow,
  paymentId: string,
  refundedCents: number,
  now: Date,
): Promise<string[]> {
  const more = await followProviderRefunds(tx, paymentId, refundedCents, now);
  if (more <= 0) return [];
  const planSkus = await recordOutsideRefund(
    tx,
    order,
    { paymentId, cents: more, reason: "provider_dashboard", providerRef: null, note: providerRefundNote(more) },
    now,
  );
  await recordEvent(tx, order.id, "refunded", SYSTEM_ACTOR, providerRefundNote(more));
  return planSkus;
}

/** A dispute took `cents` back from the shop: recorded once per dispute. Answers the plan skus it reached. */
export async function recordDispute(
  tx: Transaction,
  order: OrderRow,
  dispute: { paymentId: string; disputeRef: string; cents: number; reason: string },
  now: Date,
): Promise<string[]> {
  const [known] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.reason, "dispute"), eq(refunds.providerRef, dispute.disputeRef)))
    .limit(1);
  if (known) return [];
  const note = disputeNote(dispute.cents, dispute.reason);
  const planSkus = await recordOutsideRefund(
    tx,
    order,
    { paymentId: dispute.paymentId, cents: dispute.cents, reason: "dispute", providerRef: dispute.disputeRef, note },
    now,
  );
  await recordEvent(tx, order.id, "disputed", SYSTEM_ACTOR, note);
  return planSkus;
}

/** A dispute the shop won: the bank gave the money back, so it no longer counts as gone back. */
export async function recordDisputeWon(tx: Transaction, order: OrderRow, disputeRef: string, now: Date): Promise<void> {
  const [dispute] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.reason, "dispute"), eq(refunds.providerRef, disputeRef), eq(refunds.status, "succeeded")))
    .for("update");
  if (!dispute) return;
  await tx.update(refunds).set({ status: "reversed", updatedAt: now }).where(eq(refunds.id, dispute.id));
  await countBackOnOrder(tx, order.id, dispute.amountCents, now);
  await recordEvent(
    tx,
    order.id,
    "dispute_won",
    SYSTEM_ACTOR,
    `${formatUsd(dispute.amountCents)} returned to the shop: the dispute was decided in its favour`,
  );
}

/** Refunds still waiting for the provider's answer, decided before `before` (the process that sent them may have died). */
export async function stalledRefunds(db: DbExecutor, before: Date, limit = 50): Promise<string[]> {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, "pending"), isNull(refunds.providerRef), lt(refunds.createdAt, before), ne(refunds.reason, "dispute")))
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Sends the refunds a dead process left pending; one that fails again is logged and tried on the next run. */
export async function resendStalledRefunds(now: Date): Promise<number> {
  const ids = await stalledRefunds(await getDb(), new Date(now.getTime() - STALLED_AFTER_MS));
  for (const id of ids) {
    try {
      await processRefund(id);
    } catch (error) {
      log.error({ refundId: id, error: describeError(error) }, `Refund ${id} could not be sent: ${describeError(error)}`);
    }
  }
  return ids.length;
}

/** A refund decided this long ago without the provider's answer was left by a process that died. */
export const STALLED_AFTER_MS = 60_000;

const REASON_WORDS: Readonly<Record<RefundReason, string>> = {
  order_cancelled: "Order cancelled",
  after_sale: "After-sale refund",
  plan_cancelled: "Plan cancelled",
  paid_after_close: "Paid after the order closed",
  duplicate_charge: "Second charge of a paid order",
  provider_dashboard: "Refunded from the provider's dashboard",
  dispute: "Dispute (chargeback)",
  before_ledger: "Refund",
};

/** The order's refunds, oldest first, as the console lists them; a failed one not yet sent again can be retried. */
export async function refundsOfOrder(db: DbExecutor, orderId: string): Promise<OperatorRefund[]> {
  const rows = await db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt), asc(refunds.id));
  const paidWith = await paymentsById(
    db,
    rows.map((refund) => refund.paymentId),
  );
  const retried = new Set(rows.map((refund) => refund.note?.match(/^Retry of ([0-9a-f-]{36})$/)?.[1]).filter(Boolean));
  return rows.map((refund) => {
    const { brand, last4 } = paidWith.get(refund.paymentId) ?? {};
    const card = brand && last4 ? cardLabel(brand, last4) : "the card it was paid with";
    return {
      refundId: refund.id,
      amount: centsToAmount(refund.amountCents),
      status: refund.status,
      reason: REASON_WORDS[refund.reason],
      to: refund.providerRef ? `${card} · ${refund.providerRef}` : card,
      failureMessage: refund.failureMessage,
      createdAt: refund.createdAt.toISOString(),
      canRetry: refund.status === "failed" && !retried.has(refund.id),
    };
  });
}
