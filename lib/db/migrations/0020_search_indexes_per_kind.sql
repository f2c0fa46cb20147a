-- Site search: one GIN index of each per kind of document (partial, WHERE kind = …) in place of one
-- over both kinds: a search asks for one kind at a time, and the index over both made every scan
-- for answers read the products' entries of the same words too (docs/decisions/0056).
DROP INDEX "search_documents_document_idx";--> statement-breakpoint
DROP INDEX "search_documents_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_documents_product_document_idx" ON "search_documents" USING gin ("document") WITH (fastupdate=false) WHERE kind = 'product';--> statement-breakpoint
CREATE INDEX "search_documents_product_title_trgm_idx" ON "search_documents" USING gin ("title_norm" gin_trgm_ops) WITH (fastupdate=false) WHERE kind = 'product';--> statement-breakpoint
CREATE INDEX "search_documents_answer_document_idx" ON "search_documents" USING gin ("document") WITH (fastupdate=false) WHERE kind = 'answer';--> statement-breakpoint
CREATE INDEX "search_documents_answer_title_trgm_idx" ON "search_documents" USING gin ("title_norm" gin_trgm_ops) WITH (fastupdate=false) WHERE kind = 'answer';