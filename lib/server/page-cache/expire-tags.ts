import "server-only";
import { revalidateTag } from "next/cache";
import { describeError } from "@/lib/server/base/error-log";
import { log } from "@/lib/server/log";

/** The key cache-handler.mjs registers its hook under (EXPIRE_TAGS_HOOK there; cache-handler.test.ts checks both). */
export const EXPIRE_TAGS_HOOK: unique symbol = Symbol.for("lenwell.cache.expire-tags");

/**
 * Expires `tags` in Next's cache, so the pages and reads carrying them are made again on their next
 * visit. In a request through Next's revalidateTag; outside one (a timer, a test calling a service
 * directly), where Next refuses, through the cache handler's own hook, on every instance when the
 * cache is shared. `what` names the change in the log should that fail.
 */
export function expireCacheTags(tags: readonly string[], what: string): void {
  try {
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
  } catch {
    const hook = (globalThis as { [EXPIRE_TAGS_HOOK]?: (tags: string[]) => Promise<void> })[EXPIRE_TAGS_HOOK];
    // No hook: this process has not served a cached request yet (the hook comes with its first
    // cache object), so the tags' revalidate times bound what a page shows.
    if (!hook) return;
    hook([...tags]).catch((error: unknown) => {
      log.error({ tags, error: describeError(error) }, `Revalidating ${what} failed: ${describeError(error)}`);
    });
  }
}
