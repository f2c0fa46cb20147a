import { mkdir } from "node:fs/promises";
import path from "node:path";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { readDatabaseSettings, type DatabaseSettings } from "@/lib/config/database";
import { isConnectionLoss, raisedWhileConnecting } from "./connection-loss";
import { newPglite } from "./pglite";
import { createPool } from "./pool";
import * as schema from "./schema";
import { migratePgliteDatabase, migratePostgresDatabase } from "./migrate";
import { seedDatabase } from "./seed";

// One client for both engines. Services import `getDb()`; nothing else opens a connection.

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handle inside `db.transaction(async (tx) => …)`: services that work in the caller's transaction take it. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Either the database or a transaction on it. */
export type DbExecutor = Database | Transaction;

/** What `exclusively` did: ran the work (with its result), or left it to the process holding the lock. */
export type ExclusiveRun<T> = { ran: true; value: T } | { ran: false };

export interface DatabaseHandle {
  db: Database;
  engine: DatabaseSettings["engine"];
  /**
   * Runs `work` unless another process is running work under the same `name`. On PostgreSQL a
   * session advisory lock, held on a connection of its own for as long as `work` runs: a process
   * killed mid-work drops its connection, and with it the lock. The embedded database belongs to
   * one process, so there the work simply runs.
   */
  exclusively: <T>(name: string, work: () => Promise<T>) => Promise<ExclusiveRun<T>>;
  /**
   * On PostgreSQL, a database for reads that need session settings of their own (the search's
   * statement timeout and generic plans): a pool of its own whose connections are opened with
   * `settings` (the startup packet's options), so its statements need no transaction to carry them
   * (no BEGIN and COMMIT round trips). One pool per name, opened on first use, closed with the
   * handle; the settings of a name are those of its first call. On PGlite, null: its one connection
   * is everyone's, so the caller sets them in a transaction instead.
   */
  readsWith: (name: string, settings: Readonly<Record<string, string>>) => Database | null;
  close: () => Promise<void>;
}

/** At most this share of DATABASE_POOL_MAX for each pool of readsWith (at least 2 connections). */
const READS_POOL_SHARE = 0.5;

/** `settings` as libpq's options: `-c name=value`, spaces in a value escaped. */
export function settingsOptions(settings: Readonly<Record<string, string>>): string {
  return Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value.replace(/([\\ ])/g, "\\$1")}`)
    .join(" ");
}

/** Opens a database, applies the committed migrations and, when the settings ask for it, the demo seed. */
export async function openDatabase(settings: DatabaseSettings): Promise<DatabaseHandle> {
  if (settings.engine === "postgres" && settings.url) {
    const pool = createPool(settings);
    await migratePostgresDatabase(pool);
    const db = drizzlePg(pool, { schema });
    // Instances starting together on an empty database may both seed: every insert of the seed is
    // ON CONFLICT DO NOTHING, so the second adds nothing (the migrations before it take turns
    // through an advisory lock).
    if (settings.seedDemoData) await seedDatabase(db);
    retryTransactionsThatNeverBegan(db);
    const readPools = new Map<string, { pool: pg.Pool; db: Database }>();
    const readsWith = (name: string, readSettings: Readonly<Record<string, string>>): Database => {
      let reads = readPools.get(name);
      if (!reads) {
        const poolMax = Math.max(2, Math.ceil(settings.poolMax * READS_POOL_SHARE));
        const readPool = createPool(
          { ...settings, poolMax, applicationName: `${settings.applicationName}:${name}` },
          settingsOptions(readSettings),
        );
        reads = { pool: readPool, db: drizzlePg(readPool, { schema }) };
        readPools.set(name, reads);
      }
      return reads.db;
    };
    return {
      db,
      engine: "postgres",
      exclusively: (name, work) => underAdvisoryLock(pool, name, work),
      readsWith,
      close: async () => {
        await Promise.all([...readPools.values()].map((reads) => reads.pool.end()));
        await pool.end();
      },
    };
  }
  // PGlite creates only the last folder of its path.
  await mkdir(path.dirname(settings.pgliteDir), { recursive: true });
  const client = newPglite(settings.pgliteDir);
  await migratePgliteDatabase(client);
  const db = drizzlePglite(client, { schema });
  if (settings.seedDemoData) await seedDatabase(db);
  return {
    db,
    engine: "pglite",
    exclusively: async (_name, work) => ({ ran: true, value: await work() }),
    readsWith: () => null,
    close: () => client.close(),
  };
}

async function underAdvisoryLock<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<ExclusiveRun<T>> {
  const connection = await pool.connect();
  let broken = false;
  try {
    // hashtextextended: a 64-bit key from the name, so job names need no registry of numbers.
    const { rows } = await connection.query<{ locked: boolean }>("select pg_try_advisory_lock(hashtextextended($1, 0)) as locked", [name]);
    if (rows[0]?.locked !== true) return { ran: false };
    try {
      return { ran: true, value: await work() };
    } finally {
      await connection.query("select pg_advisory_unlock(hashtextextended($1, 0))", [name]).catch(() => {
        // A connection that cannot unlock is closed instead, which unlocks as surely.
        broken = true;
      });
    }
  } catch (error) {
    broken ||= isConnectionLoss(error);
    throw error;
  } finally {
    connection.release(broken);
  }
}

/**
 * A transaction whose connection was lost before its BEGIN went through (typically a pooled
 * connection that had died while idle) ran none of its work, so it is started once more on another
 * connection. Once the work has begun, a lost connection is the caller's error: the server rolled
 * back what it had not committed, and a lost COMMIT may or may not have been applied, so nothing
 * here repeats it. Nor is a transaction started again when no connection could be had at all (the
 * server refused it, or the pool's connect timeout passed): asking again at once would only be
 * refused again, or wait as long once more.
 */
function retryTransactionsThatNeverBegan(db: Database): void {
  const transaction = db.transaction.bind(db);
  db.transaction = async (work, config) => {
    let began = false;
    const run: typeof work = (tx) => {
      began = true;
      return work(tx);
    };
    try {
      return await transaction(run, config);
    } catch (error) {
      if (began || !isConnectionLoss(error) || raisedWhileConnecting(error)) throw error;
      return transaction(work, config);
    }
  };
}

// Next bundles route handlers, pages and instrumentation separately, so this module can be loaded
// more than once in one process. The handle lives on globalThis: two PGlite instances on one folder
// would each see only their own writes, and corrupt it.

/**
 * The process-wide slot of the database handle. Only its type is exported: nothing in the app puts
 * another database in it; the integration tests do (test/support/test-engines.ts).
 */
export interface DatabaseHolder {
  __lenwellDatabase?: Promise<DatabaseHandle> | null;
}

const holder = globalThis as typeof globalThis & DatabaseHolder;

/** The process's database, opened (and on first start created and seeded) on first use. */
export function getDatabase(): Promise<DatabaseHandle> {
  holder.__lenwellDatabase ??= openDatabase(readDatabaseSettings()).catch((error: unknown) => {
    holder.__lenwellDatabase = null;
    throw error;
  });
  return holder.__lenwellDatabase;
}

export async function getDb(): Promise<Database> {
  return (await getDatabase()).db;
}
