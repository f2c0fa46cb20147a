import "server-only";
import { and, desc, eq, gt, or } from "drizzle-orm";
import { getDb, type DbExecutor, type Transaction } from "@/lib/db/client";
import { memberships, type MembershipRow, type PlanKind } from "@/lib/db/schema";
import { withProducts } from "@/lib/server/catalog/lookups";
import { findOrder, linesOfOrder } from "@/lib/server/orders/lookups";
import { activateCarePlans } from "./care";
import { addMonths } from "./periods";
import { moveMemberships } from "./status";

// Membership and care plans come to life when the order that bought them is paid. A plan bought
// while one of the same kind is running starts when that one ends, so paying twice never wastes
// months; each unit of the line adds its plan length.

/** The order's lines with their products, in sku order. */
async function orderLinesWithProducts(db: DbExecutor, orderId: string) {
  return withProducts(db, await linesOfOrder(db, orderId));
}

function planKind(category: string): PlanKind | null {
  if (category === "membership") return "membership";
  if (category === "care") return "care";
  return null;
}

/** Whether the order buys a membership: then the card that pays it is kept for the renewals (the payment page says so). */
export async function orderHasMembership(orderId: string, db?: DbExecutor): Promise<boolean> {
  const executor = db ?? (await getDb());
  return (await orderLinesWithProducts(executor, orderId)).some((line) => line.product.category === "membership");
}

/**
 * Creates the plans a paid order bought (inside the payment's transaction). Running it again for
 * the same order adds nothing, so the payment and the order's "paid" step may both call it. A
 * membership renews on `paymentMethodId` (the card that paid); one queued behind a running
 * membership takes the renewals over, so the running one stops renewing and simply hands on.
 */
export async function activatePlans(
  tx: Transaction,
  orderId: string,
  now: Date = new Date(),
  options: { paymentMethodId?: string | null } = {},
): Promise<MembershipRow[]> {
  const order = await findOrder(tx, orderId);
  if (!order) throw new Error(`activatePlans: no order ${orderId}`);
  // A renewal's order pays for a membership that runs already (renewOnPaidOrder): nothing starts.
  const [already] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(or(eq(memberships.orderId, orderId), eq(memberships.renewalOrderId, orderId), eq(memberships.periodOrderId, orderId)))
    .limit(1);
  if (already) return [];

  const created: MembershipRow[] = [];
  for (const { product, ...ordered } of await orderLinesWithProducts(tx, orderId)) {
    const line = { ...ordered, category: product.category, planMonths: product.planMonths };
    const kind = planKind(line.category);
    if (!kind || !line.planMonths) continue;
    if (kind === "care") {
      // Each care plan covers one purifier, so it queues behind that purifier's plan, not the buyer's.
      created.push(
        ...(await activateCarePlans(
          tx,
          { userId: order.userId, orderId, sku: line.sku, planMonths: line.planMonths, quantity: line.quantity },
          now,
        )),
      );
      continue;
    }
    const [running] = await tx
      .select({ endsAt: memberships.endsAt })
      .from(memberships)
      .where(
        and(
          eq(memberships.userId, order.userId),
          eq(memberships.kind, kind),
          eq(memberships.status, "active"),
          gt(memberships.endsAt, now),
        ),
      )
      .orderBy(desc(memberships.endsAt))
      .limit(1);
    const startsAt = running ? running.endsAt : now;
    const renews = kind === "membership";
    if (renews) {
      // One membership renews at a time: the new one. A running one hands on at its end; one whose
      // renewal was failing (past due) stops being retried and ends now that a new one is paid.
      await tx
        .update(memberships)
        .set({ autoRenew: false, nextRenewalAttemptAt: null })
        .where(and(eq(memberships.userId, order.userId), eq(memberships.kind, "membership"), eq(memberships.autoRenew, true)));
      await moveMemberships(
        tx,
        "expired",
        and(eq(memberships.userId, order.userId), eq(memberships.kind, "membership"), eq(memberships.status, "past_due")),
      );
    }
    const [row] = await tx
      .insert(memberships)
      .values({
        userId: order.userId,
        kind,
        sku: line.sku,
        orderId,
        periodOrderId: orderId,
        status: "active",
        startsAt,
        endsAt: addMonths(startsAt, line.planMonths * line.quantity),
        autoRenew: renews,
        paymentMethodId: renews ? (options.paymentMethodId ?? null) : null,
      })
      .returning();
    if (row) created.push(row);
  }
  return created;
}
