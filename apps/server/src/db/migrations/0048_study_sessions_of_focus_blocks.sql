ALTER TABLE "study_sessions" ADD COLUMN "block_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "study_sessions_block_idx" ON "study_sessions" USING btree ("block_id");