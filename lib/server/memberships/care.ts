import "server-only";
import { and, asc, eq, gt, inArray, lte } from "drizzle-orm";
import type { DbExecutor, Transaction } from "@/lib/db/client";
import { memberships, type MembershipRow, type ProductRow } from "@/lib/db/schema";
import { CARE_AWAITING_VERIFICATION_MESSAGE, CARE_NEEDS_PURIFIER_MESSAGE, CARE_NOT_VERIFIED_MESSAGE } from "@/lib/display/purifier-display";
import type { CareCoverage } from "@/lib/schemas/purifier";
import { AppError } from "@/lib/server/base/errors";
import { domainQuestion } from "@/lib/server/events/registry";
import { storeDate } from "@/lib/server/shipping/dates";
import { addMonths } from "./periods";

// Lenwell Care covers one purifier the buyer owns, for the plan's length from the moment it is paid
// ("2 years from purchase of the plan"). Only an owner of a purifier the shop vouches for may buy it
// (one it shipped them, or one an operator verified from a proof of purchase: docs/decisions/0040):
// the cart, the checkout and the payment all ask here, so no path around the rule sells a plan that
// covers nothing, or a serial someone made up.

/** The customer's purifiers as Lenwell Care sees them. */
export interface CarePurifiers {
  /** The purifiers the shop vouches for, newest registered first: what a care plan may cover. */
  vouched: string[];
  /** Whether another waits for an operator to verify it, or one was rejected (the refusal then says so). */
  awaitingVerification: boolean;
  rejected: boolean;
}

/** Why the plan is refused to a customer with no purifier the shop vouches for, in their case's words. */
function refusalOf(owned: CarePurifiers): string {
  if (owned.awaitingVerification) return CARE_AWAITING_VERIFICATION_MESSAGE;
  return owned.rejected ? CARE_NOT_VERIFIED_MESSAGE : CARE_NEEDS_PURIFIER_MESSAGE;
}

/**
 * The customer's purifiers: the purifiers domain, above this one, answers (purifiers/subscriptions.ts),
 * through the asker's transaction.
 */
export const purifiersOfCustomer = domainQuestion<string, CarePurifiers>("customer.purifiers");

/**
 * Refuses a care plan among `products` unless `userId` has a purifier the shop vouches for. The
 * products are the caller's, already read (the cart's add and the checkout have them in hand): a
 * lookup here would read them again on every add.
 */
export async function assertCarePlanBuyable(
  db: DbExecutor,
  userId: string,
  products: readonly Pick<ProductRow, "category">[],
): Promise<void> {
  if (!products.some((product) => product.category === "care")) return;
  const owned = await purifiersOfCustomer.ask(userId, db);
  if (owned.vouched.length > 0) return;
  const message = refusalOf(owned);
  throw new AppError(409, message, [{ path: "skuNum", message }]);
}

/**
 * The purifier a new care plan covers: the most recently registered one with no care plan running
 * or queued; when every one is covered, the one whose cover ends first, extended from that end.
 * Deterministic, so the account can say which purifier a plan is for before and after it is paid.
 */
async function purifierToCover(tx: Transaction, userId: string, now: Date): Promise<{ purifierId: string; startsAt: Date } | null> {
  const owned = (await purifiersOfCustomer.ask(userId, tx)).vouched;
  if (owned.length === 0) return null;
  const plans = await tx
    .select({ purifierId: memberships.purifierId, endsAt: memberships.endsAt })
    .from(memberships)
    .where(
      and(
        eq(memberships.kind, "care"),
        eq(memberships.status, "active"),
        gt(memberships.endsAt, now),
        inArray(memberships.purifierId, owned),
      ),
    );
  const coveredUntil = new Map<string, Date>();
  for (const plan of plans) {
    if (!plan.purifierId) continue;
    const known = coveredUntil.get(plan.purifierId);
    if (!known || plan.endsAt > known) coveredUntil.set(plan.purifierId, plan.endsAt);
  }
  const uncovered = owned.find((id) => !coveredUntil.has(id));
  if (uncovered) return { purifierId: uncovered, startsAt: now };
  const [soonest] = [...coveredUntil.entries()].sort((a, b) => a[1].getTime() - b[1].getTime() || (a[0] < b[0] ? -1 : 1));
  if (!soonest) return null;
  return { purifierId: soonest[0], startsAt: soonest[1] };
}

/**
 * One care plan per unit bought, each attached to a purifier the shop vouches for (inside the
 * payment's transaction). A buyer without one cannot get here (the payment refuses first); should one still, the plan
 * is kept unattached rather than the paid money lost, and the operator sees it in the console.
 */
export async function activateCarePlans(
  tx: Transaction,
  line: { userId: string; orderId: string; sku: string; planMonths: number; quantity: number },
  now: Date,
): Promise<MembershipRow[]> {
  const created: MembershipRow[] = [];
  for (let unit = 0; unit < line.quantity; unit += 1) {
    const target = await purifierToCover(tx, line.userId, now);
    const startsAt = target?.startsAt ?? now;
    const [row] = await tx
      .insert(memberships)
      .values({
        userId: line.userId,
        kind: "care",
        sku: line.sku,
        orderId: line.orderId,
        status: "active",
        startsAt,
        endsAt: addMonths(startsAt, line.planMonths),
        purifierId: target?.purifierId ?? null,
      })
      .returning();
    if (row) created.push(row);
  }
  return created;
}

/**
 * What each purifier's care looks like at `now`: the plan covering it (its end being the end of any
 * plan queued after it), else the next one queued, else the last one that ended, else none.
 */
export async function careCoverageOf(db: DbExecutor, purifierIds: readonly string[], now: Date): Promise<Map<string, CareCoverage>> {
  const coverage = new Map<string, CareCoverage>();
  if (purifierIds.length === 0) return coverage;
  const rows = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.kind, "care"), inArray(memberships.purifierId, [...purifierIds])))
    .orderBy(asc(memberships.startsAt), asc(memberships.id));
  for (const purifierId of purifierIds) {
    const plans = rows.filter((row) => row.purifierId === purifierId);
    const live = plans.filter((row) => row.status === "active" && row.endsAt > now);
    const current = live.find((row) => row.startsAt <= now) ?? live[0];
    if (current) {
      const last = live[live.length - 1] ?? current;
      coverage.set(purifierId, {
        planId: current.id,
        status: current.startsAt <= now ? "active" : "scheduled",
        startsOn: storeDate(current.startsAt),
        endsOn: storeDate(last.endsAt),
      });
      continue;
    }
    const ended = [...plans].sort((a, b) => b.endsAt.getTime() - a.endsAt.getTime())[0];
    if (ended)
      coverage.set(purifierId, { planId: ended.id, status: "ended", startsOn: storeDate(ended.startsAt), endsOn: storeDate(ended.endsAt) });
  }
  return coverage;
}

/** The care plan covering `purifierId` at `now`, if any (a repair request records it). */
export async function coveringCarePlan(db: DbExecutor, purifierId: string, now: Date): Promise<MembershipRow | null> {
  const [plan] = await db
    .select()
    .from(memberships)
    .where(
      and(
        eq(memberships.kind, "care"),
        eq(memberships.purifierId, purifierId),
        eq(memberships.status, "active"),
        lte(memberships.startsAt, now),
        gt(memberships.endsAt, now),
      ),
    )
    .orderBy(asc(memberships.startsAt))
    .limit(1);
  return plan ?? null;
}
