import "server-only";
import { and, asc, eq, gte, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import { RENEWAL_RETRY_DAYS, YEARLY_PLAN_MONTHS, YEARLY_RENEWAL_NOTICE_DAYS } from "@/lib/config/memberships";
import { getDb, type Transaction } from "@/lib/db/client";
import { memberships, products, savedPaymentMethods, users, type MembershipRow } from "@/lib/db/schema";
import type { CardInput } from "@/lib/card-rules";
import type { Membership } from "@/lib/schemas/user";
import { AppError } from "@/lib/server/http/errors";
import { queueMail } from "@/lib/server/mail/outbox";
import {
  membershipLapsedMail,
  renewalFailedMail,
  renewalNoticeMail,
  renewalReceiptMail,
  type PlanMailFacts,
} from "@/lib/server/mail/templates/memberships";
import { createRenewalOrder } from "@/lib/server/orders";
import { PAYMENT_MESSAGES, chargeSavedCard, recordOffSessionPayment, saveCardForUser } from "@/lib/server/payments";
import { inTransaction } from "@/lib/server/transaction";
import { cardLabel } from "./cancel";
import { customerPlans } from "./index";
import { MEMBERSHIP_MESSAGES } from "./messages";
import { nextPeriodEnd } from "./periods";

// Renewals. At the end of each period (endsAt) of a membership that renews, the job charges the
// saved card off-session: success makes a paid order for the plan (the receipt in Orders and by
// e-mail) and moves endsAt one period on; a failure makes the membership "past due", e-mails the
// member with a link to change the card, and tries again RENEWAL_RETRY_DAYS after the period's end
// (1, 3 and 7 days). Past due keeps the benefits; when the last try fails the membership lapses
// ("expired", endsAt left at the paid period's end) with an e-mail.
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
  lapsed: number;
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

async function mailFacts(tx: Transaction, row: MembershipRow, planName: string): Promise<PlanMailFacts | null> {
  const [user] = await tx.select({ email: users.email, username: users.username }).from(users).where(eq(users.id, row.userId));
  return user ? { to: user.email, name: user.username, planName } : null;
}

/** Renews one membership if it is still due at `now`; what happened, or null when another run got it first. */
async function renewOne(id: string, now: Date): Promise<"renewed" | "failed" | "lapsed" | null> {
  return inTransaction(async (tx) => {
    const [row] = await tx
      .update(memberships)
      .set({ renewalAttempts: sql`${memberships.renewalAttempts}` })
      .where(and(eq(memberships.id, id), renewingAndDue(now)))
      .returning();
    if (!row) return null;
    const [product] = await tx.select().from(products).where(eq(products.sku, row.sku)).limit(1);
    if (!product?.planMonths) throw new Error(`Membership ${row.id}: plan ${row.sku} has no length`);
    const facts = await mailFacts(tx, row, product.name);
    const amountCents = product.discountPriceCents;
    const charge = await chargeSavedCard(tx, {
      userId: row.userId,
      paymentMethodId: row.paymentMethodId,
      amountCents,
      idempotencyKey: `renewal:${row.id}:${row.endsAt.toISOString()}:${row.renewalAttempts}`,
      description: `Lenwell membership renewal ${row.id}`,
    });

    if (charge.status === "paid") {
      const card = charge.result.card ? cardLabel(charge.result.card.brand, charge.result.card.last4) : "your saved card";
      const orderId = await createRenewalOrder(tx, {
        userId: row.userId,
        product,
        unitPriceCents: amountCents,
        paymentNote: `Renewal charged to ${card}`,
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
      const endsAt = nextPeriodEnd(row.startsAt, row.endsAt, product.planMonths);
      await tx
        .update(memberships)
        .set({
          status: "active",
          endsAt,
          periodOrderId: orderId,
          renewalAttempts: 0,
          nextRenewalAttemptAt: null,
          lastRenewalFailure: null,
        })
        .where(eq(memberships.id, row.id));
      if (facts) await queueMail(tx, renewalReceiptMail(facts, orderId, amountCents, card, endsAt));
      return "renewed";
    }

    const attempts = row.renewalAttempts + 1;
    const retryDays = RENEWAL_RETRY_DAYS[attempts - 1];
    if (retryDays === undefined) {
      await tx
        .update(memberships)
        .set({
          status: "expired",
          autoRenew: false,
          renewalAttempts: attempts,
          nextRenewalAttemptAt: null,
          lastRenewalFailure: charge.message,
        })
        .where(eq(memberships.id, row.id));
      if (facts) await queueMail(tx, membershipLapsedMail(facts, charge.message));
      return "lapsed";
    }
    const retryAt = new Date(row.endsAt.getTime() + retryDays * DAY_MS);
    await tx
      .update(memberships)
      .set({ status: "past_due", renewalAttempts: attempts, nextRenewalAttemptAt: retryAt, lastRenewalFailure: charge.message })
      .where(eq(memberships.id, row.id));
    if (facts) await queueMail(tx, renewalFailedMail(facts, charge.message, retryAt));
    return "failed";
  });
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
          inArray(memberships.sku, tx.select({ sku: products.sku }).from(products).where(gte(products.planMonths, YEARLY_PLAN_MONTHS))),
        ),
      )
      .returning();
    for (const row of marked) {
      const [product] = await tx.select().from(products).where(eq(products.sku, row.sku)).limit(1);
      const [card] = row.paymentMethodId
        ? await tx.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.id, row.paymentMethodId)).limit(1)
        : [];
      const facts = await mailFacts(tx, row, product?.name ?? row.sku);
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
  const report: RenewalReport = { notices: 0, renewed: 0, failed: 0, lapsed: 0 };
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
      const [saved] = await tx
        .select({ id: savedPaymentMethods.id })
        .from(savedPaymentMethods)
        .where(and(eq(savedPaymentMethods.id, choice.paymentMethodId), eq(savedPaymentMethods.userId, userId)))
        .limit(1);
      if (!saved) throw new AppError(404, PAYMENT_MESSAGES.savedCardNotFound);
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
