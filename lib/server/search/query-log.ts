import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import type { UserRow } from "@/lib/db/schema/users";
import { assertOperator } from "@/lib/server/auth/roles";
import { log } from "@/lib/server/log";
import { inTransaction } from "@/lib/server/transaction";
import { rowsOf } from "./documents";
import { isPrivateQuery, normaliseQuery } from "./normalise";

// How often each query is searched and how often it finds nothing, per day: what the operator's
// "Searches" page shows so the catalogue and the FAQ can be fixed. No customer id, no address, no
// time finer than the day; a query that looks like an e-mail, phone, order number or serial is not stored.

export const QUERY_LOG_DAYS = 30;

/** Counts one search; never fails the search it counts. */
export async function countSearch(raw: string, found: boolean): Promise<void> {
  const query = normaliseQuery(raw);
  if (query.length === 0 || isPrivateQuery(query)) return;
  try {
    await inTransaction(async (tx) => {
      // A count lost in a crash costs nothing; waiting for the disk on every search would.
      await tx.execute(sql`set local synchronous_commit = off`);
      await tx.execute(sql`
        insert into search_queries (day, query, searches, empty) values (current_date, ${query}, 1, ${found ? 0 : 1})
        on conflict (day, query) do update set searches = search_queries.searches + 1, empty = search_queries.empty + excluded.empty`);
    });
  } catch (error) {
    log.warn({ error: error instanceof Error ? error.message : String(error) }, "Search: the query could not be counted.");
  }
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
