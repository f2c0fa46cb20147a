// Next's data cache (unstable_cache) needs a running server; this stand-in keeps its contract
// (entries keyed by the key parts and arguments, a copy handed out on each hit, dropped by
// revalidateTag for any of their tags), so a test sees what is cached, under which tag, and which
// changes expire it. A suite takes it with
//   vi.mock("next/cache", async () => (await import("@/test/support/next-data-cache")).nextCacheModule);

interface Entry {
  value: unknown;
  tags: readonly string[];
}

/** What the stand-in holds, and every revalidateTag it was asked, in order. */
export const nextDataCache = {
  entries: new Map<string, Entry>(),
  revalidations: [] as { tag: string; profile: unknown }[],
  clear(): void {
    this.entries.clear();
    this.revalidations.length = 0;
  },
};

function unstableCache<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
  keyParts: string[],
  options: { tags: readonly string[] },
): (...args: A) => Promise<R> {
  return async (...args) => {
    const key = JSON.stringify([keyParts, args]);
    const hit = nextDataCache.entries.get(key);
    if (hit) return structuredClone(hit.value) as R;
    const value = await fn(...args);
    nextDataCache.entries.set(key, { value: structuredClone(value), tags: options.tags });
    return value;
  };
}

function revalidateTag(tag: string, profile: unknown): void {
  nextDataCache.revalidations.push({ tag, profile });
  for (const [key, entry] of nextDataCache.entries) if (entry.tags.includes(tag)) nextDataCache.entries.delete(key);
}

/** The parts of next/cache the shop's server code calls. */
export const nextCacheModule = { unstable_cache: unstableCache, revalidateTag };
