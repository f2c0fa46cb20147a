import "server-only";
import { and, gte, lte, sql } from "drizzle-orm";
import type { DbExecutor, Transaction } from "@/lib/db/client";
import { funnelEvents, type FunnelStep } from "@/lib/db/schema";
import { storeDate } from "@/lib/server/shipping/dates";

// The funnel, counted on the server: a cart started, a checkout made, an order paid, each a row with
// its shop day and nothing else (lib/db/schema/funnel-events.ts). No cookie, no user, no session.

export interface FunnelCounts {
  cartsStarted: number;
  checkouts: number;
  paid: number;
  /** Checkouts per cart started, paid orders per checkout: null when the step before had none. */
  checkoutShare: number | null;
  paidShare: number | null;
}

/** Records one step on the shop's day of `now`, in the announcer's transaction. */
export async function recordFunnelStep(tx: Transaction, step: FunnelStep, now: Date): Promise<void> {
  await tx.insert(funnelEvents).values({ day: storeDate(now), step });
}

/** The steps counted from the shop day `from` to `to`, both included. */
export async function funnelCounts(db: DbExecutor, from: string, to: string): Promise<FunnelCounts> {
  const rows = await db
    .select({ step: funnelEvents.step, count: sql<number>`count(*)`.mapWith(Number) })
    .from(funnelEvents)
    .where(and(gte(funnelEvents.day, from), lte(funnelEvents.day, to)))
    .groupBy(funnelEvents.step);
  const of = (step: FunnelStep) => rows.find((row) => row.step === step)?.count ?? 0;
  const cartsStarted = of("cart_started");
  const checkouts = of("checkout");
  const paid = of("paid");
  return {
    cartsStarted,
    checkouts,
    paid,
    checkoutShare: cartsStarted > 0 ? checkouts / cartsStarted : null,
    paidShare: checkouts > 0 ? paid / checkouts : null,
  };
}
