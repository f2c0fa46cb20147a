// @vitest-environment node
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPIRE_TAGS_HOOK as SHOP_SIDE_HOOK } from "@/lib/server/page-cache/expire-tags";
import { CACHED_PAGE_POLICY_HOOK as SHOP_SIDE_POLICY_HOOK } from "@/lib/server/http/cached-page-policy";
import { FRONT_CACHE_HOOK as SHOP_SIDE_FRONT_HOOK } from "@/lib/server/page-cache/front-cache";
import { FRONT_CACHE_HOOK as SERVER_SIDE_FRONT_HOOK } from "@/scripts/front-cache.mjs";
import { describeIf, needsRedis, testRedisUrl } from "@/test/support/requirements";

// The cache handler is loaded by the started server, outside the bundle: each case loads it the same
// way, in a Node process of its own with the settings of that case, since the handler picks its
// cache once per process.
const run = promisify(execFile);

interface Outcome {
  cache: string;
  [key: string]: unknown;
}

/** Loads cache-handler.mjs in a new Node process with `env`, runs `script` (which sets `result`) and returns it. */
async function inProcess(env: Record<string, string>, script: string): Promise<Outcome> {
  const source = `
    const { default: Cache, EXPIRE_TAGS_HOOK, CACHED_PAGE_POLICY_HOOK, FRONT_CACHE_HOOK } = await import(${JSON.stringify(path.resolve("cache-handler.mjs"))});
    const context = { serverDistDir: process.env.SERVER_DIST_DIR, dev: false, fs: undefined };
    const result = { cache: Cache.name };
    ${script}
    process.stdout.write(JSON.stringify(result));
    process.exit(0);
  `;
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", source], {
    env: { NODE_ENV: "production", ...env },
    timeout: 20_000,
  });
  return JSON.parse(stdout) as Outcome;
}

// A cached fetch (what unstable_cache stores): the smallest entry Next's cache keeps with tags.
const ENTRY = `{ kind: "FETCH", data: { headers: {}, body: "12 in stock", status: 200, url: "" }, revalidate: 60 }`;
const READ = `{ kind: "FETCH", tags: ["stock:1001"], softTags: [] }`;
const WRITE = `{ tags: ["stock:1001"], revalidate: 60, fetchCache: true }`;

let distDir = "";
let buildId = "";

beforeAll(async () => {
  const root = await mkdtemp(path.join(tmpdir(), "cache-handler-"));
  distDir = path.join(root, "server");
  await mkdir(distDir);
  buildId = `test-${randomUUID()}`;
  await writeFile(path.join(root, "BUILD_ID"), buildId);
});

afterAll(async () => {
  await rm(path.dirname(distDir), { recursive: true, force: true });
});

describe("which cache a process uses", () => {
  it("keeps Next's own cache without REDIS_URL, and for the build even with it", async () => {
    expect((await inProcess({ SERVER_DIST_DIR: distDir }, "")).cache).toBe("StartTimeCache");
    const building = await inProcess(
      { SERVER_DIST_DIR: distDir, REDIS_URL: "redis://127.0.0.1:6379", NEXT_PHASE: "phase-production-build" },
      "",
    );
    expect(building.cache).toBe("StartTimeCache");
  });

  it("registers its tag hook under the key the catalogue reads", async () => {
    const outcome = await inProcess(
      { SERVER_DIST_DIR: distDir },
      `new Cache(context); result.hook = typeof globalThis[EXPIRE_TAGS_HOOK]; result.key = EXPIRE_TAGS_HOOK.description;`,
    );
    expect(outcome.hook).toBe("function");
    expect(Symbol.for(String(outcome.key))).toBe(SHOP_SIDE_HOOK);
  });

  // What scripts/serve.mjs leaves under the hook (scripts/front-cache.mjs), counting what it is told.
  const FRONT = `const told = { local: 0, expired: 0 };
    globalThis[FRONT_CACHE_HOOK] = { useLocally: () => { told.local += 1; }, expire: () => { told.expired += 1; } };`;

  it("tells the server's front of the cache that the cache is the process's own, and of every expiry", async () => {
    const outcome = await inProcess(
      { SERVER_DIST_DIR: distDir },
      `${FRONT} const cache = new Cache(context);
       result.local = told.local;
       await cache.revalidateTag(["stock:1001"], { expire: 0 });
       await globalThis[EXPIRE_TAGS_HOOK](["catalog"]);
       result.expired = told.expired;
       result.key = FRONT_CACHE_HOOK.description;`,
    );
    expect(outcome).toMatchObject({ local: 1, expired: 2 });
    expect(Symbol.for(String(outcome.key))).toBe(SHOP_SIDE_FRONT_HOOK);
    expect(SERVER_SIDE_FRONT_HOOK).toBe(SHOP_SIDE_FRONT_HOOK);
  });

  it("never tells the front that a shared cache is its own: another instance's expiry would not reach it", async () => {
    const outcome = await inProcess(
      { SERVER_DIST_DIR: distDir, REDIS_URL: "redis://127.0.0.1:1" },
      `${FRONT} new Cache(context); result.local = told.local;`,
    );
    expect(outcome).toEqual({ cache: "SharedRedisCache", local: 0 });
  });

  it("renders without a cache, and without an error, while Redis cannot be reached", async () => {
    const outcome = await inProcess(
      { SERVER_DIST_DIR: distDir, REDIS_URL: "redis://127.0.0.1:1" },
      `const cache = new Cache(context);
       await cache.set("price", ${ENTRY}, ${WRITE});
       result.read = await cache.get("price", ${READ});
       await cache.revalidateTag(["stock:1001"]);
       result.done = true;`,
    );
    expect(outcome).toEqual({ cache: "SharedRedisCache", read: null, done: true });
  });
});

