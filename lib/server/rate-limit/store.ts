import "server-only";
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { RateRule } from "@/lib/config/auth";
import { env } from "@/lib/config/env";
import { log } from "@/lib/server/log";
import { reportOutagesOnce } from "@/lib/server/redis/outages";

// Where rate-limit counts live: this process's memory by default, Redis when REDIS_URL is set so
// every app instance sees the same counts.

export type Limiter = RateLimiterAbstract;

export interface LimiterStore {
  /** A limiter for one rule; `name` keeps its keys apart from every other rule's. */
  create(name: string, rule: RateRule): Limiter;
  /** One count of events over fixed windows of `windowSeconds`, shared as widely as the store reaches. */
  counter(name: string, windowSeconds: number): WindowCounter;
}

/** One event counted by a WindowCounter. */
export interface Counted {
  /** The events in the window so far, this one included. */
  count: number;
  msBeforeNext: number;
  /** Takes this event out of the count again (best effort: a store that cannot be reached keeps it). */
  undo(): Promise<void>;
}

export interface WindowCounter {
  add(): Promise<Counted>;
}

const COUNTER_KEY = "all";
const EVERY_POINT = Number.MAX_SAFE_INTEGER;

function limiterCounter(limiter: Pick<Limiter, "penalty" | "reward">): WindowCounter {
  return {
    add: async () => {
      const counted = await limiter.penalty(COUNTER_KEY);
      return {
        count: counted.consumedPoints,
        msBeforeNext: counted.msBeforeNext,
        undo: async () => {
          await limiter.reward(COUNTER_KEY);
        },
      };
    },
  };
}

/**
 * A counter in a shared store that this instance keeps counting on while the store cannot answer
 * (down, or slower than the command timeout under a burst): from the last count it heard, not from
 * zero. Counting from zero in a fallback of its own would admit the threshold's worth once in the
 * store and once more in memory, on every instance, each time the store is slow for half a second.
 */
export function countingOn(shared: Pick<Limiter, "penalty" | "reward">, windowSeconds: number, now = () => Date.now()): WindowCounter {
  const inStore = limiterCounter(shared);
  // The last count the store answered and when its window ends; what this instance counted alone since.
  let heard = { count: 0, windowEnds: 0 };
  let alone = 0;
  return {
    add: async () => {
      try {
        const counted = await inStore.add();
        heard = { count: counted.count, windowEnds: now() + counted.msBeforeNext };
        alone = 0;
        return {
          ...counted,
          undo: () =>
            counted.undo().catch(() => {
              // The store could not be reached: the event stays counted, which errs towards puzzles.
            }),
        };
      } catch {
        const at = now();
        if (at >= heard.windowEnds) {
          heard = { count: 0, windowEnds: at + windowSeconds * 1000 };
          alone = 0;
        }
        alone += 1;
        const since = heard;
        return {
          count: since.count + alone,
          msBeforeNext: since.windowEnds - at,
          undo: async () => {
            // Counts of an earlier stretch alone were dropped when the store answered again.
            if (heard === since && alone > 0) alone -= 1;
          },
        };
      }
    },
  };
}

export function memoryStore(): LimiterStore {
  const create = (name: string, rule: RateRule) => new RateLimiterMemory({ keyPrefix: name, points: rule.points, duration: rule.duration });
  return {
    create,
    counter: (name, windowSeconds) => limiterCounter(create(name, { points: EVERY_POINT, duration: windowSeconds })),
  };
}

/**
 * Counts in Redis under `prefix`. While Redis is unreachable or slow, each limiter falls back to
 * its own in-memory twin: limits keep applying per instance, so an outage neither lets every
 * attempt through nor refuses everyone.
 */
export function redisStore(client: Redis, prefix: string): LimiterStore {
  return {
    create: (name, rule) =>
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `${prefix}:${name}`,
        points: rule.points,
        duration: rule.duration,
        // Fall back at once instead of queueing commands until Redis comes back.
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points: rule.points, duration: rule.duration }),
      }),
    counter: (name, windowSeconds) =>
      countingOn(
        new RateLimiterRedis({
          storeClient: client,
          keyPrefix: `${prefix}:${name}`,
          points: EVERY_POINT,
          duration: windowSeconds,
          rejectIfRedisNotReady: true,
        }),
        windowSeconds,
      ),
  };
}

/** An ioredis client that fails fast, so a request waits at most about half a second for Redis. */
export function connectRedis(url: string): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 500,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  reportOutagesOnce(client, (error) =>
    log.error({ error: error.message }, `Rate limits: Redis unreachable, counting in memory until it is back: ${error.message}`),
  );
  return client;
}

let shared: LimiterStore | null = null;

/** The store the app's limiters use (created on first use). */
export function limiterStore(): LimiterStore {
  shared ??= env.REDIS_URL ? redisStore(connectRedis(env.REDIS_URL), "lenwell:rl") : memoryStore();
  return shared;
}

/**
 * Makes `store` the one the app's limiters use from now on, or with null the one REDIS_URL names
 * again. For tests that drive the real routes on a store of their own (a Redis under a prefix that
 * they remove afterwards, or a fresh memory): the limiters made by `perStore` follow it.
 */
export function useLimiterStore(store: LimiterStore | null): void {
  shared = store;
}

/** `make(store)` once per store: what it answers is made on the store `limiterStore()` answers now. */
export function perStore<T>(make: (store: LimiterStore) => T): () => T {
  const made = new WeakMap<LimiterStore, T>();
  return () => {
    const store = limiterStore();
    const existing = made.get(store);
    if (existing !== undefined) return existing;
    const value = make(store);
    made.set(store, value);
    return value;
  };
}
