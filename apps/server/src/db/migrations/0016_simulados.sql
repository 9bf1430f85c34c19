CREATE TABLE "question_calibration_runs" (
	"slot" text PRIMARY KEY NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"finished_at" timestamp (3) with time zone,
	"items" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_calibrations" (
	"post_id" uuid NOT NULL,
	"question_index" integer NOT NULL,
	"a" double precision NOT NULL,
	"b" double precision NOT NULL,
	"c" double precision NOT NULL,
	"responses" integer NOT NULL,
	"calibrated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "question_calibrations_post_id_question_index_pk" PRIMARY KEY("post_id","question_index")
);
--> statement-breakpoint
CREATE TABLE "simulado_answer_log" (
	"attempt_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"option_index" smallint NOT NULL,
	"answered_at" timestamp (3) with time zone NOT NULL,
	"received_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "simulado_answer_log_attempt_id_client_id_pk" PRIMARY KEY("attempt_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "simulado_answers" (
	"attempt_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"option_index" smallint NOT NULL,
	"is_correct" boolean NOT NULL,
	"client_id" uuid NOT NULL,
	"answered_at" timestamp (3) with time zone NOT NULL,
	"saved_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "simulado_answers_attempt_id_position_pk" PRIMARY KEY("attempt_id","position"),
	CONSTRAINT "simulado_answers_option_range" CHECK ("simulado_answers"."option_index" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "simulado_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"simulado_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"ends_at" timestamp (3) with time zone NOT NULL,
	"submitted_at" timestamp (3) with time zone,
	"finalized_at" timestamp (3) with time zone,
	"answered_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulado_questions" (
	"simulado_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"post_id" uuid NOT NULL,
	"question_index" integer NOT NULL,
	"post_type" text NOT NULL,
	"question" jsonb NOT NULL,
	"correct_answer" integer NOT NULL,
	"subject" text,
	"topic" text,
	CONSTRAINT "simulado_questions_simulado_id_position_pk" PRIMARY KEY("simulado_id","position")
);
--> statement-breakpoint
CREATE TABLE "simulados" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"study_group_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"title" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"opens_at" timestamp (3) with time zone NOT NULL,
	"closes_at" timestamp (3) with time zone NOT NULL,
	"show_ranking" boolean NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulados_duration_range" CHECK ("simulados"."duration_minutes" between 10 and 330),
	CONSTRAINT "simulados_window" CHECK ("simulados"."closes_at" > "simulados"."opens_at")
);
--> statement-breakpoint
ALTER TABLE "question_calibrations" ADD CONSTRAINT "question_calibrations_question_fk" FOREIGN KEY ("post_id","question_index") REFERENCES "public"."question_items"("post_id","question_index") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulado_answer_log" ADD CONSTRAINT "simulado_answer_log_attempt_id_simulado_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."simulado_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulado_answers" ADD CONSTRAINT "simulado_answers_attempt_id_simulado_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."simulado_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulado_attempts" ADD CONSTRAINT "simulado_attempts_simulado_id_simulados_id_fk" FOREIGN KEY ("simulado_id") REFERENCES "public"."simulados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulado_attempts" ADD CONSTRAINT "simulado_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulado_questions" ADD CONSTRAINT "simulado_questions_simulado_id_simulados_id_fk" FOREIGN KEY ("simulado_id") REFERENCES "public"."simulados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulados" ADD CONSTRAINT "simulados_study_group_id_study_groups_id_fk" FOREIGN KEY ("study_group_id") REFERENCES "public"."study_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulados" ADD CONSTRAINT "simulados_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "simulado_attempts_simulado_user_key" ON "simulado_attempts" USING btree ("simulado_id","user_id");--> statement-breakpoint
CREATE INDEX "simulado_attempts_live_idx" ON "simulado_attempts" USING btree ("simulado_id","ends_at") WHERE "simulado_attempts"."submitted_at" is null;--> statement-breakpoint
CREATE INDEX "simulado_attempts_unfinalized_idx" ON "simulado_attempts" USING btree ("ends_at") WHERE "simulado_attempts"."finalized_at" is null;--> statement-breakpoint
CREATE INDEX "simulado_attempts_user_open_idx" ON "simulado_attempts" USING btree ("user_id") WHERE "simulado_attempts"."finalized_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "simulado_questions_question_key" ON "simulado_questions" USING btree ("simulado_id","post_id","question_index");--> statement-breakpoint
CREATE INDEX "simulado_questions_post_idx" ON "simulado_questions" USING btree ("post_id","question_index");--> statement-breakpoint
CREATE INDEX "simulados_group_idx" ON "simulados" USING btree ("study_group_id","opens_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);