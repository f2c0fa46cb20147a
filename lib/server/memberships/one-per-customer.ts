import "server-only";
import { and, eq, gt, or } from "drizzle-orm";
import { isOnePerCustomer } from "@/lib/config/memberships";
import type { DbExecutor } from "@/lib/db/client";
import { memberships, type ProductRow } from "@/lib/db/schema";
import { formatOrderDate } from "@/lib/display/order-display";
import { AppError } from "@/lib/server/base/errors";
import { MEMBERSHIP_MESSAGES } from "./messages";

// The yearly membership is one per customer (isOnePerCustomer): its page offers no quantity and
// tells an active member where the renewal is set instead of selling a second one, and the cart and
// checkout ask here, so no path around the page (an old tab, the API, a purchase remembered before
// signing in) sells a quantity of 2 or a second year to a member.

/**
 * The end of the customer's active membership at `now` (the one running and any queued after it),
 * or null when none is active. Past due is not active: buying anew is how such a member gets going
 * again, and activatePlans then ends the failing one.
 */
export async function activeMembershipEnd(db: DbExecutor, userId: string, now: Date): Promise<Date | null> {
  const rows = await db
    .select({ startsAt: memberships.startsAt, endsAt: memberships.endsAt })
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.kind, "membership"),
        eq(memberships.status, "active"),
        or(gt(memberships.endsAt, now), eq(memberships.autoRenew, true)),
      ),
    );
  if (!rows.some((row) => row.startsAt <= now)) return null;
  return new Date(Math.max(...rows.map((row) => row.endsAt.getTime())));
}

/** A line with its product as the caller read it (the rules need its category and length). */
export interface PlanRuleLine {
  product: Pick<ProductRow, "category" | "planMonths">;
  quantity: number;
}

/**
 * Refuses a one-per-customer plan among `lines` in a quantity over 1, or for a customer whose
 * membership is active. The lines come with their products, which the caller has read already.
 */
export async function assertMembershipBuyable(
  db: DbExecutor,
  userId: string,
  lines: readonly PlanRuleLine[],
  now: Date = new Date(),
): Promise<void> {
  const single = lines.filter((line) => isOnePerCustomer(line.product));
  if (single.length === 0) return;
  if (single.some((line) => line.quantity > 1)) {
    throw new AppError(409, MEMBERSHIP_MESSAGES.onePerCustomer, [{ path: "quantity", message: MEMBERSHIP_MESSAGES.onePerCustomer }]);
  }
  const end = await activeMembershipEnd(db, userId, now);
  if (end) {
    const message = MEMBERSHIP_MESSAGES.alreadyMember(formatOrderDate(end.toISOString()));
    throw new AppError(409, message, [{ path: "skuNum", message }]);
  }
}

/**
 * Checked again as an order is paid: two unpaid orders each holding the yearly plan, made before
 * the customer became a member, must not both be paid. A membership's own renewal order is the
 * plan renewing, not a second one, and is let through.
 */
export async function assertMembershipPayable(
  db: DbExecutor,
  userId: string,
  orderId: string,
  lines: readonly PlanRuleLine[],
  now: Date,
): Promise<void> {
  const [renewal] = await db.select({ id: memberships.id }).from(memberships).where(eq(memberships.renewalOrderId, orderId)).limit(1);
  if (renewal) return;
  await assertMembershipBuyable(db, userId, lines, now);
}
