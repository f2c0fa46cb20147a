-- Site search: trigram similarity (typos, partial words) and accent folding. Both ship with
-- PostgreSQL's contrib and with PGlite (loaded by lib/db/pglite.ts); both are trusted extensions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TABLE "search_documents" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"page" text NOT NULL,
	"href" text NOT NULL,
	"title" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"document" "tsvector" NOT NULL,
	"title_norm" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_documents_kind_key_pk" PRIMARY KEY("kind","key"),
	CONSTRAINT "search_documents_kind_known" CHECK ("search_documents"."kind" in ('product', 'answer'))
);
--> statement-breakpoint
CREATE TABLE "search_queries" (
	"day" date NOT NULL,
	"query" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"empty" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_queries_day_query_pk" PRIMARY KEY("day","query")
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"term" text NOT NULL,
	"expansion" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_term_unique" UNIQUE("term")
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_documents_document_idx" ON "search_documents" USING gin ("document") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_documents_title_trgm_idx" ON "search_documents" USING gin ("title_norm" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_queries_query_idx" ON "search_queries" USING btree ("query");--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
INSERT INTO "search_synonyms" ("term", "expansion") VALUES
	('ro', 'reverse osmosis'),
	('tds pen', 'water-quality tester'),
	('membership', 'water purifier plan'),
	('subscription', 'membership'),
	('cartridge', 'filter'),
	('refund', 'return')
ON CONFLICT ("term") DO NOTHING;