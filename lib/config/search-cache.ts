import { ROUTES } from "./routes";
// Relative: next.config.ts loads this file, and its loader knows no path aliases.
import { SEARCH_GROUPS, SEARCH_QUERY_MAX } from "../schemas/search";

// /search for a visitor without a session is the same page for everyone, so it is rendered once per
// query and served from Next's cache: next.config.ts (a plain query) or the middleware (any other)
// rewrites the address to a path that holds the query, the group and the page
// (app/(shop)/search/for/[q]/[group]/[page]), since a page served from the cache cannot read the
// query string. docs/decisions/0050.

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

/**
 * The queries next.config.ts rewrites to their cached page itself, so that the middleware (half the
 * cost of a page served from the cache, decision 0018) need not run: letters (Latin), digits,
 * spaces, apostrophes and hyphens, starting with a letter or digit. Next puts a captured value into
 * the destination path as it is, so nothing a path would read (/ ? # % \ or a lone "." segment)
 * may be in it; the middleware rewrites every other query, encoded (cachedSearchPath).
 */
export const PLAIN_SEARCH_QUERY = "[A-Za-z0-9\\u00C0-\\u024F][A-Za-z0-9\\u00C0-\\u024F '-]{0,99}";
/** The groups and page numbers a cached page takes, as query conditions of the rewrites. */
export const SEARCH_GROUP_VALUE = SEARCH_GROUPS.join("|");
export const SEARCH_PAGE_VALUE = "[1-9][0-9]{0,3}";

type Condition = { type: "query" | "cookie"; key: string; value?: string };
interface Rewrite {
  source: string;
  has: Condition[];
  missing: Condition[];
  destination: string;
}

/**
 * next.config.ts's rewrites of /search for a visitor without a session cookie: with a plain query,
 * a known group or none, a page number or none, and no page size of its own. The middleware's
 * matcher runs it on exactly the other /search requests (middleware.test.ts checks the two agree).
 */
export function anonymousSearchRewrites(sessionCookie: string): Rewrite[] {
  const q: Condition = { type: "query", key: "q", value: `(?<q>${PLAIN_SEARCH_QUERY})` };
  const group: Condition = { type: "query", key: "group", value: `(?<group>${SEARCH_GROUP_VALUE})` };
  const page: Condition = { type: "query", key: "page", value: `(?<page>${SEARCH_PAGE_VALUE})` };
  const noGroup: Condition = { type: "query", key: "group" };
  const noPage: Condition = { type: "query", key: "page" };
  const anonymous: Condition[] = [
    { type: "cookie", key: sessionCookie },
    { type: "query", key: "pageSize" },
  ];
  const to = (groupSegment: string, pageSegment: string) => `${CACHED_SEARCH_PREFIX}/:q/${groupSegment}/${pageSegment}`;
  return [
    { source: ROUTES.search, has: [q, group, page], missing: anonymous, destination: to(":group", ":page") },
    { source: ROUTES.search, has: [q, group], missing: [...anonymous, noPage], destination: to(":group", "1") },
    // Without a group every group's first few are shown, whatever the page.
    { source: ROUTES.search, has: [q, page], missing: [...anonymous, noGroup], destination: to(ANY_SEARCH_GROUP, "1") },
    { source: ROUTES.search, has: [q], missing: [...anonymous, noGroup, noPage], destination: to(ANY_SEARCH_GROUP, "1") },
  ];
}
