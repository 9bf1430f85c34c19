ALTER TABLE "posts" ADD COLUMN "popular_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "study_goal" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "study_subjects" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_subject_feed_idx" ON "posts" USING btree (("question_data"->>'subject'),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."study_group_id" is null and ("posts"."question_data"->>'subject') is not null;--> statement-breakpoint
CREATE INDEX "posts_popular_questions_idx" ON "posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."study_group_id" is null and "posts"."popular_at" is not null;