import { ROUTES } from "./routes";
import { SEARCH_GROUPS, SEARCH_QUERY_MAX } from "@/lib/schemas/search";

// /search for a visitor without a session is the same page for everyone, so it is rendered once per
// query and served from Next's cache: the middleware rewrites the address to a path that holds the
// query, the group and the page (app/(shop)/search/for/[q]/[group]/[page]), since a page served
// from the cache cannot read the query string. docs/decisions/0050.

/** Where the cached pages live; the visitor's address stays /search?q=…. */
export const CACHED_SEARCH_PREFIX = `${ROUTES.search}/for`;
/** The group segment of a page that shows every group. */
export const ANY_SEARCH_GROUP = "any";

const PAGE_NUMBER = /^[1-9][0-9]{0,3}$/;
const GROUPS: readonly string[] = SEARCH_GROUPS;

/**
 * The cached page that answers this query string, or null when the address asks for something that
 * page does not draw, or could not name in a path: no query or several, a page size of its own, an
 * unknown group, a page that is not a number, a query that is a path's "." or "..". Those pages
 * render per request, as for a customer. Other parameters (a referral code, the router's own)
 * change nothing on the page and are left out. (A lone surrogate, which encodeURIComponent would
 * refuse, never gets here: URLSearchParams reads one as U+FFFD.)
 */
export function cachedSearchPath(params: URLSearchParams): string | null {
  const queries = params.getAll("q");
  const [q] = queries;
  if (queries.length !== 1 || q === undefined) return null;
  const query = q.trim();
  if (query.length === 0 || query.length > SEARCH_QUERY_MAX || query === "." || query === "..") return null;
  if (params.has("pageSize") || params.getAll("group").length > 1 || params.getAll("page").length > 1) return null;
  const group = params.get("group") ?? ANY_SEARCH_GROUP;
  const page = params.get("page") ?? "1";
  if ((group !== ANY_SEARCH_GROUP || params.has("group")) && !GROUPS.includes(group)) return null;
  if (!PAGE_NUMBER.test(page)) return null;
  // Without a group the page shows every group's first few: the page number changes nothing.
  const pageShown = group === ANY_SEARCH_GROUP ? "1" : page;
  return `${CACHED_SEARCH_PREFIX}/${encodeURIComponent(query)}/${group}/${pageShown}`;
}
