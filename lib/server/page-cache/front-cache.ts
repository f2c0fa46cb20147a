import "server-only";
import { COOKIES } from "@/lib/config/store";

/** Where scripts/serve.mjs leaves its front of the page cache (scripts/front-cache.mjs; cache-handler.test.ts checks the names). */
export const FRONT_CACHE_HOOK: unique symbol = Symbol.for("lenwell.cache.front");

interface FrontCachePolicy {
  /** A request carrying this cookie is a customer's own: the front never answers it. */
  sessionCookie: string;
}

/**
 * Tells the front of the page cache, when the process runs the shop's own server, what makes a
 * request a customer's: until told, it answers nothing. Call once per process, from instrumentation.ts.
 */
export function configureFrontCache(): void {
  const front = (globalThis as { [FRONT_CACHE_HOOK]?: { configure(policy: FrontCachePolicy): void } })[FRONT_CACHE_HOOK];
  front?.configure({ sessionCookie: COOKIES.token });
}
