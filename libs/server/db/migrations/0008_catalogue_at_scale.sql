DROP INDEX "cars_brand_created_idx";--> statement-breakpoint
DROP INDEX "cars_price_idx";--> statement-breakpoint
DROP INDEX "cars_created_at_idx";--> statement-breakpoint
DROP INDEX "cars_year_idx";--> statement-breakpoint
DROP INDEX "cars_mileage_idx";--> statement-breakpoint
DROP INDEX "cars_featured_created_idx";--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "cars_listed_created_idx" ON "cars" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status <> 'Sold';--> statement-breakpoint
CREATE INDEX "cars_brand_created_idx" ON "cars" USING btree ("brand_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cars_price_idx" ON "cars" USING btree ("price","id") WHERE status <> 'Sold';--> statement-breakpoint
CREATE INDEX "cars_created_at_idx" ON "cars" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cars_year_idx" ON "cars" USING btree ("year" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status <> 'Sold';--> statement-breakpoint
CREATE INDEX "cars_mileage_idx" ON "cars" USING btree ("mileage","id") WHERE status <> 'Sold';--> statement-breakpoint
CREATE INDEX "cars_featured_created_idx" ON "cars" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE featured AND status <> 'Sold';--> statement-breakpoint
-- search_text: what the catalogue search matches (name, body type, brand name; lower-cased; fields
-- separated by U+001F, which search text cannot hold, so a match never spans two fields). Kept here
-- by triggers rather than by the app, so every write keeps it: the services, fixtures and seeding
-- scripts that insert rows directly, the brand FK's ON DELETE SET NULL, and a brand's rename (its
-- cars are refreshed in the rename's own transaction, with no brand-server -> car-server call).
CREATE FUNCTION car_search_text(car_name text, body_type text, brand_name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(car_name || chr(31) || coalesce(body_type, '') || chr(31) || coalesce(brand_name, '')) $$;
--> statement-breakpoint
CREATE FUNCTION cars_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := car_search_text(NEW.name, NEW.body_type::text, (SELECT b.name FROM brands b WHERE b.id = NEW.brand_id));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cars_search_text_trg BEFORE INSERT OR UPDATE OF name, body_type, brand_id, search_text ON cars
  FOR EACH ROW EXECUTE FUNCTION cars_set_search_text();
--> statement-breakpoint
CREATE FUNCTION brands_refresh_cars_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Setting brand_id to itself runs cars_search_text_trg, the one place that composes the text.
  UPDATE cars SET brand_id = brand_id WHERE brand_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER brands_search_text_trg AFTER UPDATE OF name ON brands
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION brands_refresh_cars_search_text();
--> statement-breakpoint
UPDATE cars SET brand_id = brand_id;
--> statement-breakpoint
-- One trigram index serves the whole search (ILIKE '%text%' on search_text); the name-only one it
-- replaces goes. As in 0001, only where pg_trgm is available (without it the search still works).
DROP INDEX IF EXISTS cars_name_trgm_idx;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS cars_search_trgm_idx ON cars USING gin (search_text gin_trgm_ops);
  END IF;
END
$$;
