CREATE TABLE "question_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"study_group_id" uuid,
	"format" text NOT NULL,
	"import_as" text NOT NULL,
	"file_hash" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'preview' NOT NULL,
	"items" jsonb NOT NULL,
	"errors" jsonb NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"created_post_ids" uuid[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"finished_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "question_imports" ADD CONSTRAINT "question_imports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_imports" ADD CONSTRAINT "question_imports_study_group_id_study_groups_id_fk" FOREIGN KEY ("study_group_id") REFERENCES "public"."study_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_imports_owner_hash_idx" ON "question_imports" USING btree ("owner_id","file_hash");