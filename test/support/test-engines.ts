import { rmSync } from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { readDatabaseSettings } from "@/lib/config/database";
import { openDatabase, type DatabaseHandle, type DatabaseHolder } from "@/lib/db/client";
import { seedDatabase } from "@/lib/db/seed";
import { mailWorker } from "@/lib/server/mail/outbox";
import { copyTemplate, makePgliteTemplate, PGLITE_TEMPLATE_KEY, removeCopy } from "./pglite-template";
import { describeIf, needsPostgres, testDatabaseUrl, type Requirement } from "./requirements";

// The engines integration tests run against: embedded PGlite always (a fresh copy of the template
// database per suite), and PostgreSQL when TEST_DATABASE_URL names one. Without it the PostgreSQL suites are
// skipped with that reason in the run's summary (requirements.ts), and fail on CI.

export interface TestEngine {
  name: "pglite" | "postgres";
  requirement: Requirement;
  open: () => Promise<DatabaseHandle>;
}

// Each suite opens a copy of the folder of one template database (pglite-template.ts), made once
// per run by global-setup.ts; outside a Vitest run with that setup, once per process.
let pgliteTemplate: Promise<string> | null = null;

async function pgliteTemplateFolder(): Promise<string> {
  const provided = inject(PGLITE_TEMPLATE_KEY) as string | undefined;
  if (provided) return provided;
  const { scratch, template } = await makePgliteTemplate();
  process.once("exit", () => rmSync(scratch, { recursive: true, force: true }));
  return template;
}

const pglite: TestEngine = {
  name: "pglite",
  requirement: { missing: null, requiredOnCi: false },
  open: async () => {
    pgliteTemplate ??= pgliteTemplateFolder();
    const copy = await copyTemplate(await pgliteTemplate);
    const handle = await openDatabase({ ...readDatabaseSettings({}), pgliteDir: copy, seedDemoData: false });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await removeCopy(copy);
      },
    };
  },
};

const postgres: TestEngine = {
  name: "postgres",
  requirement: needsPostgres,
  open: () => {
    if (!testDatabaseUrl) return Promise.reject(new Error(needsPostgres.missing ?? "No PostgreSQL"));
    return openDatabase({ ...readDatabaseSettings({}), engine: "postgres", url: testDatabaseUrl, poolMax: 20, seedDemoData: false });
  },
};

/** One suite per engine, as `describe.each`, `$name` in the title standing for the engine's name. */
export function describeEachEngine(title: string, body: (engine: TestEngine) => void): void {
  for (const engine of [pglite, postgres]) {
    describeIf(engine.requirement, title.replaceAll("$name", engine.name), () => body(engine));
  }
}

/** A suite for PGlite alone, for code whose behaviour does not depend on the engine. */
export function describeOnPglite(title: string, body: (engine: TestEngine) => void): void {
  describeIf(pglite.requirement, title, () => body(pglite));
}

/** A suite for PostgreSQL alone: races need a real server with real row locks, and PGlite runs one statement at a time. */
export function describeOnPostgres(title: string, body: (engine: TestEngine) => void): void {
  describeIf(postgres.requirement, title, () => body(postgres));
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
    // A send the outbox worker started after a commit finishes on the database it began with.
    await mailWorker().idle();
    await handle?.close();
  });
  return () => {
    if (!handle) throw new Error("The test database is not open yet");
    return handle;
  };
}
