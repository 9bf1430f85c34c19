CREATE TABLE "moderation_appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp (3) with time zone,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "moderation_enforcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"rule" text NOT NULL,
	"item_type" text NOT NULL,
	"item_id" text,
	"report_id" uuid,
	"moderator_id" uuid,
	"strike" boolean DEFAULT false NOT NULL,
	"strike_expires_at" timestamp (3) with time zone,
	"ends_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"reversed_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "limited_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_action_id_moderation_enforcements_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."moderation_enforcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_enforcements" ADD CONSTRAINT "moderation_enforcements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_enforcements" ADD CONSTRAINT "moderation_enforcements_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_enforcements" ADD CONSTRAINT "moderation_enforcements_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_appeals_action_key" ON "moderation_appeals" USING btree ("action_id");--> statement-breakpoint
CREATE INDEX "moderation_appeals_pending_idx" ON "moderation_appeals" USING btree ("created_at") WHERE "moderation_appeals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "moderation_enforcements_user_idx" ON "moderation_enforcements" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_enforcements_report_idx" ON "moderation_enforcements" USING btree ("report_id");--> statement-breakpoint
-- Issue 43: the moderation log is append-only. The app has no path that updates or deletes it, and
-- the database refuses one too; the only changes let through are those of erasing a person (LGPD):
-- rows whose report or target is gone (cascades), and the moderator's id set to null once their
-- account is gone (docs/decisions/050).
CREATE FUNCTION moderation_actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM reports WHERE id = OLD.report_id)
      OR NOT EXISTS (SELECT 1 FROM users WHERE id = OLD.target_id) THEN
      RETURN OLD;
    END IF;
  ELSIF NEW.admin_id IS NULL AND OLD.admin_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM users WHERE id = OLD.admin_id)
    AND (NEW.id, NEW.report_id, NEW.target_id, NEW.action, NEW.note, NEW.created_at)
      IS NOT DISTINCT FROM (OLD.id, OLD.report_id, OLD.target_id, OLD.action, OLD.note, OLD.created_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'moderation_actions is append-only' USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER moderation_actions_append_only BEFORE UPDATE OR DELETE ON moderation_actions
  FOR EACH ROW EXECUTE FUNCTION moderation_actions_append_only();
