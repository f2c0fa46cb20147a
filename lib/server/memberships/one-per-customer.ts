import "server-only";
import { and, eq, gt, or } from "drizzle-orm";
import { isOnePerCustomer } from "@/lib/config/memberships";
import type { DbExecutor } from "@/lib/db/client";
import { memberships } from "@/lib/db/schema";
import { productsBySku } from "@/lib/server/catalog/lookups";
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

/** Refuses a one-per-customer plan among `lines` in a quantity over 1, or for a customer whose membership is active. */
export async function assertMembershipBuyable(
  db: DbExecutor,
  userId: string,
  lines: readonly { sku: string; quantity: number }[],
  now: Date = new Date(),
): Promise<void> {
  if (lines.length === 0) return;
  const catalogue = await productsBySku(
    db,
    lines.map((line) => line.sku),
  );
  const found = [...catalogue.values()].filter((product) => product.category === "membership");
  const single = found.filter(isOnePerCustomer).map((product) => product.sku);
  if (single.length === 0) return;
  if (lines.some((line) => single.includes(line.sku) && line.quantity > 1)) {
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
  lines: readonly { sku: string; quantity: number }[],
  now: Date,
): Promise<void> {
  const [renewal] = await db.select({ id: memberships.id }).from(memberships).where(eq(memberships.renewalOrderId, orderId)).limit(1);
  if (renewal) return;
  await assertMembershipBuyable(db, userId, lines, now);
}
