// Starts the production build (`next build` first) on a database of the benchmark's own: a fresh
// PGlite folder, or a fresh database on the machine's PostgreSQL with the demo data seeded.
import { spawn, type ChildProcess } from "node:child_process";
import { rm } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

export type Engine = "pglite" | "postgres";

export interface ShopServer {
  engine: Engine;
  url: string;
  outbox: string;
  /** PostgreSQL only: the shop's own database, for a test that reads it or takes it away. */
  databaseUrl?: string;
  /** The server's process, for the CPU it spends (/proc). */
  pid: number;
  stop(): Promise<void>;
}

/** The machine's PostgreSQL (BENCH_POSTGRES_URL names another server's maintenance database). */
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";

/** One statement on a PostgreSQL server's maintenance database (creating and dropping test databases). */
export async function postgresAdminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "ignore", "inherit"] });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The shop exited with ${child.exitCode} before it answered`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The shop did not answer at ${url} within ${timeoutMs / 1000} s`);
}

export interface ShopOptions {
  /** The shop's public address (SITE_URL); the address it listens on by default. */
  siteUrl?: string;
  /** Settings of the shop's own, over the benchmark's defaults below. */
  settings?: Record<string, string>;
  /** Node's own flags for the server process (`--cpu-prof`, which NODE_OPTIONS may not carry). */
  nodeArgs?: string[];
  /** PostgreSQL only: runs on the seeded database before the shop starts (the search bench adds its generated catalogue). */
  prepare?: (databaseUrl: string) => Promise<void>;
  /**
   * "shop": the shop's own server, what `npm start` and the image run (scripts/serve.mjs), for the
   * bench's figures; "next" (the default): `next start`, which answers as soon as it listens, for
   * the e2e tests that start a shop of their own and watch its first answers.
   */
  server?: "shop" | "next";
}

export async function startShop(engine: Engine, port: number, options: ShopOptions = {}): Promise<ShopServer> {
  const url = `http://127.0.0.1:${port}`;
  const dataDir = path.resolve(".data", `bench-${engine}-${port}`);
  await rm(dataDir, { recursive: true, force: true });
  const outbox = path.join(dataDir, "outbox");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    SITE_URL: options.siteUrl ?? url,
    PGLITE_DIR: path.join(dataDir, "pglite"),
    MAIL_OUTBOX_DIR: outbox,
    SMTP_URL: "",
    REDIS_URL: "",
    DATABASE_URL: "",
    SEED_DEMO_DATA: "true",
    // The login storm measures the password-hash queue alone: no proof of work turns attempts away.
    PROOF_OF_WORK_LOGIN_FAILURES_PER_MINUTE: String(Number.MAX_SAFE_INTEGER),
    ...options.settings,
  };
  let dropDatabase = async () => {};
  if (engine === "postgres") {
    const database = `lenwell_bench_${Date.now()}_${process.pid}`;
    await postgresAdminQuery(POSTGRES_ADMIN_URL, `create database ${database}`);
    dropDatabase = () => postgresAdminQuery(POSTGRES_ADMIN_URL, `drop database if exists ${database} with (force)`);
    const databaseUrl = new URL(POSTGRES_ADMIN_URL);
    databaseUrl.pathname = `/${database}`;
    env.DATABASE_URL = databaseUrl.href;
    try {
      await run(process.execPath, ["--import", "tsx", "scripts/db-seed.ts"], env);
      await options.prepare?.(databaseUrl.href);
    } catch (error) {
      // No shop to stop yet: the database would be left behind.
      await dropDatabase();
      throw error;
    }
  }
  // Idle connections kept 65 s, as `npm start` keeps them (docs/decisions/0019): with Node's 5 s a
  // request sent on a socket the server is closing is reset (the storm's customer met one such reset).
  // scripts/serve.mjs also opens its port only once the shop is ready, after a warm-up.
  const args =
    options.server === "shop"
      ? ["scripts/serve.mjs", "-H", "127.0.0.1", "-p", String(port)]
      : ["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(port), "--keepAliveTimeout", "65000"];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...args], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(url, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { engine, url, outbox, databaseUrl: env.DATABASE_URL || undefined, pid: child.pid ?? 0, stop };
}
