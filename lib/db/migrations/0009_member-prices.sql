ALTER TABLE "orders" ALTER COLUMN "shipping_method" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_subtotal_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "member_pricing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written: orders made before this migration counted their whole subtotal toward shipping, so they keep doing so.
UPDATE "orders" SET "shipped_subtotal_cents" = "subtotal_cents";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipped_within_subtotal" CHECK ("orders"."shipped_subtotal_cents" between 0 and "orders"."subtotal_cents");