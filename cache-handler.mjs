// Next's page cache, with one change: what `next build` prerendered is rendered once more, on its
// first request, by the server that was started, and then served from memory like any cached page.
// Those pages print settings read at start (SITE_URL in canonical and og:url, robots.txt, the
// support contacts), and a build is made once and started under any address; the HTML the build
// wrote would name the build machine's. One render per page per process, none after.
// README "Configuration" and docs/decisions.md explain the choice.
//
// Plain JavaScript: Next imports this file itself when the server starts, without compiling it.
// The base class is Next's own default handler (the file system cache, pinned with next in
// package.json), so tags, revalidation and the in-memory LRU behave exactly as without this file.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
/** @type {typeof import("next/dist/server/lib/incremental-cache/file-system-cache").default} */
const FileSystemCache = require("next/dist/server/lib/incremental-cache/file-system-cache.js").default;

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
