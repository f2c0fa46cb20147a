// Next's cache (rendered pages, route handlers, unstable_cache entries) for the started shop.
//
// With REDIS_URL set, every instance shares one cache on Redis (@fortedigital/nextjs-cache-handler,
// its redis-strings handler): a page rendered by one instance serves all, and a tag revalidated by one
// (a price, a product's stock) is gone for all, since revalidation deletes the tagged entries in
// Redis rather than marking them in one process's memory. Keys carry the build id, so a new
// deployment never serves a page that names the old build's assets. While Redis cannot be reached
// the shop renders every page and caches nothing (slower, never stale, never an error page).
//
// Without REDIS_URL: Next's own cache (one process), with one change: what `next build` prerendered
// is rendered once more, on its first request, by the server that was started, and then served from
// memory like any cached page. Those pages print settings read at start (SITE_URL in canonical and
// og:url, robots.txt, the support contacts), and a build is made once and started under any address;
// the HTML the build wrote would name the build machine's. One render per page per process, none
// after. README "Configuration" and docs/decisions/0026-prerendered-pages-rendered-again-at-start.md
// explain the choice; docs/decisions/0030-several-instances.md the shared cache on Redis.
//
// Plain JavaScript: the server imports this file itself when it starts, without compiling it.

import { readSecretFiles } from "./lib/config/secret-files.mjs";

/**
 * What the Edge bundle gets: Next compiles this file into the middleware's bundle too, where no
 * Node module loads and no page is cached. Caching nothing is a valid cache handler.
 */
class NoCache {
  async get() {
    return null;
  }
  async set() {}
  async revalidateTag() {}
  resetRequestCache() {}
}

// Node's module loader is asked for at run time, not imported: an import of "node:module" would
// make the Edge bundle fail as it loads, and with it the middleware. The Edge sandbox defines
// EdgeRuntime and throws on any Node API, so it is tested first (and the bundler refuses a bare
// `process.getBuiltinModule` in Edge code, hence globalThis).
const nodeModule = typeof EdgeRuntime === "string" ? undefined : globalThis.process.getBuiltinModule("node:module");
/** @type {typeof import("next/dist/server/lib/incremental-cache/file-system-cache").default} */
const FileSystemCache = nodeModule
  ? nodeModule.createRequire(import.meta.url)("next/dist/server/lib/incremental-cache/file-system-cache.js").default
  : NoCache;

/**
 * Where lib/server/catalog/cache.ts finds a way to expire tags from work that runs outside a request
 * (the order-expiry timer gives stock back): Next's revalidateTag refuses to run there. The key is
 * global (Symbol.for) because that code is bundled apart from this file; cache-handler.test.ts
 * checks that both sides name the same key.
 */
export const EXPIRE_TAGS_HOOK = Symbol.for("lenwell.cache.expire-tags");

/**
 * Where the shop's code (lib/server/http/cached-page-policy.ts, provided by instrumentation.ts as the
 * server starts) leaves the function that computes a cached page's Content-Security-Policy from its
 * HTML: the sha256 of each inline script. cache-handler.test.ts checks that both sides name the same key.
 */
export const CACHED_PAGE_POLICY_HOOK = Symbol.for("lenwell.csp.cached-page-policy");

/**
 * Should the hook be missing in a started server (a bug), a cached page gets a policy that runs none
 * of its inline scripts: the page shows without its scripts, instead of being served with no policy.
 */
const NO_INLINE_SCRIPTS = "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** Whether this process is `next build`, whose cache entries the started server never serves. */
const BUILDING = process.env.NEXT_PHASE === "phase-production-build";

/**
 * Stores the page's Content-Security-Policy with it, among the headers Next sends with every answer
 * it serves from this entry. Written into the entry's own headers object: Next answers the request
 * that rendered the page from that same object, so the first answer carries the policy too.
 */
