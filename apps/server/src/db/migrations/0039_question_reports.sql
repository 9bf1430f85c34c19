CREATE TABLE "question_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"question_index" integer DEFAULT 0 NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"closed_at" timestamp (3) with time zone,
	"outcome" text,
	CONSTRAINT "question_reports_text_length" CHECK (char_length("question_reports"."text") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "question_items" ADD COLUMN "status" text DEFAULT 'ativa' NOT NULL;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_question_fk" FOREIGN KEY ("post_id","question_index") REFERENCES "public"."question_items"("post_id","question_index") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_reports_open_idx" ON "question_reports" USING btree ("post_id","question_index") WHERE "question_reports"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "question_reports_reporter_idx" ON "question_reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
-- A key correction (issue 40, features/study/question-reports.service.ts) writes the new key into the
-- post's JSON: that is no edit, and must not rebuild the bank's rows (migration 0019), which would take
-- the answers' caderno entries, resolutions and reports along. The rows are rebuilt only when the
-- questions changed in something other than their keys; the correction updates the row itself.
CREATE OR REPLACE FUNCTION estudai_questions_without_keys(question_data jsonb, question_set_data jsonb)
RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(
    question_data - 'correctAnswer',
    question_set_data - 'questions',
    (SELECT coalesce(jsonb_agg(e.item - 'correctAnswer' ORDER BY e.ord), '[]'::jsonb)
     FROM jsonb_array_elements(coalesce(question_set_data->'questions', '[]'::jsonb)) WITH ORDINALITY AS e(item, ord))
  )
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION estudai_posts_question_items_edited() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF estudai_questions_without_keys(OLD.question_data, OLD.question_set_data)
     IS NOT DISTINCT FROM estudai_questions_without_keys(NEW.question_data, NEW.question_set_data) THEN
    RETURN NULL;
  END IF;
  DELETE FROM question_items WHERE post_id = NEW.id;
  PERFORM estudai_question_items_of(jsonb_build_array(to_jsonb(NEW)));
  RETURN NULL;
END
$$;
