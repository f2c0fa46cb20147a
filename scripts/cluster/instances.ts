// Several production instances of the shop on one machine, as a deployment runs them: the standalone
// server (`node .next/standalone/server.js`) on one PostgreSQL database and one Redis, behind a
// balancer: the shipped HAProxy for the two-instance test (two-instances.ts), nginx round-robin for
// the scaling benchmark.
import { spawn, spawnSync, execFileSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { mkdir, open, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Redis } from "ioredis";
import { postgresAdminQuery } from "../bench/shop-server";

const STANDALONE_SERVER = path.resolve(".next", "standalone", "server.js");

/** The machine's PostgreSQL maintenance database, on which each run creates a database of its own. */
export const POSTGRES_ADMIN_URL = process.env.CLUSTER_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";
/** A Redis database of these runs' own: flushed at the start of each run. */
export const CLUSTER_REDIS_URL = process.env.CLUSTER_REDIS_URL || "redis://127.0.0.1:6379/5";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Copies public/ and .next/static into the standalone folder of the current build. */
export function prepareStandalone(): void {
  if (!existsSync(STANDALONE_SERVER)) throw new Error("No standalone build at .next/standalone: run `npm run build` first.");
  const prepared = spawnSync("bash", ["scripts/standalone.sh"], { stdio: ["ignore", "ignore", "inherit"] });
  if (prepared.status !== 0) throw new Error(`scripts/standalone.sh exited with ${prepared.status}`);
}

const adminQuery = (sql: string) => postgresAdminQuery(POSTGRES_ADMIN_URL, sql);

export interface ClusterDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A new, empty database (`cluster_<prefix>_<time>_<pid>`): the instances migrate (and seed) it as they start. */
export async function createDatabase(prefix: string): Promise<ClusterDatabase> {
  const name = `cluster_${prefix}_${Date.now()}_${process.pid}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.href, name, drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

/** What of PostgreSQL and Redis does not answer (empty when both do). */
export async function missingServices(): Promise<string[]> {
  const missing: string[] = [];
  try {
    await adminQuery("select 1");
  } catch (error) {
    missing.push(`PostgreSQL at ${POSTGRES_ADMIN_URL} (${error instanceof Error ? error.message : String(error)})`);
  }
  const redis = new Redis(CLUSTER_REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    retryStrategy: () => null,
  });
  // The refused connection is reported by connect() below; without a listener ioredis prints it too.
  redis.on("error", () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    missing.push(`Redis at ${CLUSTER_REDIS_URL} (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    redis.disconnect();
  }
  return missing;
}

export async function flushRedis(url = CLUSTER_REDIS_URL): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** Resolves with how the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Its output (stdout and stderr), for a failed check to show. */
  log: string[];
  /** Requests it answered for others (its "request completed" lines, less its own start-up's). */
  served: () => number;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** What every instance of one cluster shares: one database, one Redis, one key, one public address. */
export function clusterEnv(options: { databaseUrl: string; siteUrl: string; authSecret?: string }): NodeJS.ProcessEnv {
  return {
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: CLUSTER_REDIS_URL,
    AUTH_SECRET: options.authSecret ?? randomBytes(32).toString("hex"),
    SITE_URL: options.siteUrl,
    // The proxy in front appends the caller's address to X-Forwarded-For; it connects from 127.0.0.1.
    TRUSTED_PROXY_HOPS: "1",
    TRUSTED_PROXY_ADDRESSES: "127.0.0.1",
    SEED_DEMO_DATA: "true",
    // Above the proxy's own wait for an answer (60 s), as in production.
    KEEP_ALIVE_TIMEOUT: "65000",
  };
}

/** Starts an instance listening on `host`:`port` (a loopback address of its own stands for a container's). */
export function startInstance(name: string, port: number, env: NodeJS.ProcessEnv, host = "127.0.0.1"): Instance {
  const dataDir = path.resolve(".data", `cluster-${name}-${port}`);
  const child = spawn(process.execPath, [STANDALONE_SERVER], {
    env: {
      // PATH and the like; the shop's own settings come from `env` alone, never from this shell.
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...env,
      PORT: String(port),
      HOSTNAME: host,
      // Never used on PostgreSQL; kept out of the standalone folder all the same.
      PGLITE_DIR: path.join(dataDir, "pglite"),
      MAIL_OUTBOX_DIR: path.join(dataDir, "outbox"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log: string[] = [];
  let served = 0;
  // A line may arrive in two chunks: the part after the last newline waits for the rest (one per stream).
  const keeper = () => {
    let partial = "";
    return (chunk: Buffer) => {
      const text = partial + chunk.toString("utf8");
      const end = text.lastIndexOf("\n");
      partial = text.slice(end + 1);
      const lines = text
        .slice(0, end + 1)
        .split("\n")
        .filter(Boolean);
      // scripts/serve.mjs asks its own /api/ready and renders a few pages before it listens: ids "start-…".
      served += lines.filter((line) => line.includes('"msg":"request completed"') && !line.includes('"requestId":"start-')).length;
      log.push(...lines);
      if (log.length > 400) log.splice(0, log.length - 400);
    };
  };
  child.stdout?.on("data", keeper());
  child.stderr?.on("data", keeper());
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    name,
    port,
    url: `http://${host}:${port}`,
    child,
    exited,
    log,
    served: () => served,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        // A server that does not stop within 30 s of SIGTERM is killed: cleanup never hangs.
        const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until the instance says it is ready: GET /api/ready answers 200 (database and Redis answer). */
export async function waitUntilReady(instance: Instance, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null || instance.child.signalCode !== null) {
      throw new Error(
        `${instance.name} exited (${instance.child.exitCode ?? instance.child.signalCode}) before it was ready:\n${instance.log.slice(-30).join("\n")}`,
      );
    }
    try {
      const ready = await fetch(`${instance.url}/api/ready`);
      if (ready.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`${instance.name} was not ready within ${timeoutMs / 1000} s:\n${instance.log.slice(-30).join("\n")}`);
}

export function nginxBinary(): string {
  for (const candidate of ["/usr/sbin/nginx", "nginx"]) {
    try {
      execFileSync(candidate, ["-v"], { stdio: "ignore" });
      return candidate;
    } catch {
      // Try the next one.
    }
  }
  throw new Error("nginx is needed: sudo apt-get install -y nginx-light (or nginx)");
}

export interface Balancer {
  url: string;
  /** The balancer's (nginx's) error log lines at level warn or worse, for a failed check to show. */
  errors(): Promise<string[]>;
  stop(): Promise<void>;
}

/** Runs nginx with `dir`/nginx.conf until it answers on `port`. */
async function runNginx(dir: string, port: number): Promise<Balancer> {
  const file = (name: string) => path.join(dir, name);
  const child = spawn(nginxBinary(), ["-c", file("nginx.conf"), "-p", dir], { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}; see ${file("error.log")}`);
    try {
      await fetch(url);
      break;
    } catch {
      if (attempt > 100) throw new Error("nginx did not start");
    }
    await sleep(100);
  }
  return {
    url,
    errors: async () =>
      (await readFile(file("error.log"), "utf8").catch(() => ""))
        .split("\n")
        .filter((line) => /\[(warn|error|crit|alert|emerg)\]/.test(line)),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGQUIT");
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** nginx's folders for temporary files, inside `dir` (the defaults belong to the system's nginx). */
function tempPaths(dir: string): string {
  return ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `  ${kind}_temp_path ${path.join(dir, kind)};`).join("\n");
}

/** deploy/haproxy/haproxy.cfg, the proxy compose ships. */
export const SHIPPED_PROXY_CONFIG = path.resolve("deploy", "haproxy", "haproxy.cfg");

/** `text` with `from` replaced by `to`, which must occur exactly once (the shipped file changed shape otherwise). */
function replaceOnce(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at === -1 || text.indexOf(from, at + 1) !== -1) {
    throw new Error(`${SHIPPED_PROXY_CONFIG}: expected "${from}" once; update shippedProxyConfig in scripts/cluster/instances.ts`);
  }
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/**
 * The shipped proxy configuration with only what differs on this machine replaced: the resolver
 * (Docker's DNS → the test's stand-in), the instances' port and the address HAProxy listens on.
 * Everything else (health checks, limits, retries, timeouts, headers, the log line) is the shipped
 * file's; its log goes to standard output, as in the container, which the test keeps in a file.
 */
export async function shippedProxyConfig(options: { port: number; dns: string; instancePort: number }): Promise<string> {
  let text = await readFile(SHIPPED_PROXY_CONFIG, "utf8");
  text = replaceOnce(text, "nameserver docker 127.0.0.11:53", `nameserver docker ${options.dns}`);
  text = replaceOnce(text, " app:3000 check ", ` app:${options.instancePort} check `);
  text = replaceOnce(text, "bind :8080", `bind 127.0.0.1:${options.port}`);
  return text;
}

export function haproxyBinary(): string {
  for (const candidate of ["/usr/sbin/haproxy", "haproxy"]) {
    try {
      execFileSync(candidate, ["-v"], { stdio: "ignore" });
      return candidate;
    } catch {
      // Try the next one.
    }
  }
  throw new Error("HAProxy is needed: sudo apt-get install -y haproxy");
}

export interface ShippedProxy {
  url: string;
  /** HAProxy's standard output: one line per request, and each instance's going up or down. */
  accessLog: string;
  /** Its warnings and alerts (standard error), for a failed check to show. */
  errors(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * HAProxy as compose runs it (the shipped deploy/haproxy/haproxy.cfg, shippedProxyConfig) in the
 * foreground (-db), finding the instances through `dns`. Resolves once it sends /api/ready to a
 * ready instance: until its first answer from the DNS and its first checks, it has no instance to
 * send to and answers 503 itself.
 */
export async function startShippedProxy(port: number, options: { dns: string; instancePort: number }): Promise<ShippedProxy> {
  const dir = path.resolve(".data", `cluster-haproxy-${port}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const file = (name: string) => path.join(dir, name);
  await writeFile(file("haproxy.cfg"), await shippedProxyConfig({ port, ...options }));
  const [stdout, stderr] = await Promise.all([open(file("access.log"), "a"), open(file("error.log"), "a")]);
  const child = spawn(haproxyBinary(), ["-db", "-f", file("haproxy.cfg")], { stdio: ["ignore", stdout.fd, stderr.fd] });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited with ${child.exitCode}; see ${file("error.log")}`);
    const ready = await fetch(`${url}/api/ready`).then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`HAProxy sent /api/ready to no ready instance within 20 s; see ${dir}`);
    await sleep(200);
  }
  return {
    url,
    accessLog: file("access.log"),
    errors: async () =>
      (await readFile(file("error.log"), "utf8").catch(() => "")).split("\n").filter((line) => /\[(WARNING|ALERT|NOTICE)\]/.test(line)),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      await Promise.all([stdout.close(), stderr.close()]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * nginx round-robin over `upstreams` (ports on loopback): the scaling benchmark's own balancer, not
 * the shipped proxy (HAProxy, deploy/haproxy/haproxy.cfg). Like it, a new connection per request
 * (no upstream keepalive), a refused connection tried on the next instance and the app's headers;
 * without per-address limits, which one benchmark client on one address would meet first, and
 * without health checks, which a benchmark that stops no instance does not need. Kept on nginx so
 * its figures compare with the earlier runs'.
 */
export async function startBalancer(port: number, upstreams: number[]): Promise<Balancer> {
  const dir = path.resolve(".data", `cluster-nginx-${port}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const file = (name: string) => path.join(dir, name);
  await writeFile(
    file("nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${file("nginx.pid")};
error_log ${file("error.log")} warn;
events { worker_connections 4096; }
http {
  access_log off;
${tempPaths(dir)}
  keepalive_requests 1000000;
  upstream shop {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=5s;`).join("\n")}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 1s;
    }
  }
}
`,
  );
  return runNginx(dir, port);
}

// Clock ticks per second of /proc/<pid>/stat's times: 100 on every Linux build Node runs on here.
const CLOCK_TICKS = 100;

/** The process and every process below it (Next may start workers). */
function withDescendants(pids: number[]): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The name (2nd field) may hold spaces; the fields after its closing parenthesis do not.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // Gone since the listing.
    }
  }
  const all = new Set(pids);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (all.has(ppid) && !all.has(pid)) {
        all.add(pid);
        grew = true;
      }
    }
  }
  return [...all];
}

/** CPU seconds (user + system) the processes and their children have used so far. */
export function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of withDescendants(pids)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime and stime are fields 14 and 15 of the line: the 12th and 13th after the name's.
      ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
    } catch {
      // Exited.
    }
  }
  return ticks / CLOCK_TICKS;
}
