ALTER TABLE "orders" ADD COLUMN "stock_held" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Orders made before the column: a cancelled one gave its stock back already, and a membership
-- renewal's never took any (its "created" event says so). (The snapshot of 0014 had missed the
-- payments column 0013 added; this migration's snapshot has it, and nothing here adds it again.)
UPDATE "orders" SET "stock_held" = false
WHERE "status" = 'cancelled'
   OR "id" IN (SELECT "order_id" FROM "order_events" WHERE "type" = 'created' AND "note" = 'Membership renewal');
