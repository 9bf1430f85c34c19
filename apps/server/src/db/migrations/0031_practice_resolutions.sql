CREATE TABLE "practice_views" (
	"user_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"question_index" integer NOT NULL,
	"seen_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "practice_views_user_id_post_id_question_index_pk" PRIMARY KEY("user_id","post_id","question_index")
);
--> statement-breakpoint
CREATE TABLE "question_resolutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"question_index" integer NOT NULL,
	"author_id" uuid NOT NULL,
	"content" text NOT NULL,
	"accepted" boolean DEFAULT false NOT NULL,
	"votes_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "question_resolutions_content_length" CHECK (char_length("question_resolutions"."content") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "resolution_votes" (
	"resolution_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "resolution_votes_resolution_id_user_id_pk" PRIMARY KEY("resolution_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "practice_views" ADD CONSTRAINT "practice_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_views" ADD CONSTRAINT "practice_views_question_fk" FOREIGN KEY ("post_id","question_index") REFERENCES "public"."question_items"("post_id","question_index") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_resolutions" ADD CONSTRAINT "question_resolutions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_resolutions" ADD CONSTRAINT "question_resolutions_question_fk" FOREIGN KEY ("post_id","question_index") REFERENCES "public"."question_items"("post_id","question_index") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolution_votes" ADD CONSTRAINT "resolution_votes_resolution_id_question_resolutions_id_fk" FOREIGN KEY ("resolution_id") REFERENCES "public"."question_resolutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolution_votes" ADD CONSTRAINT "resolution_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_resolutions_question_idx" ON "question_resolutions" USING btree ("post_id","question_index");--> statement-breakpoint
CREATE UNIQUE INDEX "question_resolutions_one_accepted_key" ON "question_resolutions" USING btree ("post_id","question_index") WHERE "question_resolutions"."accepted";