import "server-only";
import { ORDER_EXPIRY_SWEEP_MS } from "@/lib/config/shipping";
import type { ScheduledJob } from "@/lib/server/jobs/scheduler";
import { sweepExpiredOrders } from "./expiry";

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
