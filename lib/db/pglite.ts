import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

// Every embedded database loads the contrib extensions the migrations create (site search:
// trigram similarity and accent folding), so the same committed SQL runs on both engines.
const EXTENSIONS = { pg_trgm, unaccent };

/** An embedded database: in a folder, or in memory (from a dump's files when given). */
export function newPglite(dataDir?: string, options: Omit<PGliteOptions, "extensions" | "dataDir"> = {}): PGlite {
  return new PGlite({ ...options, ...(dataDir ? { dataDir } : {}), extensions: EXTENSIONS });
}
