import "server-only";

// How the console reads what an operator types in a list's search box. Customers quote the short
// number they see ("#5E461C55", the first 8 hex digits of an id: lib/display/order-display.ts), operators
// paste full ids, e-mails or a name. Shared by the order and after-sale lists.

/** Fewer hex digits than this match too many ids to be meant as a number. */
const SHORTEST_ID_PREFIX = 4;
const UUID_HEX_LENGTH = 32;
const FULL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HEX_WITH_DASHES = /^[0-9a-f-]+$/;

/** The smallest and largest uuid that start with some hex digits (both ends included). */
export interface IdRange {
  from: string;
  to: string;
}

export interface ConsoleSearch {
  /** Ids starting with the digits typed; a range over the uuid's own order, so the primary key's index answers it. */
  idRange: IdRange | null;
  /** `%…%` for ILIKE on the e-mail and the names, wildcards escaped; null when the query can only be a number. */
  contains: string | null;
}

function asUuid(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `%`, `_` and `\` are literal characters in what an operator types, not LIKE wildcards. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * "#5E461C55", "5e461c55", a full id, a part of an id (4 hex digits or more, dashes anywhere), an
 * e-mail or a name. A leading '#' or a full id is only a number; hex digits alone may also be part of
 * an e-mail or a name, so both are searched; anything else is text.
 */
export function parseConsoleSearch(query: string | undefined): ConsoleSearch | null {
  const typed = query?.trim().toLowerCase() ?? "";
  if (!typed) return null;
  const numbered = typed.startsWith("#");
  const candidate = numbered ? typed.slice(1).trim() : typed;
  const hex = HEX_WITH_DASHES.test(candidate) ? candidate.replace(/-/g, "") : "";
  const idRange =
    hex.length >= SHORTEST_ID_PREFIX && hex.length <= UUID_HEX_LENGTH
      ? { from: asUuid(hex.padEnd(UUID_HEX_LENGTH, "0")), to: asUuid(hex.padEnd(UUID_HEX_LENGTH, "f")) }
      : null;
  if (idRange && (numbered || FULL_UUID.test(candidate))) return { idRange, contains: null };
  return { idRange, contains: `%${escapeLike(typed)}%` };
}
