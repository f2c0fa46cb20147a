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
// and an answer in time says which dependency failed.

export const PROBE_TIMEOUT_MS = 1_000;

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

async function checkDatabase(): Promise<CheckResult> {
  try {
    await within(
      getDb().then((db) => db.execute(sql`select 1`)),
      PROBE_TIMEOUT_MS,
      "The database",
    );
    return "ok";
  } catch (error) {
    const reason = reasonOf(error);
    log.warn({ dependency: "database", reason }, `Not ready: the database failed its check: ${reason}`);
    return "failed";
  }
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
  try {
    const answer = await within(probeClient(url).ping(), PROBE_TIMEOUT_MS, "Redis");
    if (answer !== "PONG") throw new Error(`Redis answered ${answer} to PING`);
    return "ok";
  } catch (error) {
    const reason = reasonOf(error);
    log.warn({ dependency: "redis", reason }, `Not ready: Redis failed its check: ${reason}`);
    return "failed";
  }
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
