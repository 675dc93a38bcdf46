-- Issue 46: what each car cost the dealer, line by line (owners only; never in a public read model).
CREATE TABLE "car_costs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"car_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"currency" text DEFAULT 'KES' NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"exchange_rate" numeric(14, 6),
	"amount_kes" integer NOT NULL,
	"supplier" text,
	"receipt" text,
	"recorded_by" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "car_costs" ADD CONSTRAINT "car_costs_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_costs_car_idx" ON "car_costs" USING btree ("car_id");