CREATE TABLE "car_price_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"car_id" uuid NOT NULL,
	"old_price" integer NOT NULL,
	"new_price" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "price_reduced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "price_reduced_by" integer;--> statement-breakpoint
ALTER TABLE "car_price_changes" ADD CONSTRAINT "car_price_changes_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_price_changes_car_idx" ON "car_price_changes" USING btree ("car_id","changed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cars_listed_reduced_idx" ON "cars" USING btree ("price_reduced_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status <> 'Sold' AND price_reduced_at IS NOT NULL;