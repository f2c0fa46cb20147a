// @vitest-environment node
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readDatabaseSettings } from "@/lib/config/database";
import { openDatabase, type DatabaseHandle, type DatabaseHolder } from "@/lib/db/client";
import { sharedLogger } from "@/lib/log/logger";
import { log } from "@/lib/server/log";
import { postgresAdminQuery } from "@/scripts/bench/shop-server";
import { callAs, type CallKind, type CallOutcome } from "@/test/support/database-outages";
import { PostgresProxy } from "@/test/support/postgres-proxy";
import { testDatabaseUrl } from "@/test/support/requirements";
import { makeCustomer, makeProduct, putInCart, type Customer } from "@/test/support/shop";
import { databaseForSuite, describeOnPostgres } from "@/test/support/test-engines";
import { dropDatabase, siblingDatabase } from "@/test/support/worker-databases";

// Every way PostgreSQL refuses or loses the shop's connections, each made to happen for real:
// a database with ALLOW_CONNECTIONS false (55000 at connect), CONNECTION LIMIT reached (53300),
// pg_terminate_backend under a statement (57P01), idle_session_timeout (57P05), the pool's own
// connect timeout, the server gone from the network (socket errors), and the FATAL refusals a
// server sends while starting up, after a crash or when its database was dropped (57P03, 57P02,
// 57P04), which a stand-in between the pool and the server sends as the server does. Each time the
// API answers 503 with Retry-After, never 500, and answers 200 again once the database takes
// connections, without a restart. The suite owns a throwaway database (and a role, for the
// CONNECTION LIMIT the superuser ignores), both dropped afterwards.

type Kind = Extract<CallKind, "product detail" | "cart list" | "cart update">;
const KINDS: readonly Kind[] = ["product detail", "cart list", "cart update"];

type Outcome = CallOutcome<Kind>;

/** How soon after the database takes connections again the shop must answer 200. */
const HEALED_WITHIN_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const holder = globalThis as typeof globalThis & DatabaseHolder;

