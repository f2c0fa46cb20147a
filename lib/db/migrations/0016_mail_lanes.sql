DROP INDEX "mail_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "template" text DEFAULT 'unnamed' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "template" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "lane" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sealed" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
-- Messages queued before templates were named stay `unnamed` (standard lane), except the account
-- e-mails, told by their subjects: they go in the urgent lane, and the codes and sign-in links
-- expire when what they carry does (codes after 10 minutes, sign-in links after at least 30).
UPDATE "mail_outbox" SET "template" = 'verification-code', "lane" = 'urgent', "expires_at" = "created_at" + interval '10 minutes'
WHERE "subject" ~ '^[0-9]{6} is your .* verification code$';--> statement-breakpoint
UPDATE "mail_outbox" SET "template" = 'reset-code', "lane" = 'urgent', "expires_at" = "created_at" + interval '10 minutes'
WHERE "subject" ~ '^[0-9]{6} is your .* password reset code$';--> statement-breakpoint
UPDATE "mail_outbox" SET "template" = 'sign-in-link', "lane" = 'urgent', "expires_at" = "created_at" + interval '30 minutes'
WHERE "subject" ~ '^Your .* sign-in link$';--> statement-breakpoint
UPDATE "mail_outbox" SET "template" = 'already-registered', "lane" = 'urgent' WHERE "subject" ~ '^You already have an? .* account$';--> statement-breakpoint
UPDATE "mail_outbox" SET "template" = 'no-account-reset', "lane" = 'urgent' WHERE "subject" ~ ' password reset: no account for this address$';--> statement-breakpoint
-- The codes and links sent (or given up on) before this migration lose their contents now, as later
-- ones do once sent; those still waiting lose theirs when they are sent or expire (docs/decisions/0039).
UPDATE "mail_outbox" SET "subject" = '', "body" = '', "html" = NULL
WHERE "expires_at" IS NOT NULL AND ("sent_at" IS NOT NULL OR "failed_at" IS NOT NULL);--> statement-breakpoint
CREATE INDEX "mail_outbox_urgent_idx" ON "mail_outbox" USING btree ("seq") WHERE "mail_outbox"."lane" = 'urgent' and "mail_outbox"."sent_at" is null and "mail_outbox"."failed_at" is null and "mail_outbox"."expired_at" is null;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("lane","next_attempt_at","seq") WHERE "mail_outbox"."sent_at" is null and "mail_outbox"."failed_at" is null and "mail_outbox"."expired_at" is null;
