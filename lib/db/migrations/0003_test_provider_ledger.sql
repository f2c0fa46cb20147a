CREATE TABLE "test_provider_cards" (
	"ref" text PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_provider_charges" (
	"ref" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"failure_code" text,
	"failure_message" text,
	"card_ref" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_provider_charges_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "test_provider_charges_refund_within" CHECK ("test_provider_charges"."refunded_cents" >= 0 and "test_provider_charges"."refunded_cents" <= "test_provider_charges"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "test_provider_refunds" (
	"ref" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"charge_ref" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_provider_refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "test_provider_refunds_amount_positive" CHECK ("test_provider_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "request_fingerprint" text;--> statement-breakpoint
ALTER TABLE "test_provider_charges" ADD CONSTRAINT "test_provider_charges_card_ref_test_provider_cards_ref_fk" FOREIGN KEY ("card_ref") REFERENCES "public"."test_provider_cards"("ref") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_provider_refunds" ADD CONSTRAINT "test_provider_refunds_charge_ref_test_provider_charges_ref_fk" FOREIGN KEY ("charge_ref") REFERENCES "public"."test_provider_charges"("ref") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_provider_refunds_charge_idx" ON "test_provider_refunds" USING btree ("charge_ref");