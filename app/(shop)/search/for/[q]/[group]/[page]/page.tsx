import type { Metadata } from "next";
import { publicSearchPage } from "@/lib/server/search";
import { ANY_SEARCH_GROUP } from "@/lib/config/search-cache";
import { SEARCH_PAGE_METADATA } from "../../../../_parts/search-metadata";
import { SearchBody } from "../../../../_parts/search-body";

type PageProps = { params: Promise<{ q: string; group: string; page: string }> };

// /search for a visitor without a session: next.config.ts (a plain query) or the middleware (any
// other) rewrites /search?q=…&group=…&page=… here (lib/config/search-cache.ts), so the page is
// rendered once per query and served from the cache until the catalogue, any stock or the synonyms
// change (publicSearchPage's tags). The address the visitor sees, and the one this page names as
// canonical, stay /search?q=….

export function generateStaticParams(): { q: string; group: string; page: string }[] {
  return [];
}

export const metadata: Metadata = SEARCH_PAGE_METADATA;

/** The query as typed: Next hands the segment over still percent-encoded. */
function typedQuery(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // Not from the middleware, which encodes whole characters (a broken escape is a 400 before this).
    return segment;
  }
}

export default async function CachedSearchPage({ params }: PageProps) {
  const { q, group, page } = await params;
  return (
    <SearchBody params={{ q: typedQuery(q), group: group === ANY_SEARCH_GROUP ? undefined : group, page }} search={publicSearchPage} />
  );
}
