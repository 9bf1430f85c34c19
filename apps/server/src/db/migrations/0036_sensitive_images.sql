ALTER TABLE "media_uploads" ADD COLUMN "sensitivity" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD COLUMN "scores" jsonb;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD COLUMN "classified_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD COLUMN "decided_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_uploads_review_idx" ON "media_uploads" USING btree ("sensitivity","created_at") WHERE "media_uploads"."sensitivity" <> 'ok';--> statement-breakpoint
-- PDFs are not images: nothing to check. Images kept before the check wait for the job's sweep.
UPDATE "media_uploads" SET "sensitivity" = 'ok' WHERE "purpose" = 'post_attachment';
