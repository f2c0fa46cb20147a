import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { DbExecutor } from "@/lib/db/client";
import { memberships, products, savedPaymentMethods, type MembershipRow, type PlanKind } from "@/lib/db/schema";
import { cardLabel } from "@/lib/server/payments/card-label";

export type PlanWithFacts = MembershipRow & { name: string; planMonths: number; card: string | null };

/** The customer's plans with what the pages and the cancel rules need: plan name and length, renewal card. */
export async function planRows(db: DbExecutor, userId: string, kinds: readonly PlanKind[]): Promise<PlanWithFacts[]> {
  const rows = await db
    .select({
      plan: memberships,
      name: products.name,
      planMonths: products.planMonths,
      brand: savedPaymentMethods.brand,
      last4: savedPaymentMethods.last4,
    })
    .from(memberships)
    .innerJoin(products, eq(products.sku, memberships.sku))
    .leftJoin(savedPaymentMethods, eq(savedPaymentMethods.id, memberships.paymentMethodId))
    .where(and(eq(memberships.userId, userId), inArray(memberships.kind, [...kinds])));
  return rows.map((row) => ({
    ...row.plan,
    name: row.name,
    planMonths: row.planMonths ?? 1,
    card: row.brand && row.last4 ? cardLabel(row.brand, row.last4) : null,
  }));
}
