import { isNull } from "drizzle-orm";
import { afterAll, beforeAll, vi } from "vitest";
import { readDatabaseSettings } from "@/lib/config/database";
import { openDatabase, type DatabaseHandle, type DatabaseHolder } from "@/lib/db/client";
import { mailOutbox } from "@/lib/db/schema";
import { seedDatabase } from "@/lib/db/seed";
import { mailWorker } from "@/lib/server/mail/outbox";
import { testDatabaseUrl } from "../requirements";
import { dropDatabase, recreateDatabase, siblingDatabase } from "../worker-databases";
import type { TestEngine } from "../test-engines";
import { clockPastEveryHistory } from "./world";

// The money model's database: one of its own per engine, not the suites' shared one. Its clock runs
// ahead of the real one (months and years, for renewals and lapses), and an operator's order
// calls sweep every customer's expired orders at that time: on a PostgreSQL shared with suites
// running at the same moment, that would expire their orders under them. So on PostgreSQL the
// model makes a sibling of TEST_DATABASE_URL's database, and drops it afterwards.

interface Opened {
  handle: DatabaseHandle;
  drop: () => Promise<void>;
}

async function open(engine: TestEngine): Promise<Opened> {
  if (engine.name === "pglite") {
    // A copy of the suites' template: its own database, the demo data already in it.
    const handle = await engine.open();
    return { handle, drop: async () => {} };
  }
  if (!testDatabaseUrl) throw new Error("TEST_DATABASE_URL is not set");
  const base = testDatabaseUrl;
  const { name, url } = siblingDatabase(base, `money_${process.pid}`);
  await recreateDatabase(base, name);
  const handle = await openDatabase({ ...readDatabaseSettings({}), engine: "postgres", url, poolMax: 10, seedDemoData: false });
  return { handle, drop: () => dropDatabase(base, name) };
}

/**
 * Opens the model's database for the surrounding describe block (the demo catalogue seeded), makes
 * it the one the services use (`getDb()`), and closes and drops it afterwards.
 *
 * From then on the process's Date is the model's clock (what the services read when they are not
 * handed `now`), which each history sets and moves (world.ts setClock); only Date is faked, timers
 * run as ever. It stays faked until the database is closed: embedded PGlite reads the same clock,
 * and a timer it armed while a history ran years ahead, seen from the real clock, would wait for
 * those years, re-armed every millisecond (Node caps a timer at 2^31 ms) with a warning each time.
 */
export function moneyModelDatabase(engine: TestEngine): () => DatabaseHandle {
  let opened: Opened | null = null;
  beforeAll(async () => {
    opened = await open(engine);
    await seedDatabase(opened.handle.db);
    (globalThis as typeof globalThis & DatabaseHolder).__lenwellDatabase = Promise.resolve(opened.handle);
    vi.useFakeTimers({ toFake: ["Date"] });
  }, 120_000);
  afterAll(async () => {
    try {
      clockPastEveryHistory();
      // A send the outbox worker started after a commit finishes on the database it began with. A
      // long run leaves thousands of messages behind (the model checks them in the outbox, not in a
      // mailbox): they are set aside first, so the worker finishes its batch instead of them all.
      await opened?.handle.db
        .update(mailOutbox)
        .set({ failedAt: new Date(), lastError: "The money model's run ended" })
        .where(isNull(mailOutbox.sentAt));
      await mailWorker().idle();
      await opened?.handle.close();
    } finally {
      vi.useRealTimers();
    }
    await opened?.drop();
  }, 120_000);
  return () => {
    if (!opened) throw new Error("The money model's database is not open yet");
    return opened.handle;
  };
}
