import { readDatabaseSettings, readTestDatabaseUrl } from "@/lib/config/database";
import { openDatabase, type DatabaseHandle } from "./client";

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
