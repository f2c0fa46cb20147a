CREATE TABLE "filter_address_requests" (
	"purifier_id" uuid NOT NULL,
	"due_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "filter_address_requests_purifier_id_due_on_pk" PRIMARY KEY("purifier_id","due_on")
);
--> statement-breakpoint
CREATE TABLE "filter_reminders" (
	"purifier_id" uuid NOT NULL,
	"stage" integer NOT NULL,
	"due_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "filter_reminders_purifier_id_stage_due_on_pk" PRIMARY KEY("purifier_id","stage","due_on")
);
--> statement-breakpoint
CREATE TABLE "filter_shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purifier_id" uuid NOT NULL,
	"due_on" date NOT NULL,
	"stages" integer[] NOT NULL,
	"status" text NOT NULL,
	"postponed_to" date,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "filter_shipments_status_known" CHECK ("filter_shipments"."status" in ('ordered', 'skipped', 'postponed')),
	CONSTRAINT "filter_shipments_postponed_later" CHECK ("filter_shipments"."postponed_to" is null or "filter_shipments"."postponed_to" > "filter_shipments"."due_on"),
	CONSTRAINT "filter_shipments_postponed_has_date" CHECK ("filter_shipments"."status" <> 'postponed' or "filter_shipments"."postponed_to" is not null)
);
--> statement-breakpoint
CREATE TABLE "mail_opt_outs" (
	"user_id" uuid NOT NULL,
	"list" text NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_opt_outs_user_id_list_pk" PRIMARY KEY("user_id","list"),
	CONSTRAINT "mail_opt_outs_list_known" CHECK ("mail_opt_outs"."list" in ('reminders'))
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "shipping_method" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_subtotal_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "member_pricing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "auto_renew" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "payment_method_id" uuid;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "period_order_id" uuid;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "cancelled_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "renewal_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "next_renewal_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "last_renewal_failure" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "end_notice_sent_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "filter_address_requests" ADD CONSTRAINT "filter_address_requests_purifier_id_purifiers_id_fk" FOREIGN KEY ("purifier_id") REFERENCES "public"."purifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filter_reminders" ADD CONSTRAINT "filter_reminders_purifier_id_purifiers_id_fk" FOREIGN KEY ("purifier_id") REFERENCES "public"."purifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filter_shipments" ADD CONSTRAINT "filter_shipments_purifier_id_purifiers_id_fk" FOREIGN KEY ("purifier_id") REFERENCES "public"."purifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filter_shipments" ADD CONSTRAINT "filter_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_opt_outs" ADD CONSTRAINT "mail_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "filter_shipments_due_key" ON "filter_shipments" USING btree ("purifier_id","due_on");--> statement-breakpoint
CREATE INDEX "filter_shipments_order_idx" ON "filter_shipments" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_payment_method_id_saved_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."saved_payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_period_order_id_orders_id_fk" FOREIGN KEY ("period_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_cancelled_by_user_id_users_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_ends_idx" ON "memberships" USING btree ("status","ends_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipped_within_subtotal" CHECK ("orders"."shipped_subtotal_cents" between 0 and "orders"."subtotal_cents");--> statement-breakpoint
-- Hand-written. Orders made before this migration counted their whole subtotal toward shipping, so they keep doing so.
UPDATE "orders" SET "shipped_subtotal_cents" = "subtotal_cents";--> statement-breakpoint
-- A membership's current period was paid by the order that bought it; running memberships renew
-- (those bought before cards were kept for renewals ask their member for a card at the first renewal).
UPDATE "memberships" SET "period_order_id" = "order_id";--> statement-breakpoint
UPDATE "memberships" SET "auto_renew" = true WHERE "kind" = 'membership' AND "status" = 'active' AND "ends_at" > now();--> statement-breakpoint
-- The yearly plan's words say exactly what a cancel does, in databases seeded before they changed.
UPDATE "products" SET "description" = replace("description", 'If you cancel, we refund the full months you have not used.', 'If you cancel, the membership ends that day and we refund the full months left of the year you paid for.') WHERE "sku" = 'LW-MEM-Y';
