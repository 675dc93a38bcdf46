-- Column names in the domain's own words; the legacy names live only in the REST mappers.
-- Renames keep every row: an installation migrated from 0001 loses nothing.
ALTER TABLE "cars" RENAME COLUMN "yom" TO "year";--> statement-breakpoint
ALTER TABLE "cars" RENAME COLUMN "seater" TO "seats";--> statement-breakpoint
ALTER TABLE "cars" RENAME COLUMN "accelaration" TO "acceleration_seconds";--> statement-breakpoint
ALTER TABLE "cars" RENAME COLUMN "ground_clearance" TO "ground_clearance_mm";--> statement-breakpoint
ALTER TABLE "cars" RENAME COLUMN "fuel_tank" TO "fuel_tank_litres";--> statement-breakpoint
ALTER INDEX "cars_yom_idx" RENAME TO "cars_year_idx";
