ALTER TABLE "simulados" ALTER COLUMN "study_group_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "simulados" ADD COLUMN "results_announced_at" timestamp (3) with time zone;--> statement-breakpoint
-- Simulados already closed were announced by their own screens: the sweep tells only those that close from now on.
UPDATE "simulados" SET "results_announced_at" = "closes_at" WHERE "closes_at" <= now();
