CREATE TABLE "car_spin_frames" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"car_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"public_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "car_spin_frames" ADD CONSTRAINT "car_spin_frames_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "car_spin_frames_car_position_key" ON "car_spin_frames" USING btree ("car_id","position");--> statement-breakpoint
CREATE INDEX "car_spin_frames_public_id_idx" ON "car_spin_frames" USING btree ("public_id");--> statement-breakpoint
-- A spin frame is held by its car like a picture: media never sweeps it, no other car or brand takes it.
CREATE OR REPLACE VIEW "picture_holders" AS
  SELECT "public_id", 'car'::text AS "owner", "car_id" AS "owner_id" FROM "car_images"
  UNION ALL
  SELECT "public_id", 'brand'::text AS "owner", "brand_id" AS "owner_id" FROM "brand_images"
  UNION ALL
  SELECT "public_id", 'car'::text AS "owner", "car_id" AS "owner_id" FROM "car_spin_frames";
