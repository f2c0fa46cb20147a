import { openDatabaseAtStart } from "@/lib/config/database";
import { getDatabase } from "./client";
import { sharedLogger } from "@/lib/log/logger";

/**
 * The embedded database is created, migrated and seeded as the server starts, so the first visitor
 * does not wait for it, and a broken database stops the start loudly.
 */
export async function openDatabaseOnStart() {
  if (!openDatabaseAtStart()) return;
  const { engine } = await getDatabase();
  sharedLogger().info({ engine }, `Database ready (${engine === "postgres" ? "PostgreSQL" : "embedded PGlite"}).`);
}
