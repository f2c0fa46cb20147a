import "server-only";
import { getDb, type Transaction } from "@/lib/db/client";
import { describeError } from "@/lib/server/base/error-log";
import { log } from "@/lib/server/log";

// The one way a service writes in a transaction, and the one place where what follows a commit
// runs. Work that must not happen unless the data it describes is committed (revalidating a cached
// page, waking the mail worker, later webhooks and jobs) is registered on the transaction with afterCommit and
// runs once the commit has succeeded, in the order it was registered; a rolled-back transaction
// runs none of it. Registering needs the transaction handle, so nothing can register outside one.

export interface AfterCommitEffect {
  /** Names the effect in the log when it fails. */
  label: string;
  run: () => unknown;
}

const pending = new WeakMap<Transaction, AfterCommitEffect[]>();

/** Registers `effect` to run after `tx` commits. */
export function afterCommit(tx: Transaction, effect: AfterCommitEffect): void {
  const effects = pending.get(tx);
  if (!effects) throw new Error(`afterCommit(${effect.label}): the transaction was not opened by inTransaction`);
  effects.push(effect);
}

async function runAfterCommit(effects: readonly AfterCommitEffect[]): Promise<void> {
  for (const effect of effects) {
    try {
      await effect.run();
    } catch (error) {
      // What was committed stays committed: a failed effect is logged, never undone or thrown.
      log.error({ effect: effect.label, error: describeError(error) }, `After commit, ${effect.label} failed: ${describeError(error)}`);
    }
  }
}

/**
 * Runs `work` in one database transaction, then what it registered with afterCommit. Resolves once
 * both are done, so a caller's answer never races the e-mail or the page revalidation it announces.
 */
export async function inTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
  const db = await getDb();
  const effects: AfterCommitEffect[] = [];
  const result = await db.transaction(async (tx) => {
    pending.set(tx, effects);
    try {
      return await work(tx);
    } finally {
      pending.delete(tx);
    }
  });
  await runAfterCommit(effects);
  return result;
}
