CREATE TABLE "funnel_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" date NOT NULL,
	"step" text NOT NULL,
	CONSTRAINT "funnel_events_step_known" CHECK ("funnel_events"."step" in ('cart_started', 'checkout', 'paid'))
);
--> statement-breakpoint
CREATE INDEX "funnel_events_day_idx" ON "funnel_events" USING btree ("day","step");--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at");