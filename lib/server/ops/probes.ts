import "server-only";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { env } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { describeError } from "@/lib/server/base/error-log";
import { isShuttingDown } from "@/lib/server/lifecycle/state";
import { log } from "@/lib/server/log";
import { reportOutagesOnce } from "@/lib/server/redis/outages";

// What the load balancer and the orchestrator ask every few seconds.
// - Health (GET /api/health): the process is up and serving. Touches nothing, so a slow database never
//   gets a healthy process restarted.
// - Readiness (GET /api/ready): this instance can do its work now: the database answers, and Redis
//   when the shop is set to use one. Not while shutting down, so new traffic goes elsewhere while the
//   requests already taken finish.
// Each check has a short deadline: a probe that hangs is as good as a failed one to a load balancer,
// and an answer in time says which dependency failed. A dependency is reported failed only when two
// checks in a row fail: on a busy host (an instance starting beside a loaded one) Redis and the
// database, both up, were seen answering one check a little after its deadline, and one late
// answer is not an outage. A dependency that is down fails both at once (refused) or after both
// deadlines (hung): an outage is reported within READINESS_ANSWER_WITHIN_MS.

/** How long one check waits for its dependency's answer. */
export const PROBE_TIMEOUT_MS = 1_500;
/** Checks in a row that must fail before a dependency is reported failed. */
export const PROBE_ATTEMPTS = 2;
/** The longest /api/ready takes to answer: every attempt timing out. */
export const READINESS_ANSWER_WITHIN_MS = PROBE_TIMEOUT_MS * PROBE_ATTEMPTS;

export type CheckResult = "ok" | "failed" | "not configured";

export interface ReadinessReport {
  status: "ok" | "unavailable" | "shutting down";
  checks: { database: CheckResult | "not checked"; redis: CheckResult | "not checked" };
  /** What is not ready: "shutdown", "database", "redis". */
  failed: string[];
}

/** What failed, in one line: a probe fails every few seconds through an outage, a stack each time would bury the log. */
function reasonOf(error: unknown): string {
  return describeError(error).split("\n")[0] ?? "";
}

/** `work`, or a rejection once `ms` have passed without its answer. */
async function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs `check` up to PROBE_ATTEMPTS times, each within PROBE_TIMEOUT_MS, until one passes. A late
 * first answer is logged (it shows a busy host or a slow dependency before it becomes an outage);
 * only the last failure makes the dependency failed.
 */
async function checkWithRetry(dependency: "database" | "redis", what: string, check: () => Promise<void>): Promise<CheckResult> {
  let lastReason = "";
  for (let attempt = 1; attempt <= PROBE_ATTEMPTS; attempt += 1) {
    try {
      await within(check(), PROBE_TIMEOUT_MS, what);
      if (attempt > 1) {
        log.info({ dependency, attempts: attempt, reason: lastReason }, `Readiness: ${what} answered on check ${attempt} (${lastReason})`);
      }
      return "ok";
    } catch (error) {
      lastReason = reasonOf(error);
    }
  }
  log.warn({ dependency, reason: lastReason }, `Not ready: ${what} failed ${PROBE_ATTEMPTS} checks in a row: ${lastReason}`);
  return "failed";
}

function checkDatabase(): Promise<CheckResult> {
  return checkWithRetry("database", "the database", async () => {
    await (await getDb()).execute(sql`select 1`);
  });
}

// One client per Redis address, kept on globalThis (Next may load this module more than once), apart
// from the rate limiter's: its answer must be about Redis, not about a connection busy with counts.
const holder = globalThis as typeof globalThis & { __lenwellProbeRedis?: Map<string, Redis> };

function probeClient(url: string): Redis {
  const clients = (holder.__lenwellProbeRedis ??= new Map());
  let client = clients.get(url);
  if (!client) {
    client = new Redis(url, {
      // A PING sent while it connects waits for the connection (up to the probe's deadline) instead
      // of failing at once, so the first probe after a start is not a false alarm.
      enableOfflineQueue: true,
      maxRetriesPerRequest: 0,
      connectTimeout: PROBE_TIMEOUT_MS,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    reportOutagesOnce(client, (error) =>
      log.warn({ dependency: "redis", reason: error.message }, `Not ready: Redis unreachable: ${error.message}`),
    );
    clients.set(url, client);
  }
  return client;
}

async function checkRedis(url: string | undefined): Promise<CheckResult> {
  if (!url) return "not configured";
  return checkWithRetry("redis", "Redis", async () => {
    const answer = await probeClient(url).ping();
    if (answer !== "PONG") throw new Error(`Redis answered ${answer} to PING`);
  });
}

/** Whether this instance should be sent traffic now, and if not, why. */
export async function checkReadiness(): Promise<ReadinessReport> {
  if (isShuttingDown()) {
    return { status: "shutting down", checks: { database: "not checked", redis: "not checked" }, failed: ["shutdown"] };
  }
  const [database, redis] = await Promise.all([checkDatabase(), checkRedis(env.REDIS_URL)]);
  const failed = [database === "failed" ? "database" : null, redis === "failed" ? "redis" : null].filter(
    (name): name is string => name !== null,
  );
  return { status: failed.length === 0 ? "ok" : "unavailable", checks: { database, redis }, failed };
}

/**
 * The probes' answer: the API's envelope (`{ code, data, errmsg }`, code = HTTP status) with the
 * report as its data, and `status` also at the top, where probes and people look first. Never
 * cached anywhere: an old "ok" is worse than none.
 */
function probeAnswer(httpStatus: 200 | 503, report: { status: string } & Record<string, unknown>): Response {
  const body = { status: report.status, code: httpStatus, data: report, errmsg: httpStatus === 200 ? "" : "Service unavailable!" };
  return new Response(JSON.stringify(body), {
    status: httpStatus,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** GET /api/health: 200 while the process serves, without touching any dependency. */
export function answerHealth(): Response {
  return probeAnswer(200, { status: "ok" });
}

/** GET /api/ready: 200 when every dependency answers in time, else 503 naming the ones that did not. */
export async function answerReadiness(): Promise<Response> {
  const report = await checkReadiness();
  return probeAnswer(report.failed.length === 0 ? 200 : 503, { ...report });
}

/** Closes the probes' Redis connections (tests; a stopping process simply exits). */
export function disconnectProbeClients(): void {
  for (const client of holder.__lenwellProbeRedis?.values() ?? []) client.disconnect();
  holder.__lenwellProbeRedis?.clear();
}
