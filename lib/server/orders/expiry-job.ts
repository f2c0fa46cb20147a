import "server-only";
import { ORDER_EXPIRY_SWEEP_MS } from "@/lib/config/shipping";
import type { ScheduledJob } from "@/lib/server/jobs/scheduler";
import { sweepExpiredOrders } from "./expiry";
import { finishInterruptedMoney } from "./payment";

/**
 * The background half of order expiry: customers' own reads and checkouts sweep their orders first,
 * and this job frees the stock of orders nobody looks at again. Several instances may sweep at once
 * (an operator, a customer's read), since the sweep's conditional UPDATE hands each order to exactly
 * one of them. Not among the operator's scheduled work (SCHEDULED_JOBS): a run at a chosen time
 * would expire every order due by then, other customers' included.
 */
export const orderExpiryJob: ScheduledJob = {
  name: "order-expiry",
  everyMs: ORDER_EXPIRY_SWEEP_MS,
  run: async (now) => ({ expired: (await sweepExpiredOrders({}, now)).length }),
};

/** How often each instance finishes what a crash or a lost answer left of payments and refunds. */
export const MONEY_RECHECK_EVERY_MS = 60_000;

/**
 * The background half of "record, call, apply": payment attempts the provider's answer never
 * reached, and refunds a process died before sending, are finished here from the provider's own
 * record, under their keys (so nothing is charged or refunded twice).
 */
export const moneyRecheckJob: ScheduledJob = {
  name: "money-recheck",
  everyMs: MONEY_RECHECK_EVERY_MS,
  run: async (now) => finishInterruptedMoney(now),
};
