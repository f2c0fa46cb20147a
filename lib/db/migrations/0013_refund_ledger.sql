CREATE TABLE "refund_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"refund_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"sku" text,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "refund_allocations_amount_positive" CHECK ("refund_allocations"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_ref" text,
	"failure_message" text,
	"actor" text NOT NULL,
	"actor_user_id" uuid,
	"after_sale_id" uuid,
	"membership_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "saved_payment_method_id" uuid;--> statement-breakpoint
ALTER TABLE "refund_allocations" ADD CONSTRAINT "refund_allocations_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_allocations" ADD CONSTRAINT "refund_allocations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_allocations_refund_idx" ON "refund_allocations" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refund_allocations_order_idx" ON "refund_allocations" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "refunds_provider_ref_idx" ON "refunds" USING btree ("provider_ref");--> statement-breakpoint
-- Refunds made before the ledger: one row per payment for what it had given back, lines unknown.
INSERT INTO "refunds" ("payment_id", "order_id", "status", "reason", "amount_cents", "idempotency_key", "actor", "note", "created_at", "updated_at", "settled_at")
SELECT "id", "order_id", 'succeeded', CASE WHEN "status" = 'duplicate_refunded' THEN 'duplicate_charge' ELSE 'before_ledger' END, "refunded_cents", 'before-ledger-' || "id", 'system', NULL, "updated_at", "updated_at", "updated_at"
FROM "payments" WHERE "refunded_cents" > 0;
