CREATE TABLE "after_sale_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"after_sale_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "after_sale_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"quantity" integer NOT NULL,
	"type" text NOT NULL,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'pending_review' NOT NULL,
	"refund_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"return_address" text,
	"reject_reason" text,
	"carrier" text,
	"track_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "after_sale_quantity_range" CHECK ("after_sale_requests"."quantity" between 1 and 1000),
	CONSTRAINT "after_sale_money_not_negative" CHECK ("after_sale_requests"."refund_cents" >= 0 and "after_sale_requests"."refunded_cents" >= 0),
	CONSTRAINT "after_sale_status_known" CHECK ("after_sale_requests"."status" in ('pending_review', 'approved', 'returning', 'received', 'completed', 'rejected', 'cancelled')),
	CONSTRAINT "after_sale_type_known" CHECK ("after_sale_requests"."type" in ('return', 'refund', 'exchange', 'repair'))
);
--> statement-breakpoint
ALTER TABLE "after_sale_events" ADD CONSTRAINT "after_sale_events_after_sale_id_after_sale_requests_id_fk" FOREIGN KEY ("after_sale_id") REFERENCES "public"."after_sale_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_events" ADD CONSTRAINT "after_sale_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_requests" ADD CONSTRAINT "after_sale_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_requests" ADD CONSTRAINT "after_sale_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "after_sale_events_request_idx" ON "after_sale_events" USING btree ("after_sale_id","created_at");--> statement-breakpoint
CREATE INDEX "after_sale_user_created_idx" ON "after_sale_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "after_sale_status_created_idx" ON "after_sale_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "after_sale_order_sku_idx" ON "after_sale_requests" USING btree ("order_id","sku");