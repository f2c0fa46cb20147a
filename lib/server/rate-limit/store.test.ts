// @vitest-environment node
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { Redis } from "ioredis";
import { describeIf, needsRedis, testRedisUrl } from "@/test/support/requirements";
import { isRefusal } from "./limits";
import { LOGIN_LIMITS } from "@/lib/config/auth";
import { LoginThrottle, STEP_UP_REQUIRED } from "./login-throttle";
import { connectRedis, memoryStore, redisStore } from "./store";
import { env } from "@/lib/config/env";
import { PROOF_REQUIRED_STATUS } from "@/lib/proof-of-work/protocol";
import { AppError } from "@/lib/server/base/errors";
import { log } from "@/lib/server/log";

const rule = { points: 3, duration: 60 };

describe("memoryStore", () => {
  it("keeps each limiter's counts apart", async () => {
    const store = memoryStore();
    const a = store.create("a", rule);
    const b = store.create("b", rule);
    for (let i = 0; i < 3; i += 1) await a.consume("key");
    await expect(a.consume("key")).rejects.toSatisfy(isRefusal);
    await expect(b.consume("key")).resolves.toMatchObject({ consumedPoints: 1 });
  });
});

describe("redisStore while Redis cannot be reached", () => {
  it("keeps limiting in memory: the outage neither lets everyone through nor refuses everyone", async () => {
    vi.spyOn(log, "error").mockImplementation(() => undefined);
    // Nothing listens on port 1.
    const client = connectRedis("redis://127.0.0.1:1");
    try {
      const limiter = redisStore(client, `lenwell-test:${randomUUID()}`).create("down", rule);
      for (let i = 0; i < 3; i += 1) await expect(limiter.consume("key")).resolves.toBeDefined();
      await expect(limiter.consume("key")).rejects.toSatisfy(isRefusal);
      await expect(limiter.consume("other")).resolves.toBeDefined();
    } finally {
      client.disconnect();
    }
  });
});

// The machine's Redis, when TEST_REDIS_URL names one: two app instances (two clients, two stores)
// must see one count. Every key lives under a prefix of its own and is removed afterwards.
describeIf(needsRedis, "redisStore on a real Redis", () => {
  const prefix = `lenwell-test:${randomUUID()}`;
  const clients: Redis[] = [];
  /** One app instance's store; `space` keeps a test's keys apart from the others' (all under `prefix`). */
  const instance = (space = "") => {
    const client = connectRedis(testRedisUrl ?? "");
    clients.push(client);
    return redisStore(client, `${prefix}${space}`);
  };
  const ready = (client: Redis) =>
    client.status === "ready" ? Promise.resolve() : new Promise<void>((resolve) => client.once("ready", () => resolve()));

  afterAll(async () => {
    const [first] = clients;
    if (first) {
      await ready(first);
      const keys = await first.keys(`${prefix}:*`);
      if (keys.length > 0) await first.del(...keys);
      expect(await first.keys(`${prefix}:*`)).toEqual([]);
    }
    for (const client of clients) client.disconnect();
  });

  it("shares counts between two instances", async () => {
    const one = instance().create("shared", rule);
    const two = instance().create("shared", rule);
    await Promise.all(clients.map(ready));
    await one.consume("key");
    await two.consume("key");
    await one.consume("key");
    await expect(two.consume("key")).rejects.toSatisfy(isRefusal);
    expect(await one.get("key")).toMatchObject({ consumedPoints: 4 });
    await expect(two.consume("other")).resolves.toMatchObject({ consumedPoints: 1 });
  });

  it("shares a login streak: the step-up one instance reached holds on the other", async () => {
    const first = new LoginThrottle(instance());
    const second = new LoginThrottle(instance());
    await Promise.all(clients.map(ready));
    const subject = { email: `shared-${randomUUID()}@example.com`, device: null, link: null, ip: "203.0.113.9", proof: null };
    for (let i = 0; i < LOGIN_LIMITS.checkedFailures; i += 1) {
      const attempt = await (i % 2 ? first : second).begin(subject);
      if (attempt === STEP_UP_REQUIRED) throw new Error("stepped up too early");
      await attempt.failed();
    }
    expect(await second.begin(subject)).toBe(STEP_UP_REQUIRED);
    expect(await first.begin(subject)).toBe(STEP_UP_REQUIRED);
    await first.clearAccount(subject.email);
    expect(await second.begin(subject)).not.toBe(STEP_UP_REQUIRED);
  });

  it("shares the shop-wide count of a burst: of 400 attempts at once across two instances the threshold's worth is admitted", async () => {
    const instances = [new LoginThrottle(instance(":burst")), new LoginThrottle(instance(":burst"))];
    await Promise.all(clients.map(ready));
    const run = randomUUID();
    const outcomes = await Promise.all(
      Array.from({ length: 400 }, async (_, i) => {
        try {
          const attempt = await instances[i % 2]?.begin({
            email: `burst-${run}-${i}@example.com`,
            device: null,
            link: null,
            ip: null,
            proof: null,
          });
          return attempt === STEP_UP_REQUIRED ? "step-up" : "admitted";
        } catch (error) {
          if (error instanceof AppError) return error.code;
          throw error;
        }
      }),
    );
    expect(outcomes.filter((seen) => seen === "admitted")).toHaveLength(env.PROOF_OF_WORK_LOGIN_FAILURES_PER_MINUTE);
    expect(outcomes.filter((seen) => seen === PROOF_REQUIRED_STATUS)).toHaveLength(400 - env.PROOF_OF_WORK_LOGIN_FAILURES_PER_MINUTE);
  });
});
