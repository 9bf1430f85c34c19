-- Accent-insensitive Portuguese search (groups, videos) and fuzzy matching.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
