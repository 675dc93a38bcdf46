-- Issue 46: a delivered order's trade-in enters the stock as a draft car (the catalogue's car_drafts), from the car its trade-in request describes (the lead domain's published view trade_in_vehicles).
CREATE TABLE "car_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"offer_reference" text NOT NULL,
	"order_id" uuid NOT NULL,
	"title" text NOT NULL,
	"make" text,
	"model" text,
	"year" integer,
	"mileage" integer,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"purchase_kes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"listed_car_id" uuid
);
--> statement-breakpoint
ALTER TABLE "car_drafts" ADD CONSTRAINT "car_drafts_listed_car_id_cars_id_fk" FOREIGN KEY ("listed_car_id") REFERENCES "public"."cars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "car_drafts_offer_key" ON "car_drafts" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "car_drafts_open_idx" ON "car_drafts" USING btree ("created_at") WHERE closed_at is null;--> statement-breakpoint
-- The lead domain's published view of the car each trade-in request describes (never who sent it); empty once the request's personal fields are removed.
CREATE VIEW "trade_in_vehicles" AS
  SELECT "id" AS "lead_id",
    "details"->>'make' AS "make",
    "details"->>'model' AS "model",
    CASE jsonb_typeof("details"->'year') WHEN 'number' THEN round(("details"->>'year')::numeric)::integer END AS "year",
    CASE jsonb_typeof("details"->'mileage') WHEN 'number' THEN round(("details"->>'mileage')::numeric)::integer END AS "mileage",
    CASE jsonb_typeof("details"->'photos') WHEN 'array' THEN "details"->'photos' END AS "photos"
  FROM "leads" WHERE "kind" = 'trade-in' AND "anonymised_at" IS NULL AND "details" IS NOT NULL;
