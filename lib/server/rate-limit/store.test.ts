// @vitest-environment node
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { Redis } from "ioredis";
import { RateLimiterRes } from "rate-limiter-flexible";
import { describeIf, needsRedis, testRedisUrl } from "@/test/support/requirements";
import { isRefusal } from "./limits";
import { LOGIN_LIMITS } from "@/lib/config/auth";
import { LoginThrottle, STEP_UP_REQUIRED } from "./login-throttle";
import { connectRedis, countingOn, memoryStore, redisStore } from "./store";
import { PressureGauge } from "./proof-of-work";
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

describe("countingOn, a shared count this instance keeps while the store cannot answer", () => {
  /** A shared store that answers until `down` is set, then fails every command as a timed-out one does. */
  const flakyStore = () => {
    const state = { down: false, count: 0 };
    const answer = (points: number) => {
      if (state.down) return Promise.reject(new Error("Command timed out"));
      state.count += points;
      return Promise.resolve(new RateLimiterRes(0, 60_000, state.count, false));
    };
    return { state, shared: { penalty: () => answer(1), reward: () => answer(-1) } };
  };

  it("counts on from the last count the store answered, not from zero, so a slow store admits no second threshold's worth", async () => {
    const { state, shared } = flakyStore();
    const counter = countingOn(shared, 60);
    for (let i = 0; i < 60; i += 1) await counter.add();
    state.down = true;
    const alone = await Promise.all(Array.from({ length: 60 }, () => counter.add()));
    expect(alone.map((event) => event.count)).toEqual(Array.from({ length: 60 }, (_, i) => 61 + i));
  });

  it("gives back an event counted alone, and drops what it counted alone once the store answers again", async () => {
    const { state, shared } = flakyStore();
    const counter = countingOn(shared, 60);
    await counter.add();
    state.down = true;
    const first = await counter.add();
    await counter.add();
    await first.undo();
    expect((await counter.add()).count).toBe(3);
    state.down = false;
    expect((await counter.add()).count).toBe(2);
    state.down = true;
    await first.undo();
    expect((await counter.add()).count).toBe(3);
  });

  it("starts a new window from zero once the one it last heard of has ended", async () => {
    const { state, shared } = flakyStore();
    let now = 0;
    const counter = countingOn(shared, 60, () => now);
    for (let i = 0; i < 5; i += 1) await counter.add();
    state.down = true;
    now = 60_000;
    expect((await counter.add()).count).toBe(1);
  });

  it("keeps an event counted when the store cannot take it back, and does not throw from undo", async () => {
    const { state, shared } = flakyStore();
    const counter = countingOn(shared, 60);
    const event = await counter.add();
    state.down = true;
    await expect(event.undo()).resolves.toBeUndefined();
    expect(state.count).toBe(1);
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

  it("keeps the shop-wide gauge where Redis left it when Redis stops answering in the middle of a burst", async () => {
    // A client of its own, closed by the test: the others are made ready again by later tests.
    const client = connectRedis(testRedisUrl ?? "");
    await ready(client);
    const gauge = new PressureGauge(redisStore(client, `${prefix}:gauge`), "stalled", 100, 3_600);
    const before = await Promise.all(Array.from({ length: 60 }, () => gauge.reserve()));
    const quiet = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const keys = await client.keys(`${prefix}:gauge:*`);
    // From here every command fails at once, as it does while the client waits to reconnect.
    client.disconnect();
    const during = await Promise.all(Array.from({ length: 60 }, () => gauge.reserve()));
    quiet.mockRestore();
    expect(keys).toHaveLength(1);
    const free = [...before, ...during].filter((event) => event.bits === 0);
    expect(free).toHaveLength(100);
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
