import "server-only";
import { desc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { memberships, products, users, type PlanKind, type UserRow } from "@/lib/db/schema";
import { assertOperator } from "@/lib/server/auth/operator";

export type AdminPlanStatus = "active" | "scheduled" | "expired" | "cancelled";

export interface AdminPlan {
  id: string;
  kind: PlanKind;
  sku: string;
  planName: string;
  customerEmail: string;
  status: AdminPlanStatus;
  startsAt: string;
  endsAt: string;
  orderId: string | null;
}

/** Every membership and care plan, newest end first: who holds which, until when (operators only). */
export async function adminListPlans(actor: Pick<UserRow, "role">, kind?: PlanKind, now: Date = new Date()): Promise<AdminPlan[]> {
  assertOperator(actor);
  const db = await getDb();
  const rows = await db
    .select({ plan: memberships, email: users.email, name: products.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(products, eq(products.sku, memberships.sku))
    .where(kind ? eq(memberships.kind, kind) : undefined)
    .orderBy(desc(memberships.endsAt), desc(memberships.id));
  return rows.map(({ plan, email, name }) => ({
    id: plan.id,
    kind: plan.kind,
    sku: plan.sku,
    planName: name,
    customerEmail: email,
    // Stored "active" only says it was never cancelled; the dates say whether it runs now.
    status: plan.status !== "active" ? plan.status : plan.endsAt <= now ? "expired" : plan.startsAt > now ? "scheduled" : "active",
    startsAt: plan.startsAt.toISOString(),
    endsAt: plan.endsAt.toISOString(),
    orderId: plan.orderId,
  }));
}