describeOnPostgres("PostgreSQL refusing or losing the shop's connections", (engine) => {
  const base = testDatabaseUrl ?? "";
  const { name: database, url: databaseUrl } = siblingDatabase(base, "refusing");
  // Named after the database, so that it stays in the same name space (and unique per worker).
  const role = `${database}_shop`.slice(0, 63);
  const shopUrl = (() => {
    const url = new URL(databaseUrl);
    url.username = role;
    url.password = "";
    return url.href;
  })();
  const applicationName = `lenwell-refusals-${randomBytes(4).toString("hex")}`;
  const target = new URL(base);
  const proxy = new PostgresProxy({ host: target.hostname, port: Number(target.port || 5432) });
  let admin: pg.Client;

  beforeAll(async () => {
    await dropDatabase(base, database);
    await postgresAdminQuery(base, `drop role if exists ${role}`);
    await postgresAdminQuery(base, `create role ${role} login`);
    await postgresAdminQuery(base, `create database ${database} owner ${role}`);
    await proxy.listen();
    admin = new pg.Client({ connectionString: base, application_name: `${applicationName}-admin` });
    await admin.connect();
  }, 60_000);

  const handle = databaseForSuite({
    ...engine,
    open: () =>
      openDatabase({
        ...readDatabaseSettings({ DATABASE_APPLICATION_NAME: applicationName }),
        engine: "postgres",
        url: proxy.url(shopUrl),
        poolMax: 4,
        connectTimeoutMs: 2_000,
        seedDemoData: false,
      }),
  });

  afterAll(async () => {
    await admin?.end();
    await proxy.close();
    await dropDatabase(base, database);
    await postgresAdminQuery(base, `drop role if exists ${role}`);
  }, 60_000);

  let sku = "";
  let customer: Customer;
  beforeAll(async () => {
    sku = await makeProduct(handle(), { stock: 1_000_000 });
    customer = await makeCustomer(handle());
    await putInCart(handle(), customer.id, sku, 1);
  });

  /** Ends every connection to the suite's database, the shop's pool's and any other. */
  async function endShopConnections(): Promise<number> {
    const result = await admin.query<{ ended: boolean }>(
      "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [database],
    );
    return result.rows.filter((row) => row.ended).length;
  }

  const call = (kind: Kind): Promise<Outcome> => callAs(kind, customer, sku);

  /** Every kind of call, `rounds` times over from `workers` callers at once. */
  async function load(workers: number, rounds: number): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    await Promise.all(
      Array.from({ length: workers }, async (_, worker) => {
        // Each caller starts at another kind, so every kind meets the others in flight.
        for (let step = 0; step < rounds * KINDS.length; step += 1) {
          outcomes.push(await call(KINDS[(step + worker) % KINDS.length] ?? "product detail"));
        }
      }),
    );
    return outcomes;
  }

  function expectAllUnavailable(outcomes: Outcome[]): void {
    expect(
      outcomes.filter((outcome) => outcome.status !== 503 || !/^[1-9]\d*$/.test(outcome.retryAfter ?? "")),
      "answers other than 503 with Retry-After",
    ).toEqual([]);
  }

  /**
   * Calls every kind, round after round, until a round answers 200 throughout; fails unless that
   * round was sent within HEALED_WITHIN_MS of `since`. What counts is when the requests were sent,
   * not how long a round took to answer on a busy machine. Answers that delay in milliseconds.
   */
  async function expectHealed(since: number, burstCallers = 4): Promise<number> {
    let last: Outcome[] = [];
    let roundSentAt = since;
    while (Date.now() - since < HEALED_WITHIN_MS * 4) {
      roundSentAt = Date.now();
      last = [];
      for (const kind of KINDS) last.push(await call(kind));
      if (last.every((outcome) => outcome.status === 200)) break;
      await sleep(20);
    }
    const healedAfter = roundSentAt - since;
    expect(
      last.filter((outcome) => outcome.status !== 200),
      "answers once the database takes connections again",
    ).toEqual([]);
    expect(healedAfter, "milliseconds from the database taking connections to a round answered 200 throughout").toBeLessThan(
      HEALED_WITHIN_MS,
    );
    // And stays healed: a burst from several callers at once, all 200.
    const burst = await load(burstCallers, 2);
    expect(burst.filter((outcome) => outcome.status !== 200)).toEqual([]);
    return healedAfter;
  }

  /** Mutes the lines the outage writes (one warning per failed request); answers the error lines. */
  function quietLogs() {
    vi.spyOn(log, "warn").mockImplementation(() => undefined);
    vi.spyOn(sharedLogger(), "warn").mockImplementation(() => undefined);
    return vi.spyOn(log, "error").mockImplementation(() => undefined);
  }

  it("answers 200 while the database takes connections (the suite's own footing)", async () => {
    expect((await load(2, 1)).filter((outcome) => outcome.status !== 200)).toEqual([]);
  });

  it("answers 503 with Retry-After while the database does not accept connections (55000), and 200 once it does", async () => {
    const errors = quietLogs();
    await admin.query(`alter database ${database} allow_connections false`);
    let outcomes: Outcome[];
    try {
      await endShopConnections();
      outcomes = await load(6, 3);
    } finally {
      await admin.query(`alter database ${database} allow_connections true`);
    }
    const healedAfter = await expectHealed(Date.now());
    console.log(`ALLOW_CONNECTIONS false: ${outcomes.length} answers, healed ${healedAfter} ms after it was allowed again`);
    expectAllUnavailable(outcomes);
    expect(errors, "nothing logged as an unhandled error").not.toHaveBeenCalled();
  });

  it.each([
    ["the role's", (limit: number) => `alter role ${role} connection limit ${limit}`],
    ["the database's", (limit: number) => `alter database ${database} connection limit ${limit}`],
  ])("answers 503 with Retry-After while %s CONNECTION LIMIT is reached (53300), and 200 once it is raised", async (_, limitTo) => {
    const errors = quietLogs();
    await admin.query(limitTo(0));
    let outcomes: Outcome[];
    try {
      await endShopConnections();
      outcomes = await load(3, 2);
    } finally {
      await admin.query(limitTo(-1));
    }
    await expectHealed(Date.now());
    expectAllUnavailable(outcomes);
    expect(errors).not.toHaveBeenCalled();
  });

  it("answers 503 with Retry-After to a write whose backend is terminated under it (57P01), then 200", async () => {
    const errors = quietLogs();
    // The customer's cart line is locked by another session, so the update waits on it: then its
    // backend is ended mid-statement, as an operator's pg_terminate_backend or a failover does.
    const locker = new pg.Client({ connectionString: databaseUrl, application_name: `${applicationName}-locker` });
    await locker.connect();
    try {
      await locker.query("begin");
      await locker.query("select 1 from cart_items where user_id = $1 for update", [customer.id]);
      const updating = call("cart update");
      let ended = 0;
      for (let attempt = 0; attempt < 300 && ended === 0; attempt += 1) {
        const { rows } = await admin.query<{ ended: boolean }>(
          `select pg_terminate_backend(pid) as ended from pg_stat_activity
            where datname = $1 and application_name = $2 and wait_event_type = 'Lock'`,
          [database, applicationName],
        );
        ended = rows.length;
        if (ended === 0) await sleep(10);
      }
      expect(ended, "the waiting update's backend was ended").toBe(1);
      const outcome = await updating;
      expect(outcome).toEqual({ kind: "cart update", status: 503, retryAfter: expect.stringMatching(/^[1-9]\d*$/) });
    } finally {
      await locker.query("rollback");
      await locker.end();
    }
    expect(await call("cart update")).toMatchObject({ status: 200 });
    expect(errors).not.toHaveBeenCalled();
  });

  it("answers 200 after the server ends the pool's idle connections for idle_session_timeout (57P05)", async () => {
    const errors = quietLogs();
    const lost = vi.spyOn(sharedLogger(), "warn").mockImplementation(() => undefined);
    await admin.query(`alter role ${role} set idle_session_timeout = '3s'`);
    try {
      await endShopConnections();
      // New connections, which carry the timeout (long enough that a busy machine's pauses between
      // the calls stay under it); then left idle past it.
      expect((await load(2, 1)).filter((outcome) => outcome.status !== 200)).toEqual([]);
      await sleep(4_500);
      expect(lost.mock.calls.map(([, line]) => String(line)).filter((line) => line.includes("57P05")).length).toBeGreaterThan(0);
    } finally {
      await admin.query(`alter role ${role} reset idle_session_timeout`);
      await endShopConnections();
    }
    expect((await load(3, 2)).filter((outcome) => outcome.status !== 200)).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });

  it("answers 503 with Retry-After while the server cannot be reached (connections reset, the port refused), and 200 once it is back", async () => {
    const errors = quietLogs();
    // Connections open in the pool, then the server goes away under them.
    expect((await load(4, 1)).filter((outcome) => outcome.status !== 200)).toEqual([]);
    await proxy.goAway();
    let outcomes: Outcome[];
    try {
      outcomes = await load(6, 3);
    } finally {
      await proxy.listen();
    }
    const healedAfter = await expectHealed(Date.now());
    console.log(`Server unreachable: ${outcomes.length} answers, healed ${healedAfter} ms after it was back`);
    expectAllUnavailable(outcomes);
    expect(errors).not.toHaveBeenCalled();
  });

  it.each([
    ["the server is starting up (57P03)", "57P03", "the database system is starting up"],
    ["the server is shutting down (57P03)", "57P03", "the database system is shutting down"],
    ["the server is recovering from a crash (57P02)", "57P02", "terminating connection because of crash of another server process"],
    ["the database was dropped (57P04)", "57P04", `database "${database}" does not exist`],
    ["the server is at max_connections (53300)", "53300", "sorry, too many clients already"],
    ["the connection fails (08006)", "08006", "connection failure"],
  ])("answers 503 with Retry-After while %s, and 200 once it takes connections", async (_, code, message) => {
    const errors = quietLogs();
    proxy.refuseAtStartup(code, message);
    let outcomes: Outcome[];
    try {
      outcomes = await load(3, 2);
    } finally {
      await proxy.listen();
    }
    await expectHealed(Date.now());
    expectAllUnavailable(outcomes);
    expect(errors).not.toHaveBeenCalled();
  });

  describe("with a pool of one connection", () => {
    let small: DatabaseHandle;
    let suiteDatabase: DatabaseHolder["__lenwellDatabase"];
    const CONNECT_TIMEOUT_MS = 300;

    beforeAll(async () => {
      small = await openDatabase({
        ...readDatabaseSettings({ DATABASE_APPLICATION_NAME: `${applicationName}-one` }),
        engine: "postgres",
        url: shopUrl,
        poolMax: 1,
        seedDemoData: false,
      });
      // The short timeout only once migrated: on a busy machine the migration's own first connect
      // can take longer than 300 ms, which is not what this suite is about.
      (small.db as unknown as { $client: pg.Pool }).$client.options.connectionTimeoutMillis = CONNECT_TIMEOUT_MS;
      suiteDatabase = holder.__lenwellDatabase;
      holder.__lenwellDatabase = Promise.resolve(small);
    });

    afterAll(async () => {
      holder.__lenwellDatabase = suiteDatabase;
      await small?.close();
    });

    it("answers 503 with Retry-After when no connection frees up within the connect timeout, and 200 once one does", async () => {
      const errors = quietLogs();
      const pool = (small.db as unknown as { $client: pg.Pool }).$client;
      const held = await pool.connect();
      let outcomes: Outcome[];
      const started = Date.now();
      try {
        outcomes = [await call("product detail"), await call("cart list"), await call("cart update")];
      } finally {
        held.release();
      }
      const waited = Date.now() - started;
      // Each call waited the connect timeout once, not twice: a read is not sent again into a pool
      // that had no connection to give.
      expect(waited).toBeGreaterThanOrEqual(3 * CONNECT_TIMEOUT_MS - 30);
      expect(waited).toBeLessThan(6 * CONNECT_TIMEOUT_MS);
      expectAllUnavailable(outcomes);
      // One caller at a time: callers queued behind each other on one connection could outwait the short timeout.
      await expectHealed(Date.now(), 1);
      expect(errors).not.toHaveBeenCalled();
    });
  });
});
