import "server-only";
import { count, type SQL, type Subquery } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { DbExecutor } from "@/lib/db/client";

/** The page a list call asks for (the list query schemas' `page` and `pageSize`). */
export type Paging = { page: number; pageSize: number };

/**
 * One page of a list and how many rows match in all: the two answers of every list call
 * (`{ list, total }`). `matching` is the list's select with its joins and filter, made dynamic
 * (`.$dynamic()`); it is counted as it stands, then ordered by `order` and cut to the page, so the
 * count and the rows can never filter differently.
 */
export async function readPage<Query extends PgSelect>(
  db: DbExecutor,
  paging: Paging,
  matching: Query,
  order: readonly SQL[],
): Promise<{ rows: Awaited<Query>; total: number }> {
  // The subquery's SQL is built here, before the ordering is added below. Typed as any subquery: the
  // generic selection would leave Drizzle unable to see that it is not empty.
  const source: Subquery = matching.as("matching");
  const [counted] = await db.select({ total: count() }).from(source);
  const rows = await matching
    .orderBy(...order)
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return { rows, total: counted?.total ?? 0 };
}
