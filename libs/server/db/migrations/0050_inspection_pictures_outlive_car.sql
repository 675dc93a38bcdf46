ALTER TABLE "car_inspections" DROP CONSTRAINT "car_inspections_car_id_cars_id_fk";
--> statement-breakpoint
ALTER TABLE "car_inspections" ALTER COLUMN "car_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "car_inspections" ADD CONSTRAINT "car_inspections_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE set null ON UPDATE no action;