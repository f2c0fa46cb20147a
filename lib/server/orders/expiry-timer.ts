import "server-only";
import { ORDER_EXPIRY_SWEEP_MS } from "@/lib/config/shipping";
import { describeError } from "@/lib/server/http/error-log";
import { sweepExpiredOrders } from "./expiry";
import { log } from "@/lib/server/log";

// The background half of order expiry: customers' own reads and checkouts sweep their orders first,
// and this timer frees the stock of orders nobody looks at again. One timer per process (Next may
// load this module more than once); several instances may all run one, since the sweep's
// conditional UPDATE hands each order to exactly one of them.

const holder = globalThis as typeof globalThis & { __lenwellOrderSweeper?: ReturnType<typeof setInterval> };

export function startOrderExpirySweeper(): void {
  if (holder.__lenwellOrderSweeper) return;
  const timer = setInterval(() => {
    sweepExpiredOrders().catch((error: unknown) =>
      log.error({ error: describeError(error) }, `Order expiry sweep failed: ${describeError(error)}`),
    );
  }, ORDER_EXPIRY_SWEEP_MS);
  // Never keeps the process alive on its own.
  timer.unref();
  holder.__lenwellOrderSweeper = timer;
}
