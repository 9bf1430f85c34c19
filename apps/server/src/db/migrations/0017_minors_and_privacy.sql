CREATE TABLE "app_presence" (
	"user_id" uuid NOT NULL,
	"bucket" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "app_presence_user_id_bucket_pk" PRIMARY KEY("user_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "guardian_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teen_id" uuid NOT NULL,
	"study_group_id" uuid NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp (3) with time zone,
	"decided_by" uuid,
	"used_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "guardian_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teen_id" uuid NOT NULL,
	"guardian_id" uuid,
	"invited_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"accepted_at" timestamp (3) with time zone,
	"ended_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	"expires_at" timestamp (3) with time zone,
	"lease_until" timestamp (3) with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"file_name" text,
	"size_bytes" bigint
);
--> statement-breakpoint
CREATE TABLE "report_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid,
	"content_kind" text NOT NULL,
	"content_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"text" text NOT NULL,
	"media_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"data" jsonb,
	"content_created_at" timestamp (3) with time zone NOT NULL,
	"captured_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_payments" DROP CONSTRAINT "group_payments_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "reports_reporter_target_key";--> statement-breakpoint
ALTER TABLE "group_payments" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "hidden_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "erased_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "connection_requests" ADD COLUMN "kind" text DEFAULT 'connect' NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hidden_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "content_kind" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "content_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "contest_reason" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "contested_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "contest_status" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "contest_resolved_by" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "contest_resolved_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "contest_note" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_visibility" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "allow_adult_chat" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "discoverable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "privacy_floor" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deletion_scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_presence" ADD CONSTRAINT "app_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_approvals" ADD CONSTRAINT "guardian_approvals_teen_id_users_id_fk" FOREIGN KEY ("teen_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_approvals" ADD CONSTRAINT "guardian_approvals_study_group_id_study_groups_id_fk" FOREIGN KEY ("study_group_id") REFERENCES "public"."study_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_approvals" ADD CONSTRAINT "guardian_approvals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_teen_id_users_id_fk" FOREIGN KEY ("teen_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_guardian_id_users_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_evidence" ADD CONSTRAINT "report_evidence_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_presence_bucket_idx" ON "app_presence" USING btree ("bucket");--> statement-breakpoint
CREATE UNIQUE INDEX "guardian_approvals_open_key" ON "guardian_approvals" USING btree ("teen_id","study_group_id") WHERE "guardian_approvals"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "guardian_approvals_teen_idx" ON "guardian_approvals" USING btree ("teen_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "guardian_links_token_key" ON "guardian_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "guardian_links_pending_key" ON "guardian_links" USING btree ("teen_id") WHERE "guardian_links"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "guardian_links_active_key" ON "guardian_links" USING btree ("teen_id") WHERE "guardian_links"."status" = 'active';--> statement-breakpoint
CREATE INDEX "guardian_links_guardian_idx" ON "guardian_links" USING btree ("guardian_id") WHERE "guardian_links"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_running_key" ON "data_exports" USING btree ("user_id") WHERE "data_exports"."status" in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "data_exports_status_idx" ON "data_exports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "report_evidence_report_idx" ON "report_evidence" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "report_evidence_content_idx" ON "report_evidence" USING btree ("content_kind","content_id");--> statement-breakpoint
ALTER TABLE "group_payments" ADD CONSTRAINT "group_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_contest_resolved_by_users_id_fk" FOREIGN KEY ("contest_resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_reporter_content_key" ON "reports" USING btree ("reporter_id","content_kind","content_id") WHERE "reports"."content_id" is not null;--> statement-breakpoint
CREATE INDEX "reports_content_idx" ON "reports" USING btree ("content_kind","content_id");--> statement-breakpoint
CREATE INDEX "reports_contest_idx" ON "reports" USING btree ("contest_status") WHERE "reports"."contest_status" = 'pending';--> statement-breakpoint
CREATE INDEX "users_deletion_due_idx" ON "users" USING btree ("deletion_scheduled_for") WHERE "users"."deletion_scheduled_for" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_reporter_target_key" ON "reports" USING btree ("reporter_id","target_id") WHERE "reports"."content_kind" = 'user';