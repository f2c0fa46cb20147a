import "server-only";
import { and, asc, eq, gte, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import { RENEWAL_RETRY_DAYS, YEARLY_PLAN_MONTHS, YEARLY_RENEWAL_NOTICE_DAYS } from "@/lib/config/memberships";
import { getDb, type Transaction } from "@/lib/db/client";
import { memberships, type MembershipRow, type ProductRow } from "@/lib/db/schema";
import { findProduct, planSkusOfAtLeast } from "@/lib/server/catalog/lookups";
import type { CardInput } from "@/lib/rules/card-rules";
import type { Membership } from "@/lib/schemas/user";
import { AppError } from "@/lib/server/base/errors";
import { queueMail } from "@/lib/server/mail/outbox";
import {
  membershipLapsedMail,
  renewalConfirmMail,
  renewalFailedMail,
  renewalNoticeMail,
  renewalReceiptMail,
  type PlanMailFacts,
} from "@/lib/server/mail/templates/memberships";
import { cancelPaidRenewalOrder, createRenewalOrder } from "@/lib/server/orders";
import { awaitsPayment } from "@/lib/server/orders/lookups";
import { PAYMENT_MESSAGES, chargeSavedCard, recordOffSessionPayment, saveCardForUser, type ChargeResult } from "@/lib/server/payments";
import { inTransaction } from "@/lib/server/transaction";
import { cardLabel } from "@/lib/server/payments/card-label";
import { findPayment, findSavedMethod, isChargeRecorded } from "@/lib/server/payments/lookups";
import { customerPlans } from "./customer-plans";
import { MEMBERSHIP_MESSAGES } from "./messages";
import { nextPeriodEnd } from "./periods";
import { planMailFacts } from "./plan-rows";
import { moveMembership } from "./status";

// Renewals. At the end of each period (endsAt) of a membership that renews, the job charges the
// saved card off-session: success makes a paid order for the plan (the receipt in Orders and by
// e-mail) and moves endsAt one period on; a failure makes the membership "past due", e-mails the
// member with a link to change the card, and tries again RENEWAL_RETRY_DAYS after the period's end
// (1, 3 and 7 days). Past due keeps the benefits; when the last try fails the membership lapses
// ("expired", endsAt left at the paid period's end) with an e-mail.
//
// A bank that wants the holder present for the charge (Stripe's authentication_required) is not a
// decline: the period's renewal order is made unpaid, with the waiting charge as its payment, and
// the member is e-mailed a link to its payment page to confirm it with their bank. The membership
// is past due meanwhile; the order stays payable until the moment it would lapse (the last retry),
// when the orders' expiry sweep cancels it and stops the charge. Paying it (the page's re-check or
// the provider's webhook, in the orders service) renews the membership through renewOnPaidOrder,
// which moves the period on exactly as a successful charge here does (advancePeriod).
//
// Each renewal runs in its own transaction that starts with a conditional UPDATE on the membership
// row (still renewing, still due): a second instance running the job at the same moment waits on
// that row, then finds it no longer due, so a period is charged and extended once. The provider's
// idempotency key names the membership, the period's end and the try, so a run that dies after
// the charge gets the same charge back when it runs again.

const DAY_MS = 86_400_000;

export interface RenewalReport {
  [key: string]: number;
  notices: number;
  renewed: number;
  failed: number;
  /** Renewals whose charge now waits for the member to confirm it with their bank. */
  awaiting: number;
  lapsed: number;
}

/**
 * Until when a renewal that keeps failing can still be paid: the last retry after the period's
 * end, when the membership lapses. A renewal waiting for the bank's confirmation waits that long.
 */
function lapseMoment(endsAt: Date): Date {
  const lastRetryDays = RENEWAL_RETRY_DAYS[RENEWAL_RETRY_DAYS.length - 1] ?? 0;
  return new Date(endsAt.getTime() + lastRetryDays * DAY_MS);
}

/** When a membership is next charged: its period's end, or the retry after a failure. */
const dueAt = sql`coalesce(${memberships.nextRenewalAttemptAt}, ${memberships.endsAt})`;

function renewingAndDue(now: Date) {
  return and(
    eq(memberships.kind, "membership"),
    eq(memberships.autoRenew, true),
    inArray(memberships.status, ["active", "past_due"]),
    lte(dueAt, now),
  );
}

/**
 * Moves a renewed membership on by one period, whoever brought the money in: the job's off-session
 * charge (renewOne) or the member confirming a waiting renewal order (renewOnPaidOrder). The new
 * end counts from the plan's start, `orderId` becomes the order that paid the period, the failures
 * are forgotten, and the member gets the receipt. `paymentMethodId`: a card the member kept while
 * paying, which the next renewals charge; null keeps the renewal card as it is.
 */
async function advancePeriod(
  tx: Transaction,
  row: MembershipRow,
  paid: { planMonths: number; orderId: string; amountCents: number; card: string; paymentMethodId: string | null },
  facts: PlanMailFacts | null,
): Promise<Date> {
  const endsAt = nextPeriodEnd(row.startsAt, row.endsAt, paid.planMonths);
  await moveMembership(tx, row.id, "active", {
    endsAt,
    periodOrderId: paid.orderId,
    renewalOrderId: null,
    renewalAttempts: 0,
    nextRenewalAttemptAt: null,
    lastRenewalFailure: null,
    paymentMethodId: paid.paymentMethodId ?? row.paymentMethodId,
  });
  if (facts) await queueMail(tx, renewalReceiptMail(facts, paid.orderId, paid.amountCents, paid.card, endsAt));
  return endsAt;
}

/** Whether the membership's renewal order waits to be paid (not paid yet, not cancelled or expired). */
async function renewalOrderWaits(tx: Transaction, row: MembershipRow): Promise<boolean> {
  return awaitsPayment(tx, row.renewalOrderId);
}

/** Renews one membership if it is still due at `now`; what happened, or null when another run got it first. */
async function renewOne(id: string, now: Date): Promise<"renewed" | "failed" | "awaiting" | "lapsed" | null> {
  // First, under the row's lock, whether a charge is due at all (a renewal may already wait for the member).
  const due = await inTransaction(async (tx): Promise<"lapsed" | "awaiting" | null | { row: MembershipRow }> => {
    const [row] = await tx
      .select()
      .from(memberships)
      .where(and(eq(memberships.id, id), renewingAndDue(now)))
      .for("update");
    if (!row) return null;
    const product = await findProduct(tx, row.sku);
    if (!product?.planMonths) throw new Error(`Membership ${row.id}: plan ${row.sku} has no length`);

    // The period's renewal already waits for the member's confirmation. Charging again would meet
    // the same demand from the bank, make a second charge the member might confirm as well, and
    // leave the link they were sent pointing at the wrong one: so the waiting order is re-used, and
    // a run before the lapse (the member chose another card, which asks for a retry now) only puts
    // the next run back at the lapse. The member pays the order itself, with this card or another.
    // At the lapse the order's own expiry (the same moment) cancels it, maybe just before this run:
    // either way the renewal was not confirmed in time. Only an order the member cancelled earlier
    // lets this try charge again.
    if (row.renewalOrderId) {
      const until = lapseMoment(row.endsAt);
      if (now >= until) {
        await lapse(
          tx,
          row,
          row.renewalAttempts + 1,
          MEMBERSHIP_MESSAGES.renewalNotConfirmed,
          await planMailFacts(tx, row.userId, product.name),
          "unconfirmed",
        );
        return "lapsed";
      }
      if (await renewalOrderWaits(tx, row)) {
        await tx.update(memberships).set({ nextRenewalAttemptAt: until }).where(eq(memberships.id, row.id));
        return "awaiting";
      }
    }
    return { row };
  });
  if (due === null || typeof due === "string") return due;

  // The charge, outside any transaction, under a key of the membership, its period and the try: a
  // run that dies after it and runs again gets the same charge back, never a second one.
  const claimed = due.row;
  const product = await findProduct(await getDb(), claimed.sku);
  const planMonths = product?.planMonths;
  if (!product || !planMonths) throw new Error(`Membership ${claimed.id}: plan ${claimed.sku} has no length`);
  const amountCents = product.discountPriceCents;
  const charge = await chargeSavedCard({
    userId: claimed.userId,
    paymentMethodId: claimed.paymentMethodId,
    amountCents,
    idempotencyKey: `renewal:${claimed.id}:${claimed.endsAt.toISOString()}:${claimed.renewalAttempts}`,
    description: `Lenwell membership renewal ${claimed.id}`,
  });
  if (charge.status === "unavailable") return null;

  return inTransaction(async (tx) => {
    // Applied only to the membership as it was charged for: one cancelled, moved on or given another
    // card meanwhile is not renewed, and a charge that went through for it goes straight back.
    const [row] = await tx
      .select()
      .from(memberships)
      .where(
        and(
          eq(memberships.id, id),
          renewingAndDue(now),
          eq(memberships.endsAt, claimed.endsAt),
          eq(memberships.renewalAttempts, claimed.renewalAttempts),
        ),
      )
      .for("update");
    if (!row) {
      // Another run applied this very charge (the same key got the same answer): nothing to give back.
      const applied = charge.status !== "failed" && (await isChargeRecorded(tx, charge.result.providerRef));
      if (!applied && (charge.status === "paid" || charge.status === "requires_action")) {
        await refundUnwantedRenewal(tx, claimed, product, amountCents, charge.result, now);
      }
      return null;
    }
    const facts = await planMailFacts(tx, row.userId, product.name);
    if (charge.status === "paid") {
      const card = charge.result.card ? cardLabel(charge.result.card.brand, charge.result.card.last4) : "your saved card";
      const orderId = await createRenewalOrder(tx, {
        userId: row.userId,
        product,
        unitPriceCents: amountCents,
        payment: { paid: true, note: `Renewal charged to ${card}` },
        now,
      });
      await recordOffSessionPayment(tx, {
        orderId,
        userId: row.userId,
        idempotencyKey: `renewal:${row.id}:${row.endsAt.toISOString()}`,
        amountCents,
        result: charge.result,
        now,
      });
      await advancePeriod(tx, row, { planMonths, orderId, amountCents, card, paymentMethodId: null }, facts);
      return "renewed";
    }

    const attempts = row.renewalAttempts + 1;
    const retryDays = RENEWAL_RETRY_DAYS[attempts - 1];
    if (retryDays === undefined) {
      // A bank asking for the holder at the very last try gets no link: nothing could be confirmed in time.
      await lapse(tx, row, attempts, charge.message, facts, "declined");
      return "lapsed";
    }
    if (charge.status === "requires_action") {
      const payableUntil = lapseMoment(row.endsAt);
      const orderId = await createRenewalOrder(tx, {
        userId: row.userId,
        product,
        unitPriceCents: amountCents,
        payment: { paid: false, payableUntil },
        now,
      });
      // Keyed by the try, like the provider's charge: a later try of the period (after the member
      // cancelled this order) records its own payment.
      await recordOffSessionPayment(tx, {
        orderId,
        userId: row.userId,
        idempotencyKey: `renewal:${row.id}:${row.endsAt.toISOString()}:${row.renewalAttempts}`,
        amountCents,
        result: charge.result,
        now,
      });
      // No retries before the lapse: the charge waits for the member, and charging again would not help.
      await moveMembership(tx, row.id, "past_due", {
        renewalAttempts: attempts,
        nextRenewalAttemptAt: payableUntil,
        lastRenewalFailure: charge.message,
        renewalOrderId: orderId,
      });
      if (facts) await queueMail(tx, renewalConfirmMail(facts, orderId, amountCents, payableUntil));
      return "awaiting";
    }
    const retryAt = new Date(row.endsAt.getTime() + retryDays * DAY_MS);
    await moveMembership(tx, row.id, "past_due", {
      renewalAttempts: attempts,
      nextRenewalAttemptAt: retryAt,
      lastRenewalFailure: charge.message,
      renewalOrderId: null,
    });
    if (facts) await queueMail(tx, renewalFailedMail(facts, charge.message, retryAt));
    return "failed";
  });
}

/**
 * A renewal charge that went through for a membership that stopped waiting for it while the
 * provider answered (cancelled, or moved on by the member's own payment): the charge is recorded on
 * a renewal order of its own, which is cancelled, and the whole amount goes back.
 */
async function refundUnwantedRenewal(
  tx: Transaction,
  row: MembershipRow,
  product: ProductRow,
  amountCents: number,
  result: ChargeResult,
  now: Date,
): Promise<void> {
  const orderId = await createRenewalOrder(tx, {
    userId: row.userId,
    product,
    unitPriceCents: amountCents,
    payment: { paid: true, note: "Renewal charged after the membership had stopped renewing" },
    now,
  });
  const paymentId = await recordOffSessionPayment(tx, {
    orderId,
    userId: row.userId,
    idempotencyKey: `renewal:${row.id}:${row.endsAt.toISOString()}:${row.renewalAttempts}:unwanted`,
    amountCents,
    result,
    now,
  });
  if (result.status !== "succeeded") return;
  await cancelPaidRenewalOrder(tx, orderId, paymentId, now);
}

/** The renewal has failed for good: the membership ends at the paid period's end, and the member is told why. */
async function lapse(
  tx: Transaction,
  row: MembershipRow,
  attempts: number,
  reason: string,
  facts: PlanMailFacts | null,
  how: "declined" | "unconfirmed",
): Promise<void> {
  await moveMembership(tx, row.id, "expired", {
    autoRenew: false,
    renewalAttempts: attempts,
    nextRenewalAttemptAt: null,
    lastRenewalFailure: reason,
  });
  if (facts) await queueMail(tx, membershipLapsedMail(facts, reason, how));
}

/**
 * The orders service calls this when an order is paid, before anything else is done with it: when
 * the order is a membership's waiting renewal, that membership renews (advancePeriod) and the
 * answer is "renewed"; "ended" when the membership stopped waiting for it meanwhile (it lapsed, was
 * cancelled or replaced), so the money has nothing to pay for; null for any other order. The
 * caller holds the order's lock; the membership's row is locked here, after it, as renewOne never
 * locks an order, so the two cannot deadlock and whichever comes second sees what the first did.
 */
export async function renewOnPaidOrder(
  tx: Transaction,
  orderId: string,
  paid: { paymentId: string; paymentMethodId: string | null },
): Promise<"renewed" | "ended" | null> {
  const [row] = await tx.select().from(memberships).where(eq(memberships.renewalOrderId, orderId)).limit(1).for("update");
  if (!row) return null;
  if (row.status !== "past_due" || !row.autoRenew) return "ended";
  const product = await findProduct(tx, row.sku);
  if (!product?.planMonths) throw new Error(`Membership ${row.id}: plan ${row.sku} has no length`);
  const payment = await findPayment(tx, paid.paymentId);
  if (!payment) throw new Error(`renewOnPaidOrder: no payment ${paid.paymentId}`);
  const card = payment.brand && payment.last4 ? cardLabel(payment.brand, payment.last4) : "your card";
  await advancePeriod(
    tx,
    row,
    { planMonths: product.planMonths, orderId, amountCents: payment.amountCents, card, paymentMethodId: paid.paymentMethodId },
    await planMailFacts(tx, row.userId, product.name),
  );
  return "renewed";
}

/**
 * E-mails yearly members whose renewal is at most YEARLY_RENEWAL_NOTICE_DAYS away, once per period:
 * the conditional UPDATE marks the period as announced and returns only the rows this run marked.
 */
async function sendRenewalNotices(now: Date): Promise<number> {
  return inTransaction(async (tx) => {
    const noticeFrom = new Date(now.getTime() + YEARLY_RENEWAL_NOTICE_DAYS * DAY_MS);
    const marked = await tx
      .update(memberships)
      .set({ endNoticeSentFor: sql`${memberships.endsAt}` })
      .where(
        and(
          eq(memberships.kind, "membership"),
          eq(memberships.autoRenew, true),
          eq(memberships.status, "active"),
          lte(memberships.endsAt, noticeFrom),
          gte(memberships.endsAt, now),
          or(isNull(memberships.endNoticeSentFor), ne(memberships.endNoticeSentFor, memberships.endsAt)),
          inArray(memberships.sku, planSkusOfAtLeast(tx, YEARLY_PLAN_MONTHS)),
        ),
      )
      .returning();
    for (const row of marked) {
      const product = await findProduct(tx, row.sku);
      const card = row.paymentMethodId ? await findSavedMethod(tx, row.paymentMethodId) : undefined;
      const facts = await planMailFacts(tx, row.userId, product?.name ?? row.sku);
      if (facts && product) {
        await queueMail(
          tx,
          renewalNoticeMail(facts, row.endsAt, product.discountPriceCents, card ? cardLabel(card.brand, card.last4) : null),
        );
      }
    }
    return marked.length;
  });
}

/** The renewal job's work at `now`: notices first, then every due renewal, oldest first. */
export async function runRenewals(now: Date, options: { membershipId?: string } = {}): Promise<RenewalReport> {
  const report: RenewalReport = { notices: 0, renewed: 0, failed: 0, awaiting: 0, lapsed: 0 };
  if (!options.membershipId) report.notices = await sendRenewalNotices(now);
  const db = await getDb();
  const due = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(renewingAndDue(now), options.membershipId ? eq(memberships.id, options.membershipId) : undefined))
    .orderBy(asc(dueAt))
    .limit(500);
  for (const { id } of due) {
    const outcome = await renewOne(id, now);
    if (outcome) report[outcome] += 1;
  }
  return report;
}

