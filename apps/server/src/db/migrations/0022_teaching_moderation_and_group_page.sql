ALTER TABLE "forum_comments" ADD COLUMN "hidden_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "forum_comments" ADD COLUMN "deleted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "forum_topics" ADD COLUMN "is_closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_topics" ADD COLUMN "hidden_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "forum_topics" ADD COLUMN "deleted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "group_materials" ADD COLUMN "deleted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "group_memberships" ADD COLUMN "renewal_reminded_for" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "group_ratings" ADD COLUMN "comment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "study_groups" ADD COLUMN "learn_outcomes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "study_groups" ADD COLUMN "syllabus" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "study_groups" ADD COLUMN "faq" jsonb DEFAULT '[]'::jsonb NOT NULL;