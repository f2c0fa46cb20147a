// @vitest-environment node
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { readDatabaseSettings } from "@/lib/config/database";
import { testDatabaseUrl } from "@/test/support/requirements";
import { rowsOf } from "@/test/support/shop";
import { describeOnPostgres } from "@/test/support/test-engines";
import { openDatabase, type DatabaseHandle } from "./client";
import { isConnectionLoss, raisedWhileConnecting } from "./connection-loss";
import { isReadOnlyStatement } from "./pool";
import { sharedLogger } from "@/lib/log/logger";

// The pool against a real server whose backends are ended under it (pg_terminate_backend), the
// way a failover or an operator ends them.

describe("isReadOnlyStatement", () => {
  it("counts a plain SELECT as a read, and nothing that may write", () => {
    expect(isReadOnlyStatement('select "sku" from "products"')).toBe(true);
    expect(isReadOnlyStatement('\n  SELECT count(*) from "orders"')).toBe(true);
    expect(isReadOnlyStatement('insert into "cart_items" values ($1)')).toBe(false);
    expect(isReadOnlyStatement('update "products" set "stock" = 1')).toBe(false);
    expect(isReadOnlyStatement('with moved as (update "orders" set "status" = $1 returning *) select * from moved')).toBe(false);
    expect(isReadOnlyStatement("selection")).toBe(false);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeOnPostgres("the PostgreSQL pool when its connections are ended", () => {
  const applicationName = `lenwell-pool-${randomBytes(4).toString("hex")}`;
  const table = `pool_test_${randomBytes(4).toString("hex")}`;
  let handle: DatabaseHandle;
  let pool: pg.Pool;
  let admin: pg.Client;

  beforeAll(async () => {
    handle = await openDatabase({
      ...readDatabaseSettings({ DATABASE_APPLICATION_NAME: applicationName }),
      engine: "postgres",
      url: testDatabaseUrl,
      poolMax: 4,
      seedDemoData: false,
    });
    pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    admin = new pg.Client({ connectionString: testDatabaseUrl ?? "", application_name: `${applicationName}-admin` });
    await admin.connect();
    await admin.query(`create table ${table} (v int not null)`);
  }, 60_000);

  afterAll(async () => {
    await admin?.query(`drop table if exists ${table}`);
    await admin?.end();
    await handle?.close();
  });

  afterEach(async () => {
    await admin.query(`truncate ${table}`);
  });

  /** Ends the backend `pid` once it has started running `statement` (or at once when it is null). */
  async function terminateWhenRunning(pid: number, statement: string | null): Promise<void> {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const { rows } = await admin.query<{ query: string; state: string }>("select query, state from pg_stat_activity where pid = $1", [
        pid,
      ]);
      const running = rows[0]?.state === "active" && rows[0].query.includes(statement ?? "");
      if (statement === null || running) {
        await admin.query("select pg_terminate_backend($1)", [pid]);
        return;
      }
      await sleep(10);
    }
    throw new Error(`Backend ${pid} never ran ${statement}`);
  }

  const shopPids = async () =>
    (
      await admin.query<{ pid: number }>("select pid from pg_stat_activity where application_name = $1 and datname = current_database()", [
        applicationName,
      ])
    ).rows.map((row) => row.pid);

  it("names its connections with the shop's application_name", async () => {
    const { rows } = await pool.query<{ name: string }>("select current_setting('application_name') as name");
    expect(rows[0]?.name).toBe(applicationName);
    expect((await shopPids()).length).toBeGreaterThan(0);
  });

  it("logs one line per idle connection that is ended, never throws, and opens new ones", async () => {
    // Four connections open and idle.
    await Promise.all(Array.from({ length: 4 }, () => pool.query("select pg_sleep(0.05)")));
    const escaped: unknown[] = [];
    const onEscaped = (error: unknown) => escaped.push(error);
    process.on("uncaughtException", onEscaped);
    const warned = vi.spyOn(sharedLogger(), "warn").mockImplementation(() => undefined);
    try {
      const pids = await shopPids();
      expect(pids.length).toBeGreaterThanOrEqual(2);
      for (const pid of pids) await terminateWhenRunning(pid, null);
      await sleep(300);
      expect(escaped).toEqual([]);
      expect(warned).toHaveBeenCalledTimes(pids.length);
      for (const [, line] of warned.mock.calls) expect(String(line)).toMatch(/^Database connection lost \(57P01 terminating connection/);
      expect(pool.totalCount).toBe(0);
    } finally {
      process.off("uncaughtException", onEscaped);
    }
    const [row] = rowsOf<{ one: number }>(await handle.db.execute(sql`select 1 as one`));
    expect(row?.one).toBe(1);
  });

  it("sends a read that lost its connection once more, on a new connection", async () => {
    vi.spyOn(sharedLogger(), "warn").mockImplementation(() => undefined);
    const { rows } = await pool.query<{ pid: number }>("select pg_backend_pid() as pid");
    const pid = rows[0]?.pid ?? 0;
    const reading = pool.query<{ pid: number }>("select pg_backend_pid() as pid, pg_sleep(0.3)");
    await terminateWhenRunning(pid, "pg_sleep(0.3)");
    const answer = await reading;
    expect(answer.rows[0]?.pid).not.toBe(pid);
  });

  it("does not send a write again: the caller learns the connection was lost, and nothing was written", async () => {
    vi.spyOn(sharedLogger(), "warn").mockImplementation(() => undefined);
    const { rows } = await pool.query<{ pid: number }>("select pg_backend_pid() as pid");
    const pid = rows[0]?.pid ?? 0;
    // Its outcome is taken at once: the write may fail while the test is still ending its backend.
    const writing = pool.query(`insert into ${table} (v) select 1 from pg_sleep(0.3)`).then(
      () => null,
      (failure: unknown) => failure,
    );
    await terminateWhenRunning(pid, "pg_sleep(0.3)");
    const error: unknown = await writing;
    expect(isConnectionLoss(error)).toBe(true);
    expect((await admin.query(`select count(*)::int as n from ${table}`)).rows[0]).toEqual({ n: 0 });
  });

  it("starts a transaction again when its connection was lost before BEGIN, running the work once", async () => {
    vi.spyOn(sharedLogger(), "warn").mockImplementation(() => undefined);
    const connect = pool.connect.bind(pool);
    // The pool hands out a connection whose backend has just been ended: the case of an idle
    // connection that died a moment before it was taken.
    const deadConnection = async (): Promise<pg.PoolClient> => {
      const client = await connect();
      const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
      await terminateWhenRunning(rows[0]?.pid ?? 0, null);
      await sleep(100);
      return client;
    };
    // Only the promise form of connect() is used (drizzle's transactions); its overloads also take a callback.
    const promiseForm: { connect: () => Promise<pg.PoolClient> } = pool;
    vi.spyOn(promiseForm, "connect").mockImplementationOnce(deadConnection);
    let runs = 0;
    await handle.db.transaction(async (tx) => {
      runs += 1;
      await tx.execute(sql.raw(`insert into ${table} (v) values (1)`));
    });
    expect(runs).toBe(1);
    expect((await admin.query(`select count(*)::int as n from ${table}`)).rows[0]).toEqual({ n: 1 });
  });

  it("does not repeat a transaction whose connection was lost after its work began: it rolls back and says so", async () => {
    vi.spyOn(sharedLogger(), "warn").mockImplementation(() => undefined);
    let runs = 0;
    const error: unknown = await handle.db
      .transaction(async (tx) => {
        runs += 1;
        await tx.execute(sql.raw(`insert into ${table} (v) values (1)`));
        const [own] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
        await terminateWhenRunning(own?.pid ?? 0, null);
        await sleep(100);
        await tx.execute(sql.raw(`insert into ${table} (v) values (2)`));
      })
      .then(
        () => null,
        (failure: unknown) => failure,
      );
    expect(isConnectionLoss(error)).toBe(true);
    expect(runs).toBe(1);
    expect((await admin.query(`select count(*)::int as n from ${table}`)).rows[0]).toEqual({ n: 0 });
  });
});

describeOnPostgres("the PostgreSQL pool when it cannot get a connection", () => {
  const CONNECT_TIMEOUT_MS = 400;
  let handle: DatabaseHandle;
  let pool: pg.Pool;

  beforeAll(async () => {
    handle = await openDatabase({
      ...readDatabaseSettings({ DATABASE_APPLICATION_NAME: `lenwell-pool-one-${randomBytes(4).toString("hex")}` }),
      engine: "postgres",
      url: testDatabaseUrl,
      poolMax: 1,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      seedDemoData: false,
    });
    pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
  });

  /** What `work` threw, and after how many milliseconds. */
  async function timed(work: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
    const started = Date.now();
    const error = await work().then(
      () => null,
      (failure: unknown) => failure,
    );
    return { error, ms: Date.now() - started };
  }

  it("fails a read after the connect timeout, once: a lost connection, not sent again", async () => {
    const held = await pool.connect();
    try {
      const { error, ms } = await timed(() => pool.query("select 1"));
      expect(isConnectionLoss(error)).toBe(true);
      expect(raisedWhileConnecting(error)).toBe(true);
      expect(ms).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 20);
      expect(ms, "waited for a connection twice").toBeLessThan(1.5 * CONNECT_TIMEOUT_MS);
    } finally {
      held.release();
    }
    expect((await pool.query<{ one: number }>("select 1 as one")).rows[0]?.one).toBe(1);
  });

  it("fails a transaction after the connect timeout, once, without running its work", async () => {
    const held = await pool.connect();
    let runs = 0;
    try {
      const { error, ms } = await timed(() =>
        handle.db.transaction(async () => {
          runs += 1;
        }),
      );
      expect(isConnectionLoss(error)).toBe(true);
      expect(ms, "waited for a connection twice").toBeLessThan(1.5 * CONNECT_TIMEOUT_MS);
    } finally {
      held.release();
    }
    expect(runs).toBe(0);
  });

  it("does not take 55000 raised by a statement on a live connection for a refused one", async () => {
    // currval before nextval in the session: the same SQLSTATE a database not accepting
    // connections answers at connect, but here a plain failure of the statement.
    await pool.query("create temporary sequence if not exists pool_test_never_used");
    const { error } = await timed(() => pool.query("select currval('pool_test_never_used')"));
    expect(error).toMatchObject({ code: "55000" });
    expect(raisedWhileConnecting(error)).toBe(false);
    expect(isConnectionLoss(error)).toBe(false);
  });
});
