-- Issue 21 search: Portuguese words without accents ('derivadas' finds 'Derivada', 'acao' finds 'ação').
-- A text search configuration of our own: Portuguese stemming after unaccent (decision 033).
CREATE TEXT SEARCH CONFIGURATION "estudai_pt" (COPY = pg_catalog.portuguese);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION "estudai_pt"
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, portuguese_stem;--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin (to_tsvector('estudai_pt'::regconfig, "content"));
