// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { env } from "@/lib/config/env";
import type { DatabaseHandle, DatabaseHolder } from "@/lib/db/client";
import { markShuttingDown } from "@/lib/server/lifecycle/state";
import { disconnectProbeClients, READINESS_ANSWER_WITHIN_MS } from "@/lib/server/ops/probes";
import { describeIf, needsRedis, testRedisUrl } from "@/test/support/requirements";
import { startSlowRedis, type SlowRedis } from "@/test/support/slow-redis";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { GET as health, POST as healthPost } from "../health/route";
import { GET as ready } from "./route";

// The probes the load balancer polls: /api/health says the process serves, /api/ready that this
// instance can work now (database, and Redis when set), and says which dependency failed when not.

const holder = globalThis as typeof globalThis & DatabaseHolder & { __lenwellShuttingDown?: boolean };

async function probe(route: (request: Request) => Promise<Response>, path: string) {
  const response = await route(new Request(`http://shop.test${path}`));
  return { status: response.status, cacheControl: response.headers.get("cache-control"), body: (await response.json()) as unknown };
}

afterAll(() => disconnectProbeClients());

describe("GET /api/health", () => {
  it("answers 200 ok, never cached, without a database", async () => {
    const before = holder.__lenwellDatabase;
    holder.__lenwellDatabase = Promise.reject(new Error("no database in this test"));
    holder.__lenwellDatabase.catch(() => undefined);
    try {
      expect(await probe(health, "/api/health")).toEqual({
        status: 200,
        cacheControl: "no-store",
        body: { status: "ok", code: 200, data: { status: "ok" }, errmsg: "" },
      });
    } finally {
      holder.__lenwellDatabase = before;
    }
  });

  it("refuses other methods with 405 in the envelope", async () => {
    const response = await healthPost(new Request("http://shop.test/api/health", { method: "POST" }));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });
});

describeEachEngine("GET /api/ready on $name", (engine) => {
  const db = databaseForSuite(engine);
  const redisBefore = env.REDIS_URL;

  afterEach(() => {
    env.REDIS_URL = redisBefore;
    // The flag has no way back in the app (a process that starts shutting down ends); the test resets it.
    holder.__lenwellShuttingDown = undefined;
    holder.__lenwellDatabase = Promise.resolve(db());
  });

  it("answers 200 when the database answers, with Redis not configured", async () => {
    env.REDIS_URL = undefined;
    expect(await probe(ready, "/api/ready")).toEqual({
      status: 200,
      cacheControl: "no-store",
      body: {
        status: "ok",
        code: 200,
        data: { status: "ok", checks: { database: "ok", redis: "not configured" }, failed: [] },
        errmsg: "",
      },
    });
  });

  describeIf(needsRedis, "with the machine's Redis", () => {
    it("answers 200 when the database and the configured Redis answer", async () => {
      env.REDIS_URL = testRedisUrl ?? undefined;
      const answer = await probe(ready, "/api/ready");
      expect(answer).toMatchObject({ status: 200, body: { status: "ok", data: { checks: { database: "ok", redis: "ok" } } } });
    });
  });

  it("answers 503 naming Redis when the configured Redis cannot be reached, within the deadline", async () => {
    // Nothing listens on port 1.
    env.REDIS_URL = "redis://127.0.0.1:1";
    const started = Date.now();
    const answer = await probe(ready, "/api/ready");
    expect(Date.now() - started).toBeLessThan(READINESS_ANSWER_WITHIN_MS + 500);
    expect(answer).toEqual({
      status: 503,
      cacheControl: "no-store",
      body: {
        status: "unavailable",
        code: 503,
        data: { status: "unavailable", checks: { database: "ok", redis: "failed" }, failed: ["redis"] },
        errmsg: "Service unavailable!",
      },
    });
  });

  it("answers 503 naming the database when it does not answer in time", async () => {
    env.REDIS_URL = undefined;
    const hanging = { db: { execute: () => new Promise(() => undefined) }, engine: engine.name, close: async () => undefined };
    holder.__lenwellDatabase = Promise.resolve(hanging as unknown as DatabaseHandle);
    const started = Date.now();
    const answer = await probe(ready, "/api/ready");
    expect(Date.now() - started).toBeLessThan(READINESS_ANSWER_WITHIN_MS + 500);
    expect(answer).toMatchObject({
      status: 503,
      body: { status: "unavailable", code: 503, data: { checks: { database: "failed", redis: "not configured" }, failed: ["database"] } },
    });
  });

  // A busy host (a rolling restart starting an instance beside a loaded one) answered one check in
  // a little over a second with Redis and the database up, and the instance reported itself
  // unready for that moment. One slow answer is not an outage; two in a row, or an error, are.
  describe("on a busy host", () => {
    let slowRedis: SlowRedis;
    beforeAll(async () => {
      slowRedis = await startSlowRedis();
    });
    afterAll(() => slowRedis.close());

    it("answers 200 when Redis's first answer comes after a check's deadline and the next one in time", async () => {
      env.REDIS_URL = slowRedis.url;
      // The first PING of a new connection answered after 1.8 s, as the outside probe saw at start.
      slowRedis.slowDown(1, 1_800);
      const started = Date.now();
      const answer = await probe(ready, "/api/ready");
      expect(answer).toMatchObject({ status: 200, body: { data: { checks: { database: "ok", redis: "ok" }, failed: [] } } });
      expect(Date.now() - started).toBeLessThan(READINESS_ANSWER_WITHIN_MS + 500);
    });

    it("answers 503 naming Redis when it answers too late twice in a row", async () => {
      env.REDIS_URL = slowRedis.url;
      await probe(ready, "/api/ready");
      slowRedis.slowDown(2, 4_000);
      const started = Date.now();
      const answer = await probe(ready, "/api/ready");
      expect(Date.now() - started).toBeLessThan(READINESS_ANSWER_WITHIN_MS + 500);
      expect(answer).toMatchObject({ status: 503, body: { data: { checks: { database: "ok", redis: "failed" }, failed: ["redis"] } } });
    });

    it("answers 200 when the database's first select comes after a check's deadline", async () => {
      env.REDIS_URL = undefined;
      const real = db();
      let calls = 0;
      const slowOnce = {
        ...real,
        db: {
          execute: async (query: Parameters<typeof real.db.execute>[0]) => {
            calls += 1;
            if (calls === 1) await new Promise((resolve) => setTimeout(resolve, 1_800));
            return real.db.execute(query);
          },
        },
      };
      holder.__lenwellDatabase = Promise.resolve(slowOnce as unknown as DatabaseHandle);
      const answer = await probe(ready, "/api/ready");
      expect(answer).toMatchObject({ status: 200, body: { data: { checks: { database: "ok" } } } });
    });
  });

  it("answers 503 while the process shuts down, whatever its dependencies", async () => {
    markShuttingDown();
    expect(await probe(ready, "/api/ready")).toEqual({
      status: 503,
      cacheControl: "no-store",
      body: {
        status: "shutting down",
        code: 503,
        data: { status: "shutting down", checks: { database: "not checked", redis: "not checked" }, failed: ["shutdown"] },
        errmsg: "Service unavailable!",
      },
    });
    // Health stays 200: the process still serves what it has taken.
    expect((await probe(health, "/api/health")).status).toBe(200);
  });
});
