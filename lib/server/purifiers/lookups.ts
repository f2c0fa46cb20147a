import "server-only";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { DbExecutor, Transaction } from "@/lib/db/client";
import { AWAITING_VERIFICATIONS, isVouched } from "@/lib/config/purifiers";
import { filterChanges, purifierProofs, purifiers, type FilterChangeRow, type PurifierRow } from "@/lib/db/schema";
import type { PurifierProof } from "@/lib/schemas/purifier";

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

/**
 * The customer's purifiers as Lenwell Care sees them (the memberships ask: purifiersOfCustomer):
 * those the shop vouches for, newest registered first, and whether another waits for verification.
 */
export async function carePurifiersOf(
  db: DbExecutor,
  userId: string,
): Promise<{ vouched: string[]; awaitingVerification: boolean; rejected: boolean }> {
  const rows = await db
    .select({ id: purifiers.id, verification: purifiers.verification })
    .from(purifiers)
    .where(eq(purifiers.userId, userId))
    .orderBy(desc(purifiers.createdAt), desc(purifiers.id));
  return {
    vouched: rows.filter((row) => isVouched(row.verification)).map((row) => row.id),
    awaitingVerification: rows.some((row) => (AWAITING_VERIFICATIONS as readonly string[]).includes(row.verification)),
    rejected: rows.some((row) => row.verification === "rejected"),
  };
}

/** What the pages say of each purifier's proof of purchase (never the file itself), by purifier. */
export async function proofsOf(db: DbExecutor, purifierIds: readonly string[]): Promise<Map<string, PurifierProof>> {
  if (purifierIds.length === 0) return new Map();
  const rows = await db
    .select({
      purifierId: purifierProofs.purifierId,
      fileName: purifierProofs.fileName,
      contentType: purifierProofs.contentType,
      size: purifierProofs.byteSize,
      createdAt: purifierProofs.createdAt,
    })
    .from(purifierProofs)
    .where(inArray(purifierProofs.purifierId, [...purifierIds]));
  return new Map(
    rows.map(({ purifierId, createdAt, ...proof }) => [purifierId, { ...proof, uploadedAt: createdAt.toISOString() }] as const),
  );
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

/** Every filter change recorded, of every purifier (the filter demand forecast reads the whole fleet). */
export async function everyFilterChange(db: DbExecutor): Promise<Pick<FilterChangeRow, "purifierId" | "stage" | "changedOn">[]> {
  return db
    .select({ purifierId: filterChanges.purifierId, stage: filterChanges.stage, changedOn: filterChanges.changedOn })
    .from(filterChanges);
}

export async function recordFilterChanges(tx: Transaction, changes: readonly (typeof filterChanges.$inferInsert)[]): Promise<void> {
  if (changes.length > 0) await tx.insert(filterChanges).values([...changes]);
}
