ALTER TABLE "question_calibrations" ADD COLUMN "subject" text;--> statement-breakpoint
CREATE INDEX "question_calibrations_subject_b_idx" ON "question_calibrations" USING btree ("subject","b");--> statement-breakpoint
CREATE INDEX "question_calibrations_b_idx" ON "question_calibrations" USING btree ("b");--> statement-breakpoint
CREATE INDEX "question_items_share_idx" ON "question_items" USING btree ("subject",("correct_count"::float8 / nullif("answers_count", 0)),"post_id","question_index");--> statement-breakpoint
CREATE INDEX "question_items_any_share_idx" ON "question_items" USING btree (("correct_count"::float8 / nullif("answers_count", 0)),"post_id","question_index");--> statement-breakpoint
-- A calibration carries its question's subject (practice walks one subject's items by difficulty).
CREATE OR REPLACE FUNCTION estudai_calibration_subject() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.subject := (SELECT subject FROM question_items
                  WHERE post_id = NEW.post_id AND question_index = NEW.question_index);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER question_calibrations_subject BEFORE INSERT OR UPDATE ON question_calibrations
FOR EACH ROW EXECUTE FUNCTION estudai_calibration_subject();
--> statement-breakpoint
UPDATE question_calibrations c SET subject = q.subject
FROM question_items q WHERE q.post_id = c.post_id AND q.question_index = c.question_index;
