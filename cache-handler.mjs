// Next's page cache, with one change: what `next build` prerendered is rendered once more, on its
// first request, by the server that was started, and then served from memory like any cached page.
// Those pages print settings read at start (SITE_URL in canonical and og:url, robots.txt, the
// support contacts), and a build is made once and started under any address; the HTML the build
// wrote would name the build machine's. One render per page per process, none after.
// README "Configuration" and docs/decisions.md explain the choice.
//
// Plain JavaScript: the server imports this file itself when it starts, without compiling it.
// The base class is Next's own default handler (the file system cache, pinned with next in
// package.json), so tags, revalidation and the in-memory LRU behave exactly as without this file.

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

/** Entries older than this process were written by the build. */
const STARTED_AT = Date.now();
/** Rendered pages and route handlers (robots.txt); data fetches and images keep the base behaviour. */
const RENDERED_KINDS = new Set(["APP_PAGE", "APP_ROUTE"]);

export default class StartTimeCache extends FileSystemCache {
  /** @type {FileSystemCache["get"]} */
  async get(key, ctx) {
    const entry = await super.get(key, ctx);
    // A miss makes Next render the page now, with this process's settings, and store it (set()).
    if (entry && RENDERED_KINDS.has(ctx.kind) && entry.lastModified < STARTED_AT) return null;
    return entry;
  }
}
