-- Counters and the viewer-independent relevance of study groups, kept by the database itself so
-- that every path (joins, payments, seeds, ratings, edits) keeps them right. The formula mirrors
-- popularityPoints + ratingPoints in apps/server/src/features/groups/relevance.ts (a test compares
-- them); counters move by deltas, which stay exact under concurrent transactions.
CREATE OR REPLACE FUNCTION estudai_group_base_score(members integer, max_members integer, ratings_sum integer, ratings_count integer)
RETURNS double precision LANGUAGE sql IMMUTABLE AS $$
  SELECT 12::float8 * least(1::float8, ln(1 + greatest(members, 0)::float8) / ln(201::float8))
       + 8::float8 * (CASE WHEN max_members > 0 THEN least(1::float8, greatest(members, 0)::float8 / max_members::float8) ELSE 0::float8 END)
       + (CASE WHEN ratings_count > 0
           THEN 10::float8 * ((ratings_sum::float8 / ratings_count::float8) / 5) * least(1::float8, ratings_count::float8 / 5)
           ELSE 0::float8 END)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION estudai_study_groups_base_score() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.base_score := estudai_group_base_score(NEW.members_count, NEW.max_members, NEW.ratings_sum, NEW.ratings_count);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER study_groups_base_score BEFORE INSERT OR UPDATE ON study_groups
FOR EACH ROW EXECUTE FUNCTION estudai_study_groups_base_score();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION estudai_group_memberships_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'active' THEN
    UPDATE study_groups SET members_count = members_count - 1 WHERE id = OLD.study_group_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'active' THEN
    UPDATE study_groups SET members_count = members_count + 1 WHERE id = NEW.study_group_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER group_memberships_count AFTER INSERT OR DELETE OR UPDATE OF status, study_group_id ON group_memberships
FOR EACH ROW EXECUTE FUNCTION estudai_group_memberships_count();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION estudai_group_ratings_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE study_groups SET ratings_count = ratings_count - 1, ratings_sum = ratings_sum - OLD.rating
    WHERE id = OLD.study_group_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE study_groups SET ratings_count = ratings_count + 1, ratings_sum = ratings_sum + NEW.rating
    WHERE id = NEW.study_group_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER group_ratings_count AFTER INSERT OR DELETE OR UPDATE ON group_ratings
FOR EACH ROW EXECUTE FUNCTION estudai_group_ratings_count();
--> statement-breakpoint
UPDATE study_groups g SET
  members_count = (SELECT count(*) FROM group_memberships m WHERE m.study_group_id = g.id AND m.status = 'active'),
  ratings_count = (SELECT count(*) FROM group_ratings r WHERE r.study_group_id = g.id),
  ratings_sum = coalesce((SELECT sum(r.rating) FROM group_ratings r WHERE r.study_group_id = g.id), 0);
