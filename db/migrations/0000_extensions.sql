-- Diacritic-insensitive, typo-tolerant search: "giap" finds "Giáp", "dao" finds "Đao".
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- unaccent() is only STABLE (it reads a dictionary by name); an IMMUTABLE wrapper with the
-- dictionary fixed can back expression indexes such as gin (f_unaccent(name) gin_trgm_ops).
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
