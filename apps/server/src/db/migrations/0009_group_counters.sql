DROP INDEX "study_groups_available_idx";--> statement-breakpoint
ALTER TABLE "study_groups" ADD COLUMN "members_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "study_groups" ADD COLUMN "ratings_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "study_groups" ADD COLUMN "ratings_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "study_groups" ADD COLUMN "base_score" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "study_groups_rank_idx" ON "study_groups" USING btree ("category","base_score" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "study_groups"."is_active";--> statement-breakpoint
CREATE INDEX "study_groups_available_idx" ON "study_groups" USING btree ("base_score" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "study_groups"."is_active";