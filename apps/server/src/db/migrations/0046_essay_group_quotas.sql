CREATE TABLE "essay_group_quotas" (
	"group_id" uuid PRIMARY KEY NOT NULL,
	"monthly_quota" integer NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "essay_group_quotas_positive" CHECK ("essay_group_quotas"."monthly_quota" > 0)
);
--> statement-breakpoint
ALTER TABLE "essay_group_quotas" ADD CONSTRAINT "essay_group_quotas_group_id_study_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."study_groups"("id") ON DELETE cascade ON UPDATE no action;