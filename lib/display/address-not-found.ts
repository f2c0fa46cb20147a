import { readStoreView } from "@/lib/display/catalog-display";
import { ROUTES } from "@/lib/config/routes";
import { isRecordId } from "@/lib/rules/record-id";

/**
 * An address no page answers (app/ has no folder that could match a segment starting with "_").
 * The middleware rewrites a request it already knows to be a 404 here, so Next answers with
 * app/not-found.tsx drawn on the server and the 404 status: a page that calls notFound() while it
 * renders per request cannot have both (docs/decisions/0026-prerendered-pages-rendered-again-at-start.md,
 * "404 on a page rendered per request").
 */
export const NOT_FOUND_REWRITE = "/_not-found-address";

/** Pages whose last segment is the id of an order or an after-sale request. */
const RECORD_PAGES: readonly string[] = [ROUTES.orders, ROUTES.afterSale, ROUTES.consoleOrders, ROUTES.consoleAfterSale];
/** Pages that sit where a record's id would. */
const PAGES_AMONG_RECORDS: ReadonlySet<string> = new Set([ROUTES.repairRequest]);

function recordIdOf(pathname: string): string | null {
  for (const prefix of RECORD_PAGES) {
    if (!pathname.startsWith(`${prefix}/`) || PAGES_AMONG_RECORDS.has(pathname)) continue;
    const segment = pathname.slice(prefix.length + 1);
    // Deeper addresses match no page, and Next answers those with its 404 already.
    if (segment.includes("/")) return null;
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  }
  return null;
}

/**
 * Whether the address is a 404 whatever the database holds: a store shelf of an unknown category,
 * a payment page without a well-formed order id, an order or request page whose id cannot be one.
 * The middleware only runs on the paths named in its matcher.
 */
export function isMissingWhateverTheData(pathname: string, search: URLSearchParams): boolean {
  if (pathname === ROUTES.store) {
    const params: Record<string, string[]> = {};
    for (const key of new Set(search.keys())) params[key] = search.getAll(key);
    return readStoreView(params) === null;
  }
  if (pathname === ROUTES.payment) {
    const ids = search.getAll("orderId");
    return ids.length !== 1 || !isRecordId(ids[0] ?? "");
  }
  const id = recordIdOf(pathname);
  return id !== null && !isRecordId(id);
}
