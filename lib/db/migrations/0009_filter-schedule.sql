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
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "filter_address_requests" ADD CONSTRAINT "filter_address_requests_purifier_id_purifiers_id_fk" FOREIGN KEY ("purifier_id") REFERENCES "public"."purifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filter_reminders" ADD CONSTRAINT "filter_reminders_purifier_id_purifiers_id_fk" FOREIGN KEY ("purifier_id") REFERENCES "public"."purifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filter_shipments" ADD CONSTRAINT "filter_shipments_purifier_id_purifiers_id_fk" FOREIGN KEY ("purifier_id") REFERENCES "public"."purifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filter_shipments" ADD CONSTRAINT "filter_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_opt_outs" ADD CONSTRAINT "mail_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "filter_shipments_due_key" ON "filter_shipments" USING btree ("purifier_id","due_on");--> statement-breakpoint
CREATE INDEX "filter_shipments_order_idx" ON "filter_shipments" USING btree ("order_id");