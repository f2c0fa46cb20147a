import "server-only";
import { and, desc, eq, gt, inArray, lte } from "drizzle-orm";
import { getDb, type DbExecutor, type Transaction } from "@/lib/db/client";
import { memberships, orderItems, orders, products, type MembershipRow, type PlanKind } from "@/lib/db/schema";
import type { Membership } from "@/lib/schemas/user";
import { activateCarePlans } from "./care";

// Membership and care plans come to life when the order that bought them is paid. A plan bought
// while one of the same kind is running starts when that one ends, so paying twice never wastes
// months; each unit of the line adds its plan length.

/** `date` plus `months` calendar months (UTC), kept at the month's last day when it is shorter (Jan 31 → Feb 28). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

function planKind(category: string): PlanKind | null {
  if (category === "membership") return "membership";
  if (category === "care") return "care";
  return null;
}

/**
 * Creates the plans a paid order bought (inside the payment's transaction). Running it again for
 * the same order adds nothing, so the payment and the order's "paid" step may both call it.
 */
export async function activatePlans(tx: Transaction, orderId: string, now: Date = new Date()): Promise<MembershipRow[]> {
  const [order] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw new Error(`activatePlans: no order ${orderId}`);
  const [already] = await tx.select({ id: memberships.id }).from(memberships).where(eq(memberships.orderId, orderId)).limit(1);
  if (already) return [];

  const lines = await tx
    .select({ sku: orderItems.sku, quantity: orderItems.quantity, category: products.category, planMonths: products.planMonths })
    .from(orderItems)
    .innerJoin(products, eq(products.sku, orderItems.sku))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.sku);

  const created: MembershipRow[] = [];
  for (const line of lines) {
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
    const [row] = await tx
      .insert(memberships)
      .values({
        userId: order.userId,
        kind,
        sku: line.sku,
        orderId,
        status: "active",
        startsAt,
        endsAt: addMonths(startsAt, line.planMonths * line.quantity),
      })
      .returning();
    if (row) created.push(row);
  }
  return created;
}

export { activateCarePlans, assertCarePlanBuyable, careCoverageOf, coveringCarePlan } from "./care";
/**
 * Whether the customer holds a membership running at `now` (active, started, not yet ended): what
 * member prices and free UPS Ground depend on. A plan queued after the running one, or bought in an
 * order not yet paid, does not count: a membership starts when it is paid for.
 */
export async function isMemberAt(db: DbExecutor, userId: string, now: Date = new Date()): Promise<boolean> {
  const [running] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.kind, "membership"),
        eq(memberships.status, "active"),
        lte(memberships.startsAt, now),
        gt(memberships.endsAt, now),
      ),
    )
    .limit(1);
  return running !== undefined;
}

export interface CustomerPlans {
  membership: Membership | null;
  carePlan: Membership | null;
}

/**
 * What the profile shows for one kind: the plan running now, its end being the end of the plans
 * queued after it; none running, the last one that ended (status "expired"); never had one, null.
 */
function summarise(rows: (MembershipRow & { name: string })[], now: Date): Membership | null {
  const live = rows
    .filter((row) => row.status === "active" && row.endsAt > now)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const current = live.find((row) => row.startsAt <= now) ?? live[0];
  if (current) {
    const last = live[live.length - 1] ?? current;
    return {
      plan: current.sku,
      name: current.name,
      status: current.startsAt <= now ? "active" : "scheduled",
      startsAt: current.startsAt.toISOString(),
      endsAt: last.endsAt.toISOString(),
    };
  }
  const latest = [...rows].sort((a, b) => b.endsAt.getTime() - a.endsAt.getTime())[0];
  if (!latest) return null;
  return {
    plan: latest.sku,
    name: latest.name,
    status: latest.status === "active" ? "expired" : latest.status,
    startsAt: latest.startsAt.toISOString(),
    endsAt: latest.endsAt.toISOString(),
  };
}

export async function customerPlans(userId: string, now: Date = new Date(), db?: DbExecutor): Promise<CustomerPlans> {
  const executor = db ?? (await getDb());
  const rows = await executor
    .select({ plan: memberships, name: products.name })
    .from(memberships)
    .innerJoin(products, eq(products.sku, memberships.sku))
    .where(and(eq(memberships.userId, userId), inArray(memberships.kind, ["membership", "care"])));
  const withNames = rows.map((row) => ({ ...row.plan, name: row.name }));
  return {
    membership: summarise(
      withNames.filter((row) => row.kind === "membership"),
      now,
    ),
    carePlan: summarise(
      withNames.filter((row) => row.kind === "care"),
      now,
    ),
  };
}
