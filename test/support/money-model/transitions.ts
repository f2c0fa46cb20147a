import type { StatusKind } from "./world";

// Which status may follow which, for every record the model watches. This is the test's own
// statement of the rules, not a copy of the code's: orders from the life drawn in
// lib/server/orders/status.ts (NEXT); after-sale requests from lib/server/after-sale (customer.ts,
// admin.ts); plans from lib/server/memberships (renewals, lapses, cancels); payments and refunds
// from what the provider can tell the shop.
//
// One step may move a record more than once (a payment that succeeds on a closed order and is
// refunded at once; a plan that lapses and is replaced): the model sees the status before and
// after the step, so a change is legal when the new status can be reached from the old one.

type Table = Readonly<Record<string, readonly string[]>>;

const ORDER: Table = {
  pending_payment: ["paid", "cancelled"],
  paid: ["shipped", "cancelled", "refunded"],
  shipped: ["delivered", "refunded"],
  delivered: ["refunded"],
  cancelled: [],
  // The one way back (lib/server/orders/status.ts reopenRefunded): the refund that made it whole failed, or a dispute was won.
  refunded: ["paid", "shipped", "delivered"],
};

const PAYMENT: Table = {
  processing: ["succeeded", "failed", "requires_action", "canceled", "duplicate_refunded"],
  requires_action: ["processing", "succeeded", "failed", "canceled", "duplicate_refunded"],
  succeeded: ["partially_refunded", "refunded"],
  // Money that went back can be owed again: a refund that failed later, a dispute the shop won.
  partially_refunded: ["refunded", "succeeded"],
  refunded: ["partially_refunded", "succeeded"],
  failed: [],
  canceled: [],
  duplicate_refunded: [],
};

const AFTER_SALE: Table = {
  pending_review: ["approved", "rejected", "cancelled"],
  approved: ["returning", "cancelled"],
  returning: ["received", "cancelled"],
  received: ["completed"],
  completed: [],
  rejected: [],
  cancelled: [],
};

const PLAN: Table = {
  active: ["past_due", "cancelled", "expired"],
  past_due: ["active", "cancelled", "expired"],
  cancelled: [],
  expired: [],
};

const REFUND: Table = {
  pending: ["succeeded", "failed"],
  // A refund the provider took can still fail (the bank sends it back); a dispute the shop wins is reversed.
  succeeded: ["failed", "reversed"],
  failed: [],
  reversed: [],
};

const TABLES: Readonly<Record<StatusKind, Table>> = { order: ORDER, payment: PAYMENT, after_sale: AFTER_SALE, plan: PLAN, refund: REFUND };

/** Whether `to` can follow `from` in one or more legal moves. */
export function reachable(kind: StatusKind, from: string, to: string): boolean {
  const table = TABLES[kind];
  const seen = new Set<string>();
  const queue = [...(table[from] ?? [])];
  while (queue.length > 0) {
    const next = queue.shift();
    if (next === undefined || seen.has(next)) continue;
    if (next === to) return true;
    seen.add(next);
    queue.push(...(table[next] ?? []));
  }
  return false;
}

/** Whether the model knows the status at all (a status the rules never name is a broken record too). */
export function knownStatus(kind: StatusKind, status: string): boolean {
  return status in TABLES[kind];
}
