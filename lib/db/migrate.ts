import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { Pool } from "pg";

// The committed SQL in lib/db/migrations, applied the same way to both engines. Running it again
// is a no-op.

const migrationsFolder = path.join(process.cwd(), "lib", "db", "migrations");

// Any number, the same in every instance: app instances that start together take turns.
const MIGRATION_LOCK = 7_130_147;

export async function migratePgliteDatabase(client: PGlite) {
  await migratePglite(drizzlePglite(client), { migrationsFolder });
}

export async function migratePostgresDatabase(pool: Pool) {
  // A session-level advisory lock belongs to one connection, so the whole run uses one.
  const connection = await pool.connect();
  try {
    await connection.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(connection), { migrationsFolder });
    } finally {
      await connection.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    connection.release();
  }
}
