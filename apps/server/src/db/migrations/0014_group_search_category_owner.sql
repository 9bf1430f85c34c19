-- A group search also matches the group's category and its owner's name (groups.service.ts
-- groupSearchText); rows written before keep their text and gain those two, folded the same way.
UPDATE "study_groups" AS g
SET "search_text" = trim(regexp_replace(
  g."search_text" || ' ' || g."category" || ' ' || lower(unaccent(u."display_name")),
  '\s+', ' ', 'g'))
FROM "users" AS u
WHERE u."id" = g."owner_id";
