import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from "drizzle-orm/pg-core";
import type { DbExecutor } from "./client";

// Statements built once and prepared by name, for the few hot reads whose text is long and whose
// values change with every call (the site search). Drizzle builds a statement's text from its `sql`
// template on every call, and node-postgres sends an unnamed statement that PostgreSQL parses and
// plans each time; for the search's ranking statement that was about 2 ms of planning and 1 ms of
// building, more than its execution for most queries. Here the text is built once, values are
// drizzle placeholders filled per call, and node-postgres prepares the statement by its name once
// per connection (Bind and Execute after that). PGlite has no named statements in its driver: it
// runs the same text unnamed, with the same results.

/** A statement's text with placeholders, and the name it is prepared under. */
export interface PreparedStatement {
  name: string;
  query: ReturnType<PgDialect["sqlToQuery"]>;
}

const dialect = new PgDialect();

/**
 * `statement` built once. The name is its text's digest: a module that Next bundles twice in one
 * process (route handlers and pages) builds the same statement under the same name, and node-postgres
 * refuses a name already prepared on a connection with another text.
 */
export function preparedStatement(prefix: string, statement: SQL): PreparedStatement {
  const query = dialect.sqlToQuery(statement);
  const digest = createHash("sha256").update(query.sql).digest("hex").slice(0, 24);
  return { name: `${prefix}_${digest}`, query };
}

/** Runs `statement` on `db` (a transaction too) with `values` for its placeholders; its rows. */
export async function preparedRows<Row>(db: DbExecutor, statement: PreparedStatement, values: Record<string, unknown>): Promise<Row[]> {
  const prepared: PgPreparedQuery<PreparedQueryConfig> = db._.session.prepareQuery(statement.query, undefined, statement.name, false);
  // Without selected fields both drivers answer their raw result, `{ rows }` (as db.execute does).
  return ((await prepared.execute(values)) as { rows: Row[] }).rows;
}
