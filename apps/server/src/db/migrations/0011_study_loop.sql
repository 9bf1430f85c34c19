CREATE TABLE "notebook_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"question_index" integer DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"due" timestamp (3) with time zone NOT NULL,
	"stability" double precision DEFAULT 0 NOT NULL,
	"difficulty" double precision DEFAULT 0 NOT NULL,
	"elapsed_days" integer DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"last_review" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "question_items" (
	"post_id" uuid NOT NULL,
	"question_index" integer NOT NULL,
	"author_id" uuid NOT NULL,
	"study_group_id" uuid,
	"subject" text,
	"topic" text,
	"topic_key" text,
	"exam" text,
	"year" integer,
	"correct_answer" integer NOT NULL,
	"search_text" text NOT NULL,
	"answers_count" integer DEFAULT 0 NOT NULL,
	"correct_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "question_items_post_id_question_index_pk" PRIMARY KEY("post_id","question_index")
);
--> statement-breakpoint
CREATE TABLE "review_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"entry_id" uuid,
	"client_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"reviewed_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_logs_rating_range" CHECK ("review_logs"."rating" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "study_reminders" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"hour" smallint NOT NULL,
	"last_sent_day" date,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_reminders_hour_range" CHECK ("study_reminders"."hour" between 7 and 21)
);
--> statement-breakpoint
ALTER TABLE "post_answers" DROP CONSTRAINT "post_answers_post_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "post_answers" ADD COLUMN "question_index" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "post_answers" ADD CONSTRAINT "post_answers_post_id_user_id_question_index_pk" PRIMARY KEY("post_id","user_id","question_index");--> statement-breakpoint
ALTER TABLE "post_answers" ADD COLUMN "via_attempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notebook_entries" ADD CONSTRAINT "notebook_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notebook_entries" ADD CONSTRAINT "notebook_entries_question_fk" FOREIGN KEY ("post_id","question_index") REFERENCES "public"."question_items"("post_id","question_index") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_items" ADD CONSTRAINT "question_items_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_entry_id_notebook_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."notebook_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_reminders" ADD CONSTRAINT "study_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notebook_entries_user_question_key" ON "notebook_entries" USING btree ("user_id","post_id","question_index");--> statement-breakpoint
CREATE INDEX "notebook_entries_user_due_idx" ON "notebook_entries" USING btree ("user_id","due","id");--> statement-breakpoint
CREATE INDEX "notebook_entries_user_created_idx" ON "notebook_entries" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "question_items_recent_idx" ON "question_items" USING btree ("created_at" DESC NULLS FIRST,"post_id" DESC NULLS FIRST,"question_index" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "question_items_subject_idx" ON "question_items" USING btree ("subject","created_at" DESC NULLS FIRST,"post_id" DESC NULLS FIRST,"question_index" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "question_items_exam_idx" ON "question_items" USING btree ("exam","created_at" DESC NULLS FIRST,"post_id" DESC NULLS FIRST,"question_index" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "question_items_topic_idx" ON "question_items" USING btree ("topic_key","created_at" DESC NULLS FIRST,"post_id" DESC NULLS FIRST,"question_index" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "question_items_search_idx" ON "question_items" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "review_logs_user_client_key" ON "review_logs" USING btree ("user_id","client_id");--> statement-breakpoint
CREATE INDEX "review_logs_entry_idx" ON "review_logs" USING btree ("entry_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "review_logs_user_reviewed_idx" ON "review_logs" USING btree ("user_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "study_reminders_hour_idx" ON "study_reminders" USING btree ("hour") WHERE "study_reminders"."enabled";