describe("REDIS_URL given as a file (REDIS_URL_FILE, a Docker secret)", () => {
  let secretFolder = "";
  beforeAll(async () => {
    secretFolder = await mkdtemp(path.join(tmpdir(), "cache-handler-secret-"));
  });
  afterAll(async () => {
    await rm(secretFolder, { recursive: true, force: true });
  });

  it("shares the cache on the Redis the file names", async () => {
    const file = path.join(secretFolder, "redis_url");
    await writeFile(file, "redis://127.0.0.1:1\n");
    expect((await inProcess({ SERVER_DIST_DIR: distDir, REDIS_URL_FILE: file }, "")).cache).toBe("SharedRedisCache");
  });

  it("does not load, naming the problem, when the file cannot be read or REDIS_URL is set too", async () => {
    const missing = path.join(secretFolder, "not-mounted");
    await expect(inProcess({ SERVER_DIST_DIR: distDir, REDIS_URL_FILE: missing }, "")).rejects.toThrow(
      `REDIS_URL_FILE: cannot read ${missing} (ENOENT`,
    );
    const file = path.join(secretFolder, "redis_url_twice");
    await writeFile(file, "redis://127.0.0.1:1\n");
    await expect(inProcess({ SERVER_DIST_DIR: distDir, REDIS_URL_FILE: file, REDIS_URL: "redis://127.0.0.1:2" }, "")).rejects.toThrow(
      "REDIS_URL and REDIS_URL_FILE are both set",
    );
  });
});

// A rendered page as Next hands it to the cache: its HTML and the headers it is served with.
const PAGE = `{ kind: "APP_PAGE", html: "<script>self.__next_f.push([0])</script>", rscData: undefined, headers: { "x-next-cache-tags": "catalog" }, postponed: undefined, status: 200, segmentData: undefined }`;
const PAGE_READ = `{ kind: "APP_PAGE", isRoutePPREnabled: false, isFallback: false }`;
const PAGE_WRITE = `{ cacheControl: { revalidate: false, expire: undefined }, isRoutePPREnabled: false, isFallback: false }`;
// What instrumentation.ts provides (lib/server/http/cached-page-policy.ts), reduced to what the test can tell apart.
const PROVIDE_POLICY = `globalThis[CACHED_PAGE_POLICY_HOOK] = (html) => "script-src 'self' policy-of-" + html.length;`;

describe("a page's Content-Security-Policy, stored with it", () => {
  it("is computed from the HTML put into the cache, on the entry Next answers the rendering request from, and read back with it", async () => {
    const outcome = await inProcess(
      { SERVER_DIST_DIR: distDir },
      `${PROVIDE_POLICY}
       const cache = new Cache({ ...context, maxMemoryCacheSize: 1e6 });
       const page = ${PAGE};
       await cache.set("/mart/detail/LW-RO600", page, ${PAGE_WRITE});
       result.rendered = page.headers;
       result.served = (await cache.get("/mart/detail/LW-RO600", ${PAGE_READ}))?.value?.headers ?? null;
       result.key = CACHED_PAGE_POLICY_HOOK.description;`,
    );
    const expected = { "x-next-cache-tags": "catalog", "content-security-policy": "script-src 'self' policy-of-40" };
    expect(outcome.rendered).toEqual(expected);
    expect(outcome.served).toEqual(expected);
    expect(Symbol.for(String(outcome.key))).toBe(SHOP_SIDE_POLICY_HOOK);
  });

  it("runs no inline script of a page cached while no policy was provided, rather than none at all", async () => {
    const outcome = await inProcess(
      { SERVER_DIST_DIR: distDir },
      `const page = ${PAGE}; await new Cache(context).set("/about/contactus", page, ${PAGE_WRITE}); result.policy = page.headers["content-security-policy"];`,
    );
    expect(String(outcome.policy)).toMatch(/script-src 'self';/);
  });

  it("leaves what the build writes alone (the started server renders those pages again) and other entries too", async () => {
    const outcome = await inProcess(
      { SERVER_DIST_DIR: distDir, NEXT_PHASE: "phase-production-build" },
      `${PROVIDE_POLICY} const page = ${PAGE}; await new Cache(context).set("/about/contactus", page, ${PAGE_WRITE}); result.headers = page.headers;`,
    );
    expect(outcome.headers).toEqual({ "x-next-cache-tags": "catalog" });
    const fetched = await inProcess(
      { SERVER_DIST_DIR: distDir },
      `${PROVIDE_POLICY} const entry = ${ENTRY}; await new Cache(context).set("price", entry, ${WRITE}); result.headers = entry.data.headers;`,
    );
    expect(fetched.headers).toEqual({});
  });
});

