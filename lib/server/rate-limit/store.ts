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
}

export function memoryStore(): LimiterStore {
  return {
    create: (name, rule) => new RateLimiterMemory({ keyPrefix: name, points: rule.points, duration: rule.duration }),
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
