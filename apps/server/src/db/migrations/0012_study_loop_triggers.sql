-- The question bank (issue 19), kept by the database itself so that every way a post is made (the
-- API, seeds, benches, scripts) fills it: one question_items row per question of a question post
-- or a quiz, and each question's community counters moved with every first answer.
--
-- estudai_fold is the folding of lib/search-text.ts foldForSearch done in SQL (lower case, no
-- accents, single spaces); the bank folds each search word with it too, so stored text and query
-- always fold alike whatever unaccent's rules on this server.
CREATE OR REPLACE FUNCTION estudai_fold(value text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT btrim(regexp_replace(lower(unaccent(coalesce(value, ''))), '\s+', ' ', 'g'))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION estudai_question_items_of(posts_json jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO question_items (post_id, question_index, author_id, study_group_id, subject, topic, topic_key,
                              exam, year, correct_answer, search_text, created_at)
  SELECT p.id, q.idx, p.author_id, p.study_group_id, nullif(q.item->>'subject', ''),
         nullif(btrim(q.item->>'topic'), ''), nullif(estudai_fold(q.item->>'topic'), ''),
         nullif(q.item->>'exam', ''), (q.item->>'year')::int, (q.item->>'correctAnswer')::int,
         estudai_fold(concat_ws(' ', q.item->>'question', q.item->>'topic')), p.created_at
  FROM jsonb_to_recordset(posts_json) AS p(id uuid, author_id uuid, study_group_id uuid, type text,
                                           question_data jsonb, question_set_data jsonb, created_at timestamptz)
  CROSS JOIN LATERAL (
    SELECT p.question_data AS item, 0 AS idx WHERE p.type = 'question' AND p.question_data IS NOT NULL
    UNION ALL
    SELECT e.item, (e.ord - 1)::int FROM jsonb_array_elements(
      CASE WHEN p.type = 'question_set' THEN p.question_set_data->'questions' ELSE '[]'::jsonb END
    ) WITH ORDINALITY AS e(item, ord)
  ) AS q
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION estudai_posts_question_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM estudai_question_items_of((
    SELECT coalesce(jsonb_agg(to_jsonb(n)), '[]'::jsonb) FROM inserted n WHERE n.type IN ('question', 'question_set')
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_question_items AFTER INSERT ON posts REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION estudai_posts_question_items();
--> statement-breakpoint
SELECT estudai_question_items_of((
  SELECT coalesce(jsonb_agg(to_jsonb(p)), '[]'::jsonb) FROM posts p WHERE p.type IN ('question', 'question_set')
));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION estudai_post_answers_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE question_items SET answers_count = answers_count + 1, correct_count = correct_count + NEW.is_correct::int
    WHERE post_id = NEW.post_id AND question_index = NEW.question_index;
  ELSE
    UPDATE question_items SET answers_count = answers_count - 1, correct_count = correct_count - OLD.is_correct::int
    WHERE post_id = OLD.post_id AND question_index = OLD.question_index;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER post_answers_count AFTER INSERT OR DELETE ON post_answers
FOR EACH ROW EXECUTE FUNCTION estudai_post_answers_count();
--> statement-breakpoint
-- Quiz attempts made before the bank: each user's first attempt becomes their first answers.
INSERT INTO post_answers (post_id, user_id, question_index, option_index, is_correct, via_attempt, created_at)
SELECT DISTINCT ON (a.post_id, a.user_id, e.ord) a.post_id, a.user_id, (e.ord - 1)::int, e.opt,
       e.opt = qi.correct_answer, true, a.created_at
FROM quiz_attempts a
CROSS JOIN LATERAL unnest(a.answers) WITH ORDINALITY AS e(opt, ord)
JOIN question_items qi ON qi.post_id = a.post_id AND qi.question_index = e.ord - 1
ORDER BY a.post_id, a.user_id, e.ord, a.created_at, a.id
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE question_items qi SET
  answers_count = (SELECT count(*) FROM post_answers a WHERE a.post_id = qi.post_id AND a.question_index = qi.question_index),
  correct_count = (SELECT count(*) FROM post_answers a WHERE a.post_id = qi.post_id AND a.question_index = qi.question_index AND a.is_correct);