function withPagePolicy(value) {
  if (BUILDING || value?.kind !== "APP_PAGE" || typeof value.html !== "string") return;
  const policyOf = globalThis[CACHED_PAGE_POLICY_HOOK];
  if (typeof policyOf !== "function")
    report("error", "Page cache: no page policy was provided; the page is cached without its inline scripts");
  value.headers ??= {};
  value.headers["content-security-policy"] = typeof policyOf === "function" ? policyOf(value.html) : NO_INLINE_SCRIPTS;
}

/**
 * Where scripts/serve.mjs leaves the front of this cache (scripts/front-cache.mjs), which answers
 * cached pages without Next: told here that the cache is this process's own, and of every expiry.
 * cache-handler.test.ts checks that both sides name the same key.
 */
export const FRONT_CACHE_HOOK = Symbol.for("lenwell.cache.front");

/** Entries older than this process were written by the build. */
const STARTED_AT = Date.now();
/** Rendered pages and route handlers (robots.txt); data fetches and images keep the base behaviour. */
const RENDERED_KINDS = new Set(["APP_PAGE", "APP_ROUTE"]);

class StartTimeCache extends FileSystemCache {
  /** @param {ConstructorParameters<typeof FileSystemCache>[0]} context */
  constructor(context) {
    super(context);
    // The tags manifest of Next's cache is one per process, whichever instance of this class
    // updates it; expiring a tag needs nothing of this instance.
    globalThis[EXPIRE_TAGS_HOOK] ??= (/** @type {string[]} */ tags) => this.revalidateTag(tags, { expire: 0 });
    // This cache is the process's own: an expiry here is every expiry (not so with Redis, below).
    if (!BUILDING) globalThis[FRONT_CACHE_HOOK]?.useLocally();
  }

  /** @type {FileSystemCache["revalidateTag"]} */
  async revalidateTag(...args) {
    try {
      return await super.revalidateTag(...args);
    } finally {
      globalThis[FRONT_CACHE_HOOK]?.expire();
    }
  }

  /** @type {FileSystemCache["get"]} */
  async get(key, ctx) {
    // Data-cache entries (unstable_cache: the search's answers for visitors without a session) live
    // in Next's memory only (isrFlushToDisk: false, next.config.ts). Next's get still looks on disk
    // for one it misses in memory, to answer null all the same: a file read that finds nothing, about
    // a millisecond of every first search of a query (docs/decisions/0056). memoryCache is Next's own
    // (private) LRU: cache-handler.test.ts fails if a hit stops being found there.
    if (ctx.kind === "FETCH" && !this.flushToDisk && !FileSystemCache.memoryCache?.has(key)) return null;
    const entry = await super.get(key, ctx);
    // A miss makes Next render the page now, with this process's settings, and store it (set()).
    if (entry && RENDERED_KINDS.has(ctx.kind) && entry.lastModified < STARTED_AT) return null;
    return entry;
  }

  /** @type {FileSystemCache["set"]} */
  async set(key, value, ctx) {
    withPagePolicy(value);
    return super.set(key, value, ctx);
  }
}

/** A cached page that nobody asks to revalidate (the static pages) is rendered again after a day. */
const SHARED_STALE_SECONDS = 86_400;
/** The longest one cache call may wait for Redis before the page is rendered without it. */
const SHARED_TIMEOUT_MS = 500;

/** One JSON line on stderr, in the shape of the shop's logs (lib/log/logger.ts: the level as a word, an
 * ISO time): this file runs outside the bundle. The
 * Edge bundler refuses a bare `process.pid`, hence globalThis (the Edge copy never logs). */
function report(level, msg, error) {
  const line = { level, time: new Date().toISOString(), pid: globalThis.process.pid, msg };
  if (error) line.err = error instanceof Error ? error.message : String(error);
  console.error(JSON.stringify(line));
}

