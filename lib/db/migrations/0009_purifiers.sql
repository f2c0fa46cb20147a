ALTER TABLE "memberships" ADD COLUMN "purifier_id" uuid;--> statement-breakpoint
ALTER TABLE "after_sale_requests" ADD COLUMN "purifier_id" uuid;--> statement-breakpoint
ALTER TABLE "after_sale_requests" ADD COLUMN "care_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_purifier_id_purifiers_id_fk" FOREIGN KEY ("purifier_id") REFERENCES "public"."purifiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_requests" ADD CONSTRAINT "after_sale_requests_purifier_id_purifiers_id_fk" FOREIGN KEY ("purifier_id") REFERENCES "public"."purifiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_requests" ADD CONSTRAINT "after_sale_requests_care_plan_id_memberships_id_fk" FOREIGN KEY ("care_plan_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;