ALTER TABLE "order_items" ADD COLUMN "regular_price_cents" integer;--> statement-breakpoint
-- Lines made before the column: the regular price was not kept. A line of a member's order whose
-- product has a member price is taken to have cost the discount price to anyone else, when that is
-- above what it cost (the nearest the catalogue can say now); every other line cost its regular price.
UPDATE "order_items" SET "regular_price_cents" = CASE
  WHEN "orders"."member_pricing" AND "products"."member_price_cents" IS NOT NULL
    THEN greatest("order_items"."unit_price_cents", "products"."discount_price_cents")
  ELSE "order_items"."unit_price_cents"
END
FROM "orders", "products"
WHERE "orders"."id" = "order_items"."order_id" AND "products"."sku" = "order_items"."sku";--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "regular_price_cents" SET NOT NULL;
