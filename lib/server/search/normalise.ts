import { SEARCH_QUERY_MAX } from "@/lib/schemas/search";

// What a visitor typed, made safe to search with and to count. Pure functions: the engine and the
// query log share them, and their tests need no database.

/** At most this many words of a query are searched: longer questions add words, not meaning, and would add work. */
export const MAX_QUERY_WORDS = 8;
const MAX_WORD_LENGTH = 40;

/**
 * The query as searched and counted: no unpaired surrogate,
 * compatibility forms folded (NFKC: "ｒｏ６００" is "ro600"), no control or format characters (NUL
 * included), spaces collapsed, trimmed, lower-case, at most SEARCH_QUERY_MAX characters.
 */
export function normaliseQuery(raw: string): string {
  const unsafe = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\uFFFD]/gu;
  return raw
    .replace(unsafe, " ")
    .normalize("NFKC")
    .replace(unsafe, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase()
    .slice(0, SEARCH_QUERY_MAX)
    .trim();
}

/** The query's words: letters and digits only (so no tsquery syntax can reach to_tsquery), at most MAX_QUERY_WORDS. */
export function queryWords(normalised: string): string[] {
  return normalised
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map((word) => word.slice(0, MAX_WORD_LENGTH))
    .slice(0, MAX_QUERY_WORDS);
}

const EMAIL = /\S@\S/;
const PHONE = /^\+?[\d\s().-]{7,}$/;
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/;

/** "#5e461c55" or "5E461C55" (with a digit, so a word such as "deadbeef" is not one): an order's short number, lower-case hex. */
export function orderNumberPrefix(normalised: string): string | null {
  const compact = normalised.replace(/^#\s*/, "").replace(/-/g, "");
  if (!/^[0-9a-f]{4,32}$/.test(compact)) return null;
  return normalised.startsWith("#") || /\d/.test(compact) ? compact : null;
}

/** A single token a purifier serial may hold ("ro6-12345"), upper-case as serials are stored; null otherwise. */
export function serialPart(normalised: string): string | null {
  return /^[a-z0-9-]{3,32}$/.test(normalised) ? normalised.toUpperCase() : null;
}

/**
 * Whether a query may name a person or their things: an e-mail address, a phone number, an order
 * number or id, a serial. Such a query is searched but never stored in the query log.
 */
export function isPrivateQuery(normalised: string): boolean {
  if (EMAIL.test(normalised) || UUID.test(normalised)) return true;
  if (PHONE.test(normalised) && normalised.replace(/\D/g, "").length >= 7) return true;
  if (/^#/.test(normalised) || (/^[0-9a-f]{8}$/.test(normalised) && /\d/.test(normalised))) return true;
  // A serial: one token of the serial alphabet with four digits or more ("RO6-12345"); a sku such as "lw-ro600" has fewer.
  return /^[a-z0-9-]{6,32}$/.test(normalised) && (normalised.match(/\d/g)?.length ?? 0) >= 4;
}
