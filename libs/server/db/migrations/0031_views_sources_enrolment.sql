CREATE TABLE "car_daily_views" (
	"car_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "car_daily_views_car_id_day_pk" PRIMARY KEY("car_id","day")
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "source_page" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "enrolment_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "car_daily_views" ADD CONSTRAINT "car_daily_views_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_daily_views_day_idx" ON "car_daily_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "leads_car_created_idx" ON "leads" USING btree ("car_id","created_at");--> statement-breakpoint
-- The lead domain's published view of when each car's leads came (the catalogue's most-viewed report).
CREATE VIEW "car_leads" AS
  SELECT "car_id", "created_at" FROM "leads" WHERE "car_id" IS NOT NULL;
