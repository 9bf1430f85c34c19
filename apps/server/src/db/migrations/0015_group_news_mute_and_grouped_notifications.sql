ALTER TABLE "group_memberships" ADD COLUMN "muted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "grouped_count" integer DEFAULT 1 NOT NULL;