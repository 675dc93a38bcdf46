ALTER TYPE "public"."fuel_type" ADD VALUE 'Hybrid';--> statement-breakpoint
ALTER TYPE "public"."fuel_type" ADD VALUE 'Plug-in Hybrid';--> statement-breakpoint
ALTER TYPE "public"."fuel_type" ADD VALUE 'Electric';--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "exterior_colour" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "interior_colour" text;--> statement-breakpoint
-- Stock numbers: existing cars are numbered in the order they were added (ST-00001, ST-00002 ...);
-- a car saved without one takes the sequence's next number that no car holds (staff may have typed
-- it), so the default never collides with a number given by hand.
CREATE SEQUENCE "car_stock_number_seq";--> statement-breakpoint
CREATE FUNCTION car_next_stock_number() RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  candidate text;
BEGIN
  LOOP
    n := nextval('car_stock_number_seq');
    candidate := 'ST-' || lpad(n::text, greatest(5, length(n::text)), '0');
    EXIT WHEN NOT EXISTS (SELECT 1 FROM cars WHERE stock_number = candidate);
  END LOOP;
  RETURN candidate;
END
$$;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "stock_number" text;--> statement-breakpoint
UPDATE "cars" SET "stock_number" = 'ST-' || lpad(numbered.n::text, greatest(5, length(numbered.n::text)), '0')
  FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM "cars") AS numbered
  WHERE "cars"."id" = numbered.id;--> statement-breakpoint
SELECT setval('car_stock_number_seq', greatest((SELECT count(*) FROM "cars"), 1), (SELECT count(*) FROM "cars") > 0);--> statement-breakpoint
ALTER TABLE "cars" ALTER COLUMN "stock_number" SET DEFAULT car_next_stock_number();--> statement-breakpoint
ALTER TABLE "cars" ALTER COLUMN "stock_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "chassis_number" text;--> statement-breakpoint
CREATE UNIQUE INDEX "cars_stock_number_key" ON "cars" USING btree ("stock_number");