-- Case-insensitive substring search on car and brand names (ILIKE '%text%') uses trigram
-- indexes where pg_trgm is available (PGlite loads it; Debian's PostgreSQL ships it).
-- Without it the search still works, on the plain lower(name) indexes.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS cars_name_trgm_idx ON cars USING gin (name gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS brands_name_trgm_idx ON brands USING gin (name gin_trgm_ops);
  END IF;
END
$$;
