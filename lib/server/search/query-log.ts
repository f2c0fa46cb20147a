import "server-only";
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import type { IncomingMessage, ServerResponse } from "node:http";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import type { UserRow } from "@/lib/db/schema/users";
import { ROUTES } from "@/lib/config/routes";
import { searchPageQuerySchema } from "@/lib/schemas/search";
import { assertOperator } from "@/lib/server/auth/roles";
import { log } from "@/lib/server/log";
import { inTransaction } from "@/lib/server/transaction";
import { rowsOf } from "./documents";
import { runSearch } from "./engine";
import { isPrivateQuery, normaliseQuery } from "./normalise";

// How often each query is searched and how often it finds nothing, per day: what the operator's
// "Searches" page shows so the catalogue and the FAQ can be fixed. No customer id, no address, no
// time finer than the day; a query that looks like an e-mail, phone, order number or serial is not stored.
//
// Counted from the requests the process answers (Node's http diagnostics channel), not from the
// page's render: most visitors' results pages are served from the cache, which runs no code of
// ours. Counts are kept in memory and written every few seconds, a statement per interval instead
// of a write per search.

export const QUERY_LOG_DAYS = 30;

/** How often the counts are written. A count a crash loses costs nothing; a write per search would. */
export const SEARCH_COUNT_FLUSH_MS = 2_000;
/** Distinct queries held between two writes: beyond it (a flood of made-up queries) new ones are not counted. */
export const MAX_PENDING_QUERIES = 500;

/**
 * The query of a /search page a visitor was shown (a GET of the page, or the router's fetch of it,
 * answered 200; not a prefetch, which nobody saw), normalised, or null when there is nothing to
 * count: another address, a refused or private-looking query.
 */
export function countedQueryOf(request: Pick<IncomingMessage, "method" | "url" | "headers">, status: number): string | null {
  if (request.method !== "GET" || status !== 200 || request.headers["next-router-prefetch"] !== undefined) return null;
  const url = request.url ?? "";
  const queryAt = url.indexOf("?");
  if (queryAt === -1 || url.slice(0, queryAt) !== ROUTES.search) return null;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  const asked = searchPageQuerySchema.safeParse({ q: params.get("q") ?? "" });
  if (!asked.success) return null;
  const query = normaliseQuery(asked.data.q);
  return query.length === 0 || isPrivateQuery(query) ? null : query;
}

/** The searches counted since the last write, per query. */
export class SearchCounts {
  private pending = new Map<string, number>();

  /** How many distinct queries wait to be written. */
  get size(): number {
    return this.pending.size;
  }

  note(query: string): void {
    const seen = this.pending.get(query);
    if (seen === undefined && this.pending.size >= MAX_PENDING_QUERIES) return;
    this.pending.set(query, (seen ?? 0) + 1);
  }

  /** Writes what was counted, with whether each query finds anything now; never throws. */
  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const counted = [...this.pending];
    this.pending = new Map();
    try {
      const rows: { query: string; searches: number; empty: number }[] = [];
      for (const [query, searches] of counted) {
        const found = await runSearch(query, null, { products: { limit: 1, offset: 0 }, answers: { limit: 1, offset: 0 } });
        rows.push({ query, searches, empty: found.products.total + found.answers.total > 0 ? 0 : searches });
      }
      await inTransaction(async (tx) => {
        // Lost in a crash, these counts cost nothing; waiting for the disk would.
        await tx.execute(sql`set local synchronous_commit = off`);
        await tx.execute(sql`
          insert into search_queries (day, query, searches, empty)
          select current_date, query, searches, empty
          from json_to_recordset(${JSON.stringify(rows)}::json) as counted(query text, searches int, empty int)
          on conflict (day, query) do update
            set searches = search_queries.searches + excluded.searches, empty = search_queries.empty + excluded.empty`);
      });
    } catch (error) {
      log.warn(
        { error: error instanceof Error ? error.message : String(error), queries: counted.length },
        "Search: the searches of the last interval could not be counted.",
      );
    }
  }
}

interface FinishedRequest {
  request: IncomingMessage;
  response: ServerResponse;
}

/**
 * Counts every /search page this process serves, rendered or from the cache, and writes the counts
 * every SEARCH_COUNT_FLUSH_MS. Call once per process (instrumentation.ts); `stop` writes the rest.
 */
export function countSearchPageViews(flushEveryMs = SEARCH_COUNT_FLUSH_MS): { flush(): Promise<void>; stop(): Promise<void> } {
  const counts = new SearchCounts();
  const onFinish = (message: unknown): void => {
    const { request, response } = message as FinishedRequest;
    const query = countedQueryOf(request, response.statusCode);
    if (query !== null) counts.note(query);
  };
  subscribe("http.server.response.finish", onFinish);
  let writing: Promise<void> = Promise.resolve();
  const flush = () => (writing = writing.then(() => counts.flush()));
  const timer = setInterval(() => void flush(), flushEveryMs);
  timer.unref();
  return {
    flush,
    stop: async () => {
      clearInterval(timer);
      unsubscribe("http.server.response.finish", onFinish);
      await flush();
    },
  };
}

export interface QueryCount {
  query: string;
  searches: number;
  empty: number;
}

/** The last QUERY_LOG_DAYS days: the most searched queries, and those that found nothing, most frequent first. */
export async function operatorSearchReport(actor: Pick<UserRow, "role">, limit = 50): Promise<{ top: QueryCount[]; empty: QueryCount[] }> {
  assertOperator(actor);
  const db = await getDb();
  const since = sql`current_date - ${QUERY_LOG_DAYS - 1}::int`;
  const top = await rowsOf<QueryCount>(
    db,
    sql`select query, sum(searches)::int as searches, sum(empty)::int as empty from search_queries where day >= ${since}
      group by query order by sum(searches) desc, query limit ${limit}`,
  );
  const empty = await rowsOf<QueryCount>(
    db,
    sql`select query, sum(searches)::int as searches, sum(empty)::int as empty from search_queries where day >= ${since}
      group by query having sum(empty) > 0 order by sum(empty) desc, query limit ${limit}`,
  );
  return { top, empty };
}
