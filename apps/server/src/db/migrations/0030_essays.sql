CREATE TABLE "essay_prompts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"group_id" uuid,
	"title" text NOT NULL,
	"motivating_texts" jsonb NOT NULL,
	"instruction" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "essay_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"essay_id" uuid NOT NULL,
	"grader_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"assigned_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"scores" jsonb,
	"zero_reason" text,
	"total" integer,
	"comments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"general_comment" text DEFAULT '' NOT NULL,
	"position" integer,
	"done_at" timestamp (3) with time zone,
	CONSTRAINT "essay_reviews_zero" CHECK ("essay_reviews"."scores" is null or "essay_reviews"."zero_reason" is null)
);
--> statement-breakpoint
CREATE TABLE "essays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"prompt_id" uuid NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"media_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"destination" text,
	"group_id" uuid,
	"author_is_minor" boolean DEFAULT false NOT NULL,
	"reviews_needed" integer DEFAULT 0 NOT NULL,
	"final_score" jsonb,
	"control_scores" jsonb,
	"submitted_at" timestamp (3) with time zone,
	"corrected_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "essay_prompts" ADD CONSTRAINT "essay_prompts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essay_prompts" ADD CONSTRAINT "essay_prompts_group_id_study_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."study_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essay_reviews" ADD CONSTRAINT "essay_reviews_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essay_reviews" ADD CONSTRAINT "essay_reviews_grader_id_users_id_fk" FOREIGN KEY ("grader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essays" ADD CONSTRAINT "essays_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essays" ADD CONSTRAINT "essays_prompt_id_essay_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."essay_prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essays" ADD CONSTRAINT "essays_group_id_study_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."study_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "essay_prompts_group_idx" ON "essay_prompts" USING btree ("group_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "essay_prompts_created_idx" ON "essay_prompts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "essay_reviews_essay_grader_key" ON "essay_reviews" USING btree ("essay_id","grader_id");--> statement-breakpoint
CREATE INDEX "essay_reviews_grader_idx" ON "essay_reviews" USING btree ("grader_id","kind","done_at");--> statement-breakpoint
CREATE INDEX "essay_reviews_essay_idx" ON "essay_reviews" USING btree ("essay_id","status");--> statement-breakpoint
CREATE INDEX "essays_author_idx" ON "essays" USING btree ("author_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "essays_pool_idx" ON "essays" USING btree ("destination","submitted_at") WHERE "essays"."status" in ('submitted', 'third_review', 'banca');--> statement-breakpoint
CREATE INDEX "essays_controls_idx" ON "essays" USING btree ("created_at") WHERE "essays"."control_scores" is not null;