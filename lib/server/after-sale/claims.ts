import "server-only";
import { and, count, eq, ne, notInArray, or, sql } from "drizzle-orm";
import type { DbExecutor } from "@/lib/db/client";
import { afterSaleRequests } from "@/lib/db/schema";

/**
 * Per sku, how many units of the order are taken by after-sale requests that are open or completed
 * (rejected and cancelled ones give their quantity back, and so does a completed repair). The
 * orders ask it (orders/view.ts afterSaleClaims) to show what may still be sent back.
 */
export async function afterSaleClaimed(db: DbExecutor, orderId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ sku: afterSaleRequests.sku, claimed: sql<number>`coalesce(sum(${afterSaleRequests.quantity}), 0)::int` })
    .from(afterSaleRequests)
    .where(
      and(
        eq(afterSaleRequests.orderId, orderId),
        notInArray(afterSaleRequests.status, ["rejected", "cancelled"]),
        // A finished repair hands the unit back: it may be returned, or repaired again, later.
        or(ne(afterSaleRequests.type, "repair"), ne(afterSaleRequests.status, "completed")),
      ),
    )
    .groupBy(afterSaleRequests.sku);
  return new Map(rows.map((row) => [row.sku, Number(row.claimed)]));
}

/** The after-sale requests made under a care plan that were not rejected or cancelled. */
export async function claimsUnderCarePlan(db: DbExecutor, carePlanId: string): Promise<number> {
  const [claims] = await db
    .select({ n: count() })
    .from(afterSaleRequests)
    .where(and(eq(afterSaleRequests.carePlanId, carePlanId), notInArray(afterSaleRequests.status, ["rejected", "cancelled"])));
  return claims?.n ?? 0;
}
