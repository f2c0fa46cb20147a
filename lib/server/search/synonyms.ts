import "server-only";
import { eq, sql, type SQL } from "drizzle-orm";
import { getDb, type DbExecutor } from "@/lib/db/client";
import { searchSynonyms } from "@/lib/db/schema/search";
import type { UserRow } from "@/lib/db/schema/users";
import { assertOperator } from "@/lib/server/auth/roles";
import { AppError } from "@/lib/server/base/errors";
import { expireCacheTags } from "@/lib/server/page-cache/expire-tags";
import { rowsOf } from "./documents";
import { normaliseQuery } from "./normalise";
import { SEARCH_RESULTS_TAG } from "./results-tag";

// What visitors type and what the shop calls it: "ro" also searches "reverse osmosis". The
// operator keeps the list (the console's Searches page); a search reads it as it is then, and the
// cached results pages are expired with every change.

/** The results pages served from the cache were made with the old list. */
function synonymsChanged(): void {
  expireCacheTags([SEARCH_RESULTS_TAG], "the search results after a synonym change");
}

export interface Synonym {
  id: string;
  term: string;
  expansion: string;
}

/**
 * The list as one jsonb value ([{ id, term, expansion }], by term), for a statement that reads it
 * beside other things: the search's plan reads it in its one statement.
 */
export function synonymsJson(): SQL {
  return sql`select coalesce(jsonb_agg(jsonb_build_object('id', ${searchSynonyms.id}, 'term', ${searchSynonyms.term}, 'expansion', ${searchSynonyms.expansion}) order by ${searchSynonyms.term}), '[]'::jsonb) from ${searchSynonyms}`;
}

/** The list on its own: the same statement, so the console and a search read it alike. */
export async function activeSynonyms(db: DbExecutor): Promise<Synonym[]> {
  const [row] = await rowsOf<{ list: Synonym[] }>(db, sql`select (${synonymsJson()}) as list`);
  return row?.list ?? [];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `text` with each synonym's term (whole words) replaced by what it means, one text per synonym that occurs. */
export function expandSynonyms(text: string, synonyms: readonly Pick<Synonym, "term" | "expansion">[]): string[] {
  const found: string[] = [];
  for (const { term, expansion } of synonyms) {
    const pattern = new RegExp(`(^|[^\\p{L}\\p{N}])${escape(term)}(?=$|[^\\p{L}\\p{N}])`, "gu");
    if (pattern.test(text)) found.push(text.replace(pattern, `$1${expansion}`));
  }
  return found;
}

export async function operatorListSynonyms(actor: Pick<UserRow, "role">): Promise<Synonym[]> {
  assertOperator(actor);
  return activeSynonyms(await getDb());
}

/** Adds a synonym, or replaces what an existing term means. */
export async function operatorAddSynonym(actor: Pick<UserRow, "role">, input: { term: string; expansion: string }): Promise<Synonym[]> {
  assertOperator(actor);
  const term = normaliseQuery(input.term);
  const expansion = normaliseQuery(input.expansion);
  if (term === expansion)
    throw new AppError(422, "expansion: A synonym must mean something other than itself.", [
      { path: "expansion", message: "A synonym must mean something other than itself." },
    ]);
  const db = await getDb();
  await db
    .insert(searchSynonyms)
    .values({ term, expansion })
    .onConflictDoUpdate({ target: searchSynonyms.term, set: { expansion: sql`excluded.expansion` } });
  synonymsChanged();
  return activeSynonyms(db);
}

export async function operatorRemoveSynonym(actor: Pick<UserRow, "role">, id: string): Promise<Synonym[]> {
  assertOperator(actor);
  const db = await getDb();
  const removed = await db.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning({ id: searchSynonyms.id });
  if (removed.length === 0) throw new AppError(404, "This synonym was not found.");
  synonymsChanged();
  return activeSynonyms(db);
}
