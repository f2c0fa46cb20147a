import "server-only";
import { createHash } from "node:crypto";
import { apiOriginOf, cachedPageContentSecurityPolicy } from "@/lib/config/security-headers";
import { publicEnv } from "@/lib/config/public-env";

// The Content-Security-Policy of a page served from Next's cache, computed from the HTML that is
// put into the cache: every inline script of it allowed by its sha256, nothing else inline. Next
// renders such a page once (the product pages on first visit and after a stock change; the pages
// `next build` prerenders, once more when the started server first serves them) and then serves
// the stored HTML byte for byte, with the headers stored beside it: the hashes hold for every
// answer, and hashing costs one pass over the page per render, none per request.
// cache-handler.mjs, which Next loads outside the bundle, finds this function on globalThis.

/** Where cache-handler.mjs finds cachedPagePolicy; the handler names the same key (cache-handler.test.ts). */
export const CACHED_PAGE_POLICY_HOOK = Symbol.for("lenwell.csp.cached-page-policy");

// A script element and its text. React writes `<`, `>` and quotes in attributes and text as
// entities, and `</script` inside a script's text as `\u003c/script`, so the first `</script>` ends it.
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC_ATTRIBUTE = /\ssrc\s*=/i;

/**
 * The 'sha256-…' source of each distinct inline script, in the page's order. Every one, whatever
 * its type: a data block (JSON-LD) costs a hash in the header, a script type this list would not
 * know would otherwise be blocked.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(SCRIPT_ELEMENT)) {
    if (SRC_ATTRIBUTE.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The policy a cached page is served with, from its HTML. */
export function cachedPagePolicy(html: string): string {
  return cachedPageContentSecurityPolicy({
    scriptHashes: inlineScriptHashes(html),
    dev: publicEnv.dev,
    apiOrigin: apiOriginOf(publicEnv.apiBaseUrl),
  });
}

/** Hands cachedPagePolicy to cache-handler.mjs. Call once per process, from instrumentation.ts, before any page is served. */
export function provideCachedPagePolicy(): void {
  (globalThis as Record<symbol, unknown>)[CACHED_PAGE_POLICY_HOOK] = cachedPagePolicy;
}