/** The handler class of the Redis cache, configured once per process on first use. */
let sharedHandler;
function loadSharedHandler(url) {
  sharedHandler ??= (async () => {
    const [{ CacheHandler }, { default: createRedisHandler }, { ioredisAdapter }, { Redis }] = await Promise.all([
      import("@fortedigital/nextjs-cache-handler"),
      import("@fortedigital/nextjs-cache-handler/redis-strings"),
      import("@fortedigital/nextjs-cache-handler/helpers/ioredisAdapter"),
      import("ioredis"),
    ]);
    let down = false;
    const client = new Redis(url, {
      // Fail fast: a page waits for the cache at most SHARED_TIMEOUT_MS, never for a reconnect.
      connectTimeout: 2_000,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
    });
    client.on("error", (error) => {
      if (down) return;
      down = true;
      report("error", "Page cache: Redis unreachable, rendering without the shared cache until it is back", error);
    });
    client.on("ready", () => {
      if (down) report("warn", "Page cache: Redis is back, the shared cache is in use again");
      down = false;
    });
    CacheHandler.onCreation(({ buildId }) => ({
      handlers: [
        createRedisHandler({
          client: ioredisAdapter(client),
          keyPrefix: `lenwell:next:${buildId ?? "dev"}:`,
          timeoutMs: SHARED_TIMEOUT_MS,
        }),
      ],
      ttl: { defaultStaleAge: SHARED_STALE_SECONDS },
    }));
    return CacheHandler;
  })();
  return sharedHandler;
}

class SharedRedisCache {
  /** @param {{ serverDistDir?: string, dev?: boolean }} context */
  constructor(context) {
    // Next makes a cache object per request; the handler's state (one Redis client) is per process.
    this.handler = loadSharedHandler(sharedUrl).then((Handler) => new Handler(context));
    // Registered by the first cache object, which Next makes for the process's first cached request;
    // until then the expiry timer's stock changes rely on the stock's revalidate time.
    globalThis[EXPIRE_TAGS_HOOK] ??= (/** @type {string[]} */ tags) => this.revalidateTag(tags);
  }

  async get(key, ctx) {
    try {
      return await (await this.handler).get(key, ctx);
    } catch (error) {
      // A miss: Next renders the page, which is right, only slower.
      if (!isNotReady(error)) report("warn", `Page cache: reading ${key} from Redis failed`, error);
      return null;
    }
  }

  async set(key, value, ctx) {
    withPagePolicy(value);
    try {
      await (await this.handler).set(key, value, ctx);
    } catch (error) {
      if (!isNotReady(error)) report("warn", `Page cache: writing ${key} to Redis failed`, error);
    }
  }

  /** Revalidation deletes the tagged entries at once (what the shop's `{ expire: 0 }` asks). */
  async revalidateTag(tags) {
    try {
      await (await this.handler).revalidateTag(tags);
    } catch (error) {
      // Entries of these tags may stay until their revalidate time: say so loudly.
      report("error", `Page cache: revalidating ${[tags].flat().join(", ")} in Redis failed`, error);
    }
  }

  resetRequestCache() {}
}

/** The handler's own refusal while the client reconnects, reported once by the client's error event. */
function isNotReady(error) {
  return error instanceof Error && error.message.startsWith("Redis client is not ready");
}

/**
 * REDIS_URL, or the content of the file REDIS_URL_FILE names (a Docker secret: the URL may carry a
 * password), by the rule lib/config/env.ts applies to it too.
 */
function redisUrl() {
  const { readFileSync } = globalThis.process.getBuiltinModule("node:fs");
  return readSecretFiles(process.env, (file) => readFileSync(file, "utf8"), ["REDIS_URL"]).REDIS_URL;
}

/** Which cache this process uses: the build always writes its own files, never to a shared cache. */
function chooseCache() {
  if (!nodeModule) return { Cache: NoCache };
  if (BUILDING) return { Cache: StartTimeCache };
  const url = redisUrl();
  return url ? { Cache: SharedRedisCache, url } : { Cache: StartTimeCache };
}

const { Cache, url: sharedUrl } = chooseCache();
// Connect as the server starts, so the first pages already find Redis ready.
if (Cache === SharedRedisCache) void loadSharedHandler(sharedUrl);

export default Cache;
