// How a search document's text becomes its tsvector and its trigram title (search_documents): the
// title and its other spellings weigh most (A), the category next (B), the body least (C). One
// place, read by the index (lib/server/search/documents.ts) and the benchmark that fills the index
// with generated documents (scripts/bench/search.ts). `row` names a record with the columns
// title, keywords, category and body. unaccent is not immutable, so this is no generated column:
// the statement that writes a row computes it.

export function searchVectorSql(row: string): string {
  return `setweight(to_tsvector('english', unaccent(${row}.title || ' ' || ${row}.keywords)), 'A')
    || setweight(to_tsvector('english', unaccent(${row}.category)), 'B')
    || setweight(to_tsvector('english', unaccent(${row}.body)), 'C')`;
}

export function searchTitleSql(row: string): string {
  return `lower(unaccent(${row}.title || ' ' || ${row}.keywords))`;
}
