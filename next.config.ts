import path from "node:path";
import type { NextConfig } from "next";
import {
  API_CONTENT_SECURITY_POLICY,
  API_SOURCE,
  FILE_CONTENT_SECURITY_POLICY,
  FILE_SOURCES,
  securityHeaders,
} from "./lib/config/security-headers";
import { anonymousSearchRewrites } from "./lib/config/search-cache";
import { COOKIES } from "./lib/config/store";

// The shop's stylesheet goes into each page's head as text rather than as a file to fetch
// (docs/decisions/0048): this loader compiles it with Tailwind and hands the layout the result.
const INLINE_STYLESHEET_LOADER = path.resolve("scripts/build/inline-stylesheet-loader.cjs");

const nextConfig: NextConfig = {
  reactStrictMode: true,
  turbopack: {
    rules: {
      "*.pcss": [
        // The server renders the sheet's text into the head; the browser's copy of the same module
        // carries only its id (components/layout/shop-stylesheet.tsx), so the text comes once a page.
        { condition: "browser", loaders: [{ loader: INLINE_STYLESHEET_LOADER, options: { textless: true } }], as: "*.js" },
        { condition: { not: "browser" }, loaders: [INLINE_STYLESHEET_LOADER], as: "*.js" },
      ],
    },
  },
  // A self-contained server (.next/standalone/server.js with only the node_modules it uses) for the
  // container image and for several instances on one machine (scripts/standalone.sh makes the folder
  // runnable, with scripts/serve.mjs as its server.js; `npm start` runs that on this build too).
  output: "standalone",
  // Read from disk at run time through a path the tracer cannot follow (process.cwd() + a
  // constant): the committed migrations every start applies. What is read from public/ (the
  // pictures, the us-atlas states file) comes with public/, which scripts/standalone.sh copies.
  outputFileTracingIncludes: {
    // The embedded database's contrib extensions are loaded by file at run time (lib/db/pglite.ts).
    "/*": ["./lib/db/migrations/**/*", "./node_modules/@electric-sql/pglite/dist/{pg_trgm,unaccent}.tar.gz"],
  },
  poweredByHeader: false,
  // Next would hash each page's whole HTML on every request for its ETag (docs/decisions/0018-catalogue-cache.md).
  generateEtags: false,
  // The API's paths with a trailing slash (POST /order/cart/add/, docs/api.md Cart) must reach their
  // handler, not a 308 (clients that do not follow it, or follow it without the body). redirects()
  // below keeps the redirect for pages.
  skipTrailingSlashRedirect: true,
  // PGlite ships ~15 MB of wasm (bundling it would copy that into the static output); argon2 is a
  // native addon. Both load from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2"],
  // Next's own cache, except that what the build prerendered is rendered again on its first request
  // by the started server, whose SITE_URL and contacts it prints (cache-handler.mjs). The build runs
  // in the project folder (npm run build); Next keeps the path relative to .next.
  cacheHandler: path.resolve("cache-handler.mjs"),
  experimental: {
    // Pages rendered on demand (the product pages) are cached in memory only, in Next's bounded LRU
    // (50 MB): never written into .next, so an instance keeps no state on disk and addresses with
    // made-up skus (each a cached "not found") cannot fill the disk.
    isrFlushToDisk: false,
  },
  images: {
    // Every image is ours and served from /public; nothing is fetched from another host.
    remotePatterns: [],
  },
  // Before the pages: /search without a session to its page in the cache (docs/decisions/0050).
  async rewrites() {
    return { beforeFiles: anonymousSearchRewrites(COOKIES.token), afterFiles: [], fallback: [] };
  },
  async redirects() {
    // One address per page, without the slash; query kept. Here rather than in the middleware,
    // which Next matches against the path with its trailing slash already taken off.
    return [{ source: "/:path((?!api/|_next/).+)/", destination: "/:path", permanent: true }];
  },
  async headers() {
    return [
      // The font's name changes with its content (lib/site/font.ts).
      { source: "/fonts/:file*", headers: [{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }] },
      // HSTS is not here: these are fixed at `next build`, and whether the site is https is known
      // only to the running server (lib/server/http/transport-security.ts sends it).
      { source: "/:path*", headers: securityHeaders() },
      // No page gets its Content-Security-Policy here: a page rendered per request gets a nonce
      // from the middleware, a page served from the cache the hashes stored with it, and a second
      // policy would be enforced as well (docs/decisions/0041). Files and API answers run nothing.
      ...FILE_SOURCES.map((source) => ({
        source,
        headers: [{ key: "Content-Security-Policy", value: FILE_CONTENT_SECURITY_POLICY }],
      })),
      { source: API_SOURCE, headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
    ];
  },
};

export default nextConfig;
