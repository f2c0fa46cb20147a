// What the domains' lookups by key share (productsBySku, usersById, …): the keys worth asking for,
// and the rows found, by their key.

/** The distinct keys among `keys`, nulls left out; empty means there is nothing to query. */
export function distinctKeys(keys: readonly (string | null)[]): string[] {
  return [...new Set(keys.filter((key): key is string => key !== null))];
}

/** Rows by a key of theirs. */
export function byKey<Row>(rows: readonly Row[], keyOf: (row: Row) => string): Map<string, Row> {
  return new Map(rows.map((row) => [keyOf(row), row]));
}
