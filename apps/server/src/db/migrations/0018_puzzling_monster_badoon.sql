CREATE TABLE "group_announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"study_group_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"study_group_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp (3) with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"meeting_url" text NOT NULL,
	"reminded_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_classes_duration" CHECK ("group_classes"."duration_minutes" between 1 and 480)
);
--> statement-breakpoint
CREATE TABLE "group_invite_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"study_group_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"max_uses" integer,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"coupon_percent" smallint,
	"coupon_max_uses" integer,
	"coupon_uses_count" integer DEFAULT 0 NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_invite_links_coupon" CHECK ("group_invite_links"."coupon_percent" is null or "group_invite_links"."coupon_percent" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "group_invite_uses" (
	"link_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"used_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_invite_uses_link_id_user_id_pk" PRIMARY KEY("link_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "group_teachers" (
	"study_group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_teachers_study_group_id_user_id_pk" PRIMARY KEY("study_group_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "group_memberships" ADD COLUMN "removed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "group_memberships" ADD COLUMN "removed_by" uuid;--> statement-breakpoint
ALTER TABLE "group_memberships" ADD COLUMN "removal_reason" text;--> statement-breakpoint
ALTER TABLE "group_payments" ADD COLUMN "access_ends_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "group_payments" ADD COLUMN "coupon_percent" smallint;--> statement-breakpoint
ALTER TABLE "group_payments" ADD COLUMN "invite_link_id" uuid;--> statement-breakpoint
ALTER TABLE "group_payments" ADD COLUMN "refunded_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "group_payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "group_payments" ADD COLUMN "refund_ref" text;--> statement-breakpoint
ALTER TABLE "group_payments" ADD COLUMN "payment_intent_ref" text;--> statement-breakpoint
ALTER TABLE "group_announcements" ADD CONSTRAINT "group_announcements_study_group_id_study_groups_id_fk" FOREIGN KEY ("study_group_id") REFERENCES "public"."study_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_announcements" ADD CONSTRAINT "group_announcements_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_classes" ADD CONSTRAINT "group_classes_study_group_id_study_groups_id_fk" FOREIGN KEY ("study_group_id") REFERENCES "public"."study_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_classes" ADD CONSTRAINT "group_classes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invite_links" ADD CONSTRAINT "group_invite_links_study_group_id_study_groups_id_fk" FOREIGN KEY ("study_group_id") REFERENCES "public"."study_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invite_links" ADD CONSTRAINT "group_invite_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invite_uses" ADD CONSTRAINT "group_invite_uses_link_id_group_invite_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."group_invite_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invite_uses" ADD CONSTRAINT "group_invite_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_teachers" ADD CONSTRAINT "group_teachers_study_group_id_study_groups_id_fk" FOREIGN KEY ("study_group_id") REFERENCES "public"."study_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_teachers" ADD CONSTRAINT "group_teachers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_announcements_group_idx" ON "group_announcements" USING btree ("study_group_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "group_classes_group_idx" ON "group_classes" USING btree ("study_group_id","starts_at");--> statement-breakpoint
CREATE INDEX "group_classes_reminder_idx" ON "group_classes" USING btree ("starts_at") WHERE "group_classes"."reminded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "group_invite_links_code_key" ON "group_invite_links" USING btree ("code");--> statement-breakpoint
CREATE INDEX "group_invite_links_group_idx" ON "group_invite_links" USING btree ("study_group_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "group_invite_uses_user_idx" ON "group_invite_uses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "group_teachers_user_idx" ON "group_teachers" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "group_memberships" ADD CONSTRAINT "group_memberships_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;