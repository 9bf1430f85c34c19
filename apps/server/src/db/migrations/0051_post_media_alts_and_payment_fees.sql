ALTER TABLE "group_payments" ADD COLUMN "fee_amount" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "media_alts" jsonb DEFAULT '{}'::jsonb NOT NULL;