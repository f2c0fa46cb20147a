ALTER TABLE "memberships" ADD COLUMN "auto_renew" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "payment_method_id" uuid;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "period_order_id" uuid;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "cancelled_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "renewal_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "next_renewal_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "last_renewal_failure" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "end_notice_sent_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_payment_method_id_saved_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."saved_payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_period_order_id_orders_id_fk" FOREIGN KEY ("period_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_cancelled_by_user_id_users_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_ends_idx" ON "memberships" USING btree ("status","ends_at");--> statement-breakpoint
UPDATE "memberships" SET "period_order_id" = "order_id";--> statement-breakpoint
UPDATE "memberships" SET "auto_renew" = true WHERE "kind" = 'membership' AND "status" = 'active' AND "ends_at" > now();
--> statement-breakpoint
UPDATE "products" SET "description" = replace("description", 'If you cancel, we refund the full months you have not used.', 'If you cancel, the membership ends that day and we refund the full months left of the year you paid for.') WHERE "sku" = 'LW-MEM-Y';
