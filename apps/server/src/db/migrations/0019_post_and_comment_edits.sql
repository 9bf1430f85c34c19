ALTER TABLE "comments" ADD COLUMN "edited_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "edited_at" timestamp (3) with time zone;--> statement-breakpoint
-- An author may change a question's or a quiz's questions while nobody has answered them
-- (features/posts/post-edit.service.ts): the bank's rows (migration 0012) are rebuilt from the new JSON.
CREATE OR REPLACE FUNCTION estudai_posts_question_items_edited() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM question_items WHERE post_id = NEW.id;
  PERFORM estudai_question_items_of(jsonb_build_array(to_jsonb(NEW)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_question_items_edited AFTER UPDATE OF question_data, question_set_data ON posts
FOR EACH ROW WHEN (NEW.type IN ('question', 'question_set')
  AND (OLD.question_data IS DISTINCT FROM NEW.question_data
    OR OLD.question_set_data IS DISTINCT FROM NEW.question_set_data))
EXECUTE FUNCTION estudai_posts_question_items_edited();
