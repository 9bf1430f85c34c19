-- Issue 36: plurals find singulars and back in post search. PostgreSQL's Portuguese stemmer does not
-- join them once unaccent has run ('funções' → 'funco', 'função' → 'funca'; 'integrais' → 'integr',
-- 'integral' → 'integral'), so both the posts' text and the query go through estudai_singular first,
-- which turns the regular plural endings into the singular's: -ões/-ães/-ãos (and unaccented
-- -oes/-aos) → -ão, -ais → -al, -veis → -vel, -éis → -el, -óis → -ol, -eis → -il. A word must keep
-- two or three letters before the ending ('mães', 'caos', 'pais', 'seis' are left alone). Capitals
-- with accents are lowered by translate() so the result does not depend on the database's locale.
CREATE OR REPLACE FUNCTION estudai_singular(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
    lower(translate(value, 'ÁÀÂÃÉÊÍÓÔÕÚÇ', 'áàâãéêíóôõúç')),
    '([a-zà-öø-ÿ]{2,})(õe|oe|ãe|ão|ao)s(?![a-zà-öø-ÿ])', '\1ão', 'g'),
    '([a-zà-öø-ÿ]{3,})ais(?![a-zà-öø-ÿ])', '\1al', 'g'),
    '([a-zà-öø-ÿ]{2,})veis(?![a-zà-öø-ÿ])', '\1vel', 'g'),
    '([a-zà-öø-ÿ]{2,})éis(?![a-zà-öø-ÿ])', '\1el', 'g'),
    '([a-zà-öø-ÿ]{2,})óis(?![a-zà-öø-ÿ])', '\1ol', 'g'),
    '([a-zà-öø-ÿ]{2,})eis(?![a-zà-öø-ÿ])', '\1il', 'g')
$$;--> statement-breakpoint
DROP INDEX IF EXISTS "posts_search_idx";--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin (to_tsvector('estudai_pt'::regconfig, estudai_singular("content")));
