import { readDatabaseSettings, readTestDatabaseUrl } from "@/lib/config/database";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type DatabaseHandle, type DatabaseHolder } from "@/lib/db/client";
import { seedDatabase } from "@/lib/db/seed";

// The engines integration tests run against: embedded PGlite always (in memory, a fresh database
// per suite), and PostgreSQL when TEST_DATABASE_URL names one.

export interface TestEngine {
  name: "pglite" | "postgres";
  open: () => Promise<DatabaseHandle>;
}

export function testEngines(): TestEngine[] {
  const base = readDatabaseSettings({});
  const engines: TestEngine[] = [
    { name: "pglite", open: () => openDatabase({ ...base, seedDemoData: true }, { inMemory: true }) },
  ];
  const url = readTestDatabaseUrl();
  if (url) {
    engines.push({
      name: "postgres",
      open: () => openDatabase({ ...base, engine: "postgres", url, poolMax: 20, seedDemoData: false }),
    });
  }
  return engines;
}

/** Points the process's database (what `getDb()` answers, lib/db/client.ts) at a suite's own. */
function setTestDatabase(handle: DatabaseHandle): void {
  (globalThis as typeof globalThis & DatabaseHolder).__lenwellDatabase = Promise.resolve(handle);
}

/**
 * Opens `engine` for the surrounding describe block (seeded with the demo accounts), makes it the
 * database the route handlers use, and closes it afterwards. Returns a getter for the handle.
 */
export function databaseForSuite(engine: TestEngine): () => DatabaseHandle {
  let handle: DatabaseHandle | null = null;
  beforeAll(async () => {
    handle = await engine.open();
    await seedDatabase(handle.db);
    setTestDatabase(handle);
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });
  return () => {
    if (!handle) throw new Error("The test database is not open yet");
    return handle;
  };
}
