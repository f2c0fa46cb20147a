import { sql } from "drizzle-orm";
import { check, customType, date, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

// Site search (lib/server/search, docs/decisions/0045-site-search-in-postgresql.md). The documents
// are copies made for searching, never the truth: a product's price and stock are read live from
// the catalogue at query time; the index says only which product matches and how well.

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const SEARCH_DOCUMENT_KINDS = ["product", "answer"] as const;

export const searchDocuments = pgTable(
  "search_documents",
  {
    kind: text("kind", { enum: SEARCH_DOCUMENT_KINDS }).notNull(),
    /** The product's sku, or an answer's id ("faq:how-often-filters", "section:policy:returns"). */
    key: text("key").notNull(),
    /** The page an answer is on ("FAQ", "Policy", …); a product's category. */
    page: text("page").notNull(),
    href: text("href").notNull(),
    title: text("title").notNull(),
    category: text("category").notNull().default(""),
    body: text("body").notNull().default(""),
    /** Other spellings a visitor types: "prefilter" for "pre-filter", "ro600" and "ro 600" for the RO600. */
    keywords: text("keywords").notNull().default(""),
    /** Title and keywords A, category B, body C; written by the statement that writes the row (unaccent is not immutable). */
    document: tsvector("document").notNull(),
    /** The title lower-cased and without accents, for trigram matches of partial words. */
    titleNorm: text("title_norm").notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.key] }),
    // fastupdate off on every GIN index here: writes are rare (a product edited, the sync at start),
    // searches constant; a pending list of unmerged entries made the planner scan the table instead.
    // One index of each per kind (partial): a search asks for one kind at a time, and an index over
    // both made the answers' every scan read the products' entries of the same words too (2,000
    // answers beside 10,000 products: "ceramic filter model 42" spent 8 ms in it for no answer).
    // docs/decisions/0056.
    ...SEARCH_DOCUMENT_KINDS.flatMap((kind) => [
      index(`search_documents_${kind}_document_idx`)
        .using("gin", table.document)
        .with({ fastupdate: false })
        .where(sql.raw(`kind = '${kind}'`)),
      index(`search_documents_${kind}_title_trgm_idx`)
        .using("gin", table.titleNorm.op("gin_trgm_ops"))
        .with({ fastupdate: false })
        .where(sql.raw(`kind = '${kind}'`)),
    ]),
    check("search_documents_kind_known", sql`${table.kind} in ('product', 'answer')`),
  ],
);

/** The words of the documents, for "did you mean" and for correcting a misspelt word before the search. */
export const searchTerms = pgTable("search_terms", { term: text("term").primaryKey() }, (table) => [
  index("search_terms_trgm_idx").using("gin", table.term.op("gin_trgm_ops")).with({ fastupdate: false }),
]);

/** What a visitor types and what the shop calls it: "ro" also searches "reverse osmosis". The operator adds and removes them. */
export const searchSynonyms = pgTable("search_synonyms", {
  id: uuid("id").primaryKey().defaultRandom(),
  term: text("term").notNull().unique(),
  expansion: text("expansion").notNull(),
  createdAt: createdAt(),
});

/**
 * How often a query was searched each day, and how often it found nothing: no customer, no address,
 * no time finer than the day. Queries that look like an e-mail, phone, order number or serial are never stored.
 */
export const searchQueries = pgTable(
  "search_queries",
  {
    day: date("day", { mode: "string" }).notNull(),
    query: text("query").notNull(),
    searches: integer("searches").notNull().default(0),
    empty: integer("empty").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.query] }), index("search_queries_query_idx").on(table.query)],
);

export type SearchDocumentRow = typeof searchDocuments.$inferSelect;
export type SearchSynonymRow = typeof searchSynonyms.$inferSelect;
