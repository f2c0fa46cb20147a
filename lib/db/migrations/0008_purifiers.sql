CREATE TABLE "filter_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purifier_id" uuid NOT NULL,
	"stage" integer NOT NULL,
	"changed_on" date NOT NULL,
	"source" text DEFAULT 'customer' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purifiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"serial" text,
	"source" text NOT NULL,
	"order_id" uuid,
	"order_unit" integer,
	"purchased_on" date NOT NULL,
	"installed_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purifiers_installed_after_purchase" CHECK ("purifiers"."installed_on" >= "purifiers"."purchased_on"),
	CONSTRAINT "purifiers_serial_upper" CHECK ("purifiers"."serial" is null or "purifiers"."serial" = upper("purifiers"."serial"))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "member_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "filter_stage" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "filter_life_months" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "serials" jsonb;--> statement-breakpoint
ALTER TABLE "filter_changes" ADD CONSTRAINT "filter_changes_purifier_id_purifiers_id_fk" FOREIGN KEY ("purifier_id") REFERENCES "public"."purifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purifiers" ADD CONSTRAINT "purifiers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purifiers" ADD CONSTRAINT "purifiers_sku_products_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."products"("sku") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purifiers" ADD CONSTRAINT "purifiers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "filter_changes_purifier_idx" ON "filter_changes" USING btree ("purifier_id","stage","changed_on");--> statement-breakpoint
CREATE INDEX "purifiers_user_idx" ON "purifiers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "purifiers_serial_key" ON "purifiers" USING btree ("serial");--> statement-breakpoint
CREATE UNIQUE INDEX "purifiers_order_unit_key" ON "purifiers" USING btree ("order_id","order_unit");--> statement-breakpoint
CREATE UNIQUE INDEX "products_filter_stage_key" ON "products" USING btree ("filter_stage");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_member_price_valid" CHECK ("products"."member_price_cents" is null or ("products"."member_price_cents" >= 0 and "products"."member_price_cents" <= "products"."discount_price_cents"));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_filter_stage_valid" CHECK (("products"."filter_stage" is null) = ("products"."filter_life_months" is null) and ("products"."filter_stage" is null or ("products"."filter_stage" > 0 and "products"."filter_life_months" > 0)));--> statement-breakpoint
-- Databases seeded before this migration get the demo catalogue's filter stages and member prices
-- (new databases get them from the seed); a product an operator priced below them keeps no member price.
UPDATE "products" SET "filter_stage" = v.stage, "filter_life_months" = v.life
FROM (VALUES ('LW-F1-PP', 1, 6), ('LW-F2-RO', 2, 24), ('LW-F3-PC', 3, 12)) AS v(sku, stage, life)
WHERE "products"."sku" = v.sku;--> statement-breakpoint
UPDATE "products" SET "member_price_cents" = round("discount_price_cents" * 0.85)
WHERE "sku" IN ('LW-F1-PP', 'LW-F2-RO', 'LW-F3-PC', 'LW-FSET-Y1', 'LW-ACC-FAUCET', 'LW-ACC-TDS', 'LW-ACC-CARAFE');