describe("Next's data cache (unstable_cache) without REDIS_URL", () => {
  it("answers a miss from memory without looking on disk, where such entries are never written, and a hit from memory", async () => {
    const outcome = await inProcess(
      { SERVER_DIST_DIR: distDir },
      `const reads = [];
      const missing = async (file) => { reads.push(file); throw Object.assign(new Error("ENOENT"), { code: "ENOENT" }); };
      const fs = { readFile: missing, stat: missing, existsSync: () => false, readFileSync: () => { throw new Error("ENOENT"); } };
      const cache = new Cache({ ...context, fs, flushToDisk: false, maxMemoryCacheSize: 1000000, revalidatedTags: [] });
      result.missed = await cache.get("search-miss", ${READ});
      await cache.set("search-miss", ${ENTRY}, ${WRITE});
      result.found = (await cache.get("search-miss", ${READ}))?.value?.data?.body ?? null;
      result.reads = reads;`,
    );
    expect(outcome).toMatchObject({ missed: null, found: "12 in stock", reads: [] });
  });
});

describeIf(needsRedis, "the shared cache on Redis", () => {
  const redisUrl = testRedisUrl ?? "";
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(redisUrl);
  });

  afterAll(async () => {
    const keys = await redis.keys(`lenwell:next:${buildId}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  // Waits for the handler's client to connect: the handler skips the cache, rightly, until Redis is
  // ready. The first cache object starts that connection; a second client's connecting to the same
  // server tells when it has had time to (a fixed wait was too short on a busy machine).
  const ready = `new Cache(context);
    const probe = new (await import("ioredis")).Redis(process.env.REDIS_URL, { lazyConnect: true });
    await probe.connect(); await probe.ping(); probe.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 200));`;

  it("serves what one instance cached to another, and forgets it on every instance when its tag is revalidated", async () => {
    const env = { SERVER_DIST_DIR: distDir, REDIS_URL: redisUrl };
    const writer = await inProcess(env, `${ready} await new Cache(context).set("stock-1001", ${ENTRY}, ${WRITE}); result.stored = true;`);
    expect(writer).toEqual({ cache: "SharedRedisCache", stored: true });
    expect(await redis.exists(`lenwell:next:${buildId}:stock-1001`)).toBe(1);

    const reader = await inProcess(
      env,
      `${ready} const entry = await new Cache(context).get("stock-1001", ${READ}); result.body = entry?.value?.data?.body ?? null;`,
    );
    expect(reader.body).toBe("12 in stock");

    // A third instance gives the stock back outside a request (the expiry timer): through the hook.
    const expirer = await inProcess(
      env,
      `${ready} new Cache(context); await globalThis[EXPIRE_TAGS_HOOK](["stock:1001"]);
       result.after = await new Cache(context).get("stock-1001", ${READ});`,
    );
    expect(expirer.after).toBeNull();
    expect(await redis.exists(`lenwell:next:${buildId}:stock-1001`)).toBe(0);
  });

  it("stores a page's policy with it, for every instance that serves it", async () => {
    const env = { SERVER_DIST_DIR: distDir, REDIS_URL: redisUrl };
    await inProcess(env, `${ready} ${PROVIDE_POLICY} await new Cache(context).set("/mart/detail/LW-F1-PP", ${PAGE}, ${PAGE_WRITE});`);
    const reader = await inProcess(
      env,
      `${ready} const entry = await new Cache(context).get("/mart/detail/LW-F1-PP", ${PAGE_READ}); result.headers = entry?.value?.headers ?? null;`,
    );
    expect(reader.headers).toMatchObject({ "content-security-policy": "script-src 'self' policy-of-40" });
  });

  it("keeps each build's pages apart", async () => {
    const env = { SERVER_DIST_DIR: distDir, REDIS_URL: redisUrl };
    await inProcess(env, `${ready} await new Cache(context).set("page", ${ENTRY}, ${WRITE});`);
    const keys = await redis.keys(`lenwell:next:*page`);
    expect(keys).toContain(`lenwell:next:${buildId}:page`);
    expect(keys.filter((key) => key.endsWith(":page") && !key.includes(buildId))).toEqual([]);
  });
});
