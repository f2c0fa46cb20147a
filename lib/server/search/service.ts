import "server-only";
import { unstable_cache } from "next/cache";
import { CATALOGUE_CACHE } from "@/lib/config/catalog";
import type { SearchPageQuery, SuggestQuery, SuggestResult } from "@/lib/schemas/search";
import { findSessionByToken } from "@/lib/server/auth/session";
import { searchThrottle } from "@/lib/server/rate-limit/search-throttle";
import { runSearch, type SearchOutcome, type SearchViewer } from "./engine";
import { normaliseQuery } from "./normalise";
import { SEARCH_RESULTS_TAG } from "./results-tag";

// What the search's callers ask for: the predictive call (GET /api/v1/c/search/suggest) and the
// /search page, for a signed-in customer or (cached, the same for all) anyone else.

/** The viewer a search shows orders and purifiers to: the session's customer, or nobody. */
export async function searchViewer(token: string | null | undefined): Promise<SearchViewer | null> {
  const session = await findSessionByToken(token);
  return session ? { userId: session.user.id } : null;
}

/**
 * The predictive search: the first `limit` of each group, and every group's count. Rate-limited per
 * caller's address, cached answers too (the limit is on asking, not on what it costs).
 */
export async function suggest(query: SuggestQuery, viewer: SearchViewer | null, ip: string | null): Promise<SuggestResult> {
  await searchThrottle().take(ip);
  return viewer ? suggestion(query.q, query.limit, viewer) : publicSuggestion(normaliseQuery(query.q), query.limit);
}

async function suggestion(q: string, limit: number, viewer: SearchViewer | null): Promise<SuggestResult> {
  const page = { limit, offset: 0 };
  const found = await runSearch(q, viewer, { products: page, answers: page, orders: page, purifiers: page });
  return {
    query: found.query,
    products: found.products.hits,
    answers: found.answers.hits,
    orders: found.orders.hits,
    purifiers: found.purifiers.hits,
    total: { products: found.products.total, answers: found.answers.total, orders: found.orders.total, purifiers: found.purifiers.total },
    suggestions: found.suggestions,
  };
}

/**
 * What anyone but a signed-in customer is shown (no member prices, no orders or purifiers) is the
 * same for all: cached per normalised query, like the /search page and with its tags: the catalogue
 * (an operator's edit, which the index follows in its transaction), any product's stock ("in stock"
 * on each hit), and the operator's synonyms (SEARCH_RESULTS_TAG).
 */
const PUBLIC_RESULTS = {
  tags: [CATALOGUE_CACHE.tag, CATALOGUE_CACHE.anyStockTag, SEARCH_RESULTS_TAG],
  revalidate: CATALOGUE_CACHE.revalidateSeconds,
};

/** The predictive answer for anyone without a session. */
const publicSuggestion = unstable_cache(
  async (q: string, limit: number) => suggestion(q, limit, null),
  ["search", "public-suggest"],
  PUBLIC_RESULTS,
);

/** PREVIEW_SIZE of each group on /search without a group; the group asked for a page at a time. */
export const SEARCH_PAGE_PREVIEW = 5;

/** The /search page for `viewer`: every group's first few, or one group's page. */
export async function searchPage(query: SearchPageQuery, viewer: SearchViewer | null): Promise<SearchOutcome> {
  const groups = ["products", "answers", "orders", "purifiers"] as const;
  const paging = Object.fromEntries(
    groups
      .filter((group) => !query.group || query.group === group)
      .map((group) => [
        group,
        query.group ? { limit: query.pageSize, offset: (query.page - 1) * query.pageSize } : { limit: SEARCH_PAGE_PREVIEW, offset: 0 },
      ]),
  );
  return runSearch(query.q, viewer, paging);
}

/**
 * The /search page as anyone but a signed-in customer sees it: the same for all, so cached (with
 * PUBLIC_RESULTS' tags), and the page drawing it with it (ISR). Queries are counted from the
 * requests, not here (countSearchPageViews): a page served from the cache runs no code.
 */
export const publicSearchPage = unstable_cache(
  async (query: SearchPageQuery) => searchPage(query, null),
  ["search", "public-page"],
  PUBLIC_RESULTS,
);
