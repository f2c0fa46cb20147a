// @vitest-environment node
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { readDatabaseSettings } from "@/lib/config/database";
import { openDatabase } from "@/lib/db/client";
import { testDatabaseUrl } from "@/test/support/requirements";
import { callAs, type CallKind, type CallOutcome } from "@/test/support/database-outages";
import { makeCustomer, makeProduct, putInCart, type Customer } from "@/test/support/shop";
import { databaseForSuite, describeOnPostgres } from "@/test/support/test-engines";

// An operator (or a failover, or a restarted PostgreSQL) ends the shop's connections while customers
// are using it. Nothing may answer 500, nothing may escape as an uncaught error, and the shop must
// go on answering without a restart. Only PostgreSQL has connections to lose.

type Kind = CallKind;
const KINDS: readonly Kind[] = ["product detail", "cart list", "order list", "cart update", "buy now"];
/** Requests that only read (the order list is not one: it first expires the customer's unpaid orders). */
const READS: readonly Kind[] = ["product detail", "cart list"];

type Outcome = CallOutcome;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeOnPostgres("dropped database connections on PostgreSQL", (engine) => {
  // The pool's own application_name, unique to this run, so that only its connections are ended
  // (other suites and other runs may share the server).
  const applicationName = `lenwell-drops-${randomBytes(4).toString("hex")}`;
  const handle = databaseForSuite({
    ...engine,
    open: () =>
      openDatabase({
        ...readDatabaseSettings({ DATABASE_APPLICATION_NAME: applicationName }),
        engine: "postgres",
        url: testDatabaseUrl,
        poolMax: 8,
        seedDemoData: false,
      }),
  });

  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: testDatabaseUrl ?? "", application_name: `${applicationName}-admin` });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
  });

  /** Ends every connection of the shop's pool, busy or idle; answers how many there were. */
  async function terminateShopConnections(): Promise<number> {
    const result = await admin.query<{ ended: boolean }>(
      "select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1 and datname = current_database()",
      [applicationName],
    );
    return result.rows.filter((row) => row.ended).length;
  }

  const call = (kind: Kind, who: Customer, sku: string): Promise<Outcome> => callAs(kind, who, sku);

  it("answers 200, or 503 with Retry-After for a write caught mid-way, while its connections are ended; then recovers", async () => {
    const sku = await makeProduct(handle(), { stock: 1_000_000 });
    const customers: Customer[] = [];
    for (let index = 0; index < 4; index += 1) {
      const who = await makeCustomer(handle());
      await putInCart(handle(), who.id, sku, 1);
      customers.push(who);
    }

    const escaped: unknown[] = [];
    const onEscaped = (error: unknown) => escaped.push(error);
    process.on("uncaughtException", onEscaped);
    process.on("unhandledRejection", onEscaped);
    const outcomes: Outcome[] = [];
    let terminated = 0;
    try {
      // Twelve customers' worth of requests at once, each worker going round the kinds.
      let loading = true;
      const workers = Array.from({ length: 12 }, async (_, worker) => {
        for (let round = worker; loading; round += 1) {
          const kind = KINDS[round % KINDS.length] ?? "product detail";
          outcomes.push(await call(kind, customers[worker % customers.length] ?? customers[0]!, sku));
        }
      });
      // Mid-load: connections are ended while queries and transactions run on them.
      for (let drop = 0; drop < 6; drop += 1) {
        await sleep(400);
        terminated += await terminateShopConnections();
      }
      await sleep(400);
      loading = false;
      await Promise.all(workers);

      // At rest: the pool's idle connections are ended under it, twice (once more after a few
      // requests have opened new ones).
      await sleep(200);
      terminated += await terminateShopConnections();
      await sleep(200);
      for (const kind of KINDS) outcomes.push(await call(kind, customers[0]!, sku));
      terminated += await terminateShopConnections();
      await sleep(300);
    } finally {
      process.off("uncaughtException", onEscaped);
      process.off("unhandledRejection", onEscaped);
    }

    const failed = outcomes.filter((outcome) => outcome.status >= 500);
    const byKind = KINDS.map((kind) => {
      const mine = failed.filter((outcome) => outcome.kind === kind);
      return `${kind} ${mine.length} (${mine.filter((outcome) => outcome.status === 503).length} × 503)`;
    });
    console.log(
      `5xx during connection drops: ${failed.length} of ${outcomes.length}, ${escaped.length} uncaught; ` +
        `${terminated} connections ended. By kind: ${byKind.join(", ")}`,
    );
    expect(terminated, "connections the test ended").toBeGreaterThanOrEqual(10);
    expect(escaped, "uncaught exceptions and unhandled rejections").toEqual([]);
    expect(
      outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 503),
      "answers other than 200 and 503",
    ).toEqual([]);
    // A request that only reads is answered: its query is sent again on a new connection.
    expect(
      outcomes.filter((outcome) => READS.includes(outcome.kind) && outcome.status !== 200),
      "reads that were not answered",
    ).toEqual([]);
    for (const outcome of failed) expect(outcome.retryAfter, `${outcome.kind} answered 503 without Retry-After`).toMatch(/^[1-9]\d*$/);

    // Afterwards the shop answers normally, without a restart.
    for (const kind of KINDS) {
      for (const who of customers) expect((await call(kind, who, sku)).status, kind).toBe(200);
    }
  }, 60_000);
});
