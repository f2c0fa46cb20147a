CREATE TABLE "purifier_proofs" (
	"purifier_id" uuid PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purifier_proofs_type_known" CHECK ("purifier_proofs"."content_type" in ('application/pdf', 'image/jpeg', 'image/png')),
	CONSTRAINT "purifier_proofs_size" CHECK ("purifier_proofs"."byte_size" between 1 and 5242880),
	CONSTRAINT "purifier_proofs_size_matches" CHECK (octet_length("purifier_proofs"."data") = "purifier_proofs"."byte_size")
);
--> statement-breakpoint
DROP INDEX "purifiers_serial_key";--> statement-breakpoint
ALTER TABLE "purifiers" ADD COLUMN "verification" text DEFAULT 'awaiting_proof' NOT NULL;--> statement-breakpoint
-- What the shop vouches for among the purifiers registered so far: every unit a delivered order
-- registered, and a purifier a customer added whose serial is on a line of their own shipped or
-- delivered order. The others were self-declared: they wait for a proof of purchase.
UPDATE "purifiers" SET "verification" = 'shipped' WHERE "source" = 'order';--> statement-breakpoint
UPDATE "purifiers" AS "p" SET "verification" = 'shipped'
WHERE "p"."source" = 'customer' AND "p"."serial" IS NOT NULL AND EXISTS (
	SELECT 1 FROM "order_items" AS "i" JOIN "orders" AS "o" ON "o"."id" = "i"."order_id"
	WHERE "o"."user_id" = "p"."user_id" AND "o"."status" IN ('shipped', 'delivered')
		AND "i"."serials" @> jsonb_build_array("p"."serial")
);--> statement-breakpoint
ALTER TABLE "purifiers" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "purifiers" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purifiers" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "purifier_proofs" ADD CONSTRAINT "purifier_proofs_purifier_id_purifiers_id_fk" FOREIGN KEY ("purifier_id") REFERENCES "public"."purifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purifiers" ADD CONSTRAINT "purifiers_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purifiers_verification_idx" ON "purifiers" USING btree ("verification","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "purifiers_owner_serial_key" ON "purifiers" USING btree ("user_id","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "purifiers_verified_serial_key" ON "purifiers" USING btree ("serial") WHERE "purifiers"."verification" = 'verified';--> statement-breakpoint
ALTER TABLE "purifiers" ADD CONSTRAINT "purifiers_verification_known" CHECK ("purifiers"."verification" in ('shipped', 'awaiting_proof', 'in_review', 'verified', 'rejected'));--> statement-breakpoint
ALTER TABLE "purifiers" ADD CONSTRAINT "purifiers_rejected_has_reason" CHECK ("purifiers"."verification" <> 'rejected' or "purifiers"."reject_reason" is not null);