import "server-only";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { DbExecutor } from "@/lib/db/client";
import { memberships, type MembershipRow, type PlanKind } from "@/lib/db/schema";
import { findUserById } from "@/lib/server/auth/users";
import { findProduct, withProducts } from "@/lib/server/catalog/lookups";
import type { PlanMailFacts } from "@/lib/server/mail/templates/memberships";
import { cardLabelsOf } from "@/lib/server/payments/lookups";

export type PlanWithFacts = MembershipRow & { name: string; planMonths: number; card: string | null };

/** The customer's plans with what the pages and the cancel rules need: plan name and length, renewal card. */
export async function planRows(db: DbExecutor, userId: string, kinds: readonly PlanKind[]): Promise<PlanWithFacts[]> {
  const plans = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), inArray(memberships.kind, [...kinds])));
  return withPlanFacts(db, plans);
}

/** Plans with their product's name and length and the label of the card that renews them. */
export async function withPlanFacts(db: DbExecutor, plans: readonly MembershipRow[]): Promise<PlanWithFacts[]> {
  const cards = await cardLabelsOf(
    db,
    plans.map((plan) => plan.paymentMethodId),
  );
  return (await withProducts(db, plans)).map(({ product, ...plan }) => ({
    ...plan,
    name: product.name,
    planMonths: product.planMonths ?? 1,
    card: plan.paymentMethodId === null ? null : (cards.get(plan.paymentMethodId) ?? null),
  }));
}

/** Who a plan's e-mail goes to, with the plan's name; null when the holder has no account. */
export async function planMailFacts(db: DbExecutor, userId: string, planName: string): Promise<PlanMailFacts | null> {
  const holder = await findUserById(db, userId);
  return holder ? { to: holder.email, name: holder.username, planName } : null;
}

/** planMailFacts with the name read from the plan's product. */
export async function planMailFactsOf(db: DbExecutor, plan: Pick<MembershipRow, "userId" | "sku">): Promise<PlanMailFacts | null> {
  const product = await findProduct(db, plan.sku);
  return product ? planMailFacts(db, plan.userId, product.name) : null;
}

/** The plans named (of one customer, when `userId` is given). */
export async function plansById(db: DbExecutor, planIds: readonly string[], userId?: string): Promise<MembershipRow[]> {
  if (planIds.length === 0) return [];
  return db
    .select()
    .from(memberships)
    .where(and(inArray(memberships.id, [...planIds]), userId ? eq(memberships.userId, userId) : undefined));
}

/** The saved cards renewing memberships charge: one customer's, or the card named if it does (payments asks: renewalCards). */
export async function renewalCardsOf(db: DbExecutor, of: { userId: string } | { cardId: string }): Promise<string[]> {
  const rows = await db
    .select({ id: memberships.paymentMethodId })
    .from(memberships)
    .where(
      and(
        "userId" in of ? eq(memberships.userId, of.userId) : eq(memberships.paymentMethodId, of.cardId),
        eq(memberships.autoRenew, true),
        isNotNull(memberships.paymentMethodId),
      ),
    );
  return [...new Set(rows.flatMap((row) => (row.id ? [row.id] : [])))];
}
