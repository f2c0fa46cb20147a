CREATE TABLE "oauth_used_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "oauth_used_codes_used_at_idx" ON "oauth_used_codes" USING btree ("used_at");