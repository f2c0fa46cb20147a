import "server-only";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { DbExecutor, Transaction } from "@/lib/db/client";
import { filterChanges, purifiers, type FilterChangeRow, type PurifierRow } from "@/lib/db/schema";

// What the other domains read and write of the purifiers and their filter changes (this domain's
// tables: eslint.config.mjs TABLE_OWNERS), through the caller's executor.

/** Purifiers (all, or one owner's, or some by id), oldest registered first. */
export async function findPurifiers(
  db: DbExecutor,
  where: { userId?: string; purifierIds?: readonly string[] } = {},
): Promise<PurifierRow[]> {
  return db
    .select()
    .from(purifiers)
    .where(
      and(
        where.userId ? eq(purifiers.userId, where.userId) : undefined,
        where.purifierIds ? inArray(purifiers.id, [...where.purifierIds]) : undefined,
      ),
    )
    .orderBy(asc(purifiers.createdAt), asc(purifiers.id));
}

/** The customer's purifiers, newest registered first (the memberships ask: purifiersOfCustomer). */
export async function purifierIdsOf(db: DbExecutor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: purifiers.id })
    .from(purifiers)
    .where(eq(purifiers.userId, userId))
    .orderBy(desc(purifiers.createdAt), desc(purifiers.id));
  return rows.map((row) => row.id);
}

/** Locks the customer's purifier (so changes to its schedule queue up); undefined when it is not theirs. */
export async function lockOwnedPurifier(tx: Transaction, userId: string, purifierId: string): Promise<PurifierRow | undefined> {
  const [row] = await tx
    .select()
    .from(purifiers)
    .where(and(eq(purifiers.id, purifierId), eq(purifiers.userId, userId)))
    .for("update");
  return row;
}

/** The filter changes recorded for the purifiers named. */
export async function filterChangesOf(
  db: DbExecutor,
  purifierIds: readonly string[],
): Promise<Pick<FilterChangeRow, "purifierId" | "stage" | "changedOn">[]> {
  if (purifierIds.length === 0) return [];
  return db
    .select({ purifierId: filterChanges.purifierId, stage: filterChanges.stage, changedOn: filterChanges.changedOn })
    .from(filterChanges)
    .where(inArray(filterChanges.purifierId, [...purifierIds]));
}

export async function recordFilterChanges(tx: Transaction, changes: readonly (typeof filterChanges.$inferInsert)[]): Promise<void> {
  if (changes.length > 0) await tx.insert(filterChanges).values([...changes]);
}