/**
 * PUT /user/membership/card: the card renewals charge, a saved one (`paymentMethodId`) or a new one
 * (`card`, saved now). A past-due membership is tried again at once with it.
 */
export async function setRenewalCard(
  userId: string,
  choice: { paymentMethodId?: string; card?: CardInput },
  now: Date = new Date(),
): Promise<Membership | null> {
  const pastDue = await inTransaction(async (tx) => {
    let methodId: string;
    if (choice.card) {
      methodId = (await saveCardForUser(tx, userId, choice.card)).id;
    } else if (choice.paymentMethodId) {
      const saved = await findSavedMethod(tx, choice.paymentMethodId);
      if (saved?.userId !== userId) throw new AppError(404, PAYMENT_MESSAGES.savedCardNotFound);
      methodId = saved.id;
    } else {
      throw new AppError(422, MEMBERSHIP_MESSAGES.noCardForRenewal);
    }
    const updated = await tx
      .update(memberships)
      .set({ paymentMethodId: methodId })
      .where(
        and(
          eq(memberships.userId, userId),
          eq(memberships.kind, "membership"),
          eq(memberships.autoRenew, true),
          inArray(memberships.status, ["active", "past_due"]),
        ),
      )
      .returning({ id: memberships.id, status: memberships.status });
    if (updated.length === 0) throw new AppError(409, MEMBERSHIP_MESSAGES.noRenewingMembership);
    // The retry is due now; the job (or the call below) takes it under the same claim as always.
    const due = updated.filter((row) => row.status === "past_due");
    for (const row of due) {
      await tx.update(memberships).set({ nextRenewalAttemptAt: now }).where(eq(memberships.id, row.id));
    }
    return due.map((row) => row.id);
  });
  for (const id of pastDue) await runRenewals(now, { membershipId: id });
  return (await customerPlans(userId, now)).membership;
}
