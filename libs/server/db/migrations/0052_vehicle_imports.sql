-- Issue 45: imports on behalf of buyers, their milestones, arrival estimates and payments.
CREATE SEQUENCE "public"."vehicle_import_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "vehicle_import_arrival_estimates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"estimated_arrival" date NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_import_milestones" (
	"import_id" uuid NOT NULL,
	"milestone" text NOT NULL,
	"occurred_on" date NOT NULL,
	"fields" jsonb NOT NULL,
	"staff_note" text,
	"recorded_by" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"corrected_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vehicle_import_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"amount_kes" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"received_on" date NOT NULL,
	"recorded_by" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text DEFAULT 'IMP-' || to_char(nextval('vehicle_import_numbers'), 'FM999999900000') NOT NULL,
	"lead_id" uuid,
	"buyer_user_id" uuid,
	"buyer_name" text NOT NULL,
	"buyer_phone" text NOT NULL,
	"buyer_email" text,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year_of_manufacture" integer NOT NULL,
	"year_of_first_registration" integer NOT NULL,
	"chassis_number" text NOT NULL,
	"auction_house" text,
	"auction_lot" text,
	"auction_grade" text,
	"right_hand_drive" boolean DEFAULT true NOT NULL,
	"export_certificate_km" integer,
	"purchase_currency" text NOT NULL,
	"purchase_price" double precision,
	"exchange_rate" double precision,
	"agreed_price_kes" integer NOT NULL,
	"deposit_kes" integer DEFAULT 0 NOT NULL,
	"expected_arrival" date NOT NULL,
	"stage" text,
	"stage_on" date,
	"staff_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicle_import_arrival_estimates" ADD CONSTRAINT "vehicle_import_arrival_estimates_import_id_vehicle_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."vehicle_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_import_milestones" ADD CONSTRAINT "vehicle_import_milestones_import_id_vehicle_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."vehicle_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_import_payments" ADD CONSTRAINT "vehicle_import_payments_import_id_vehicle_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."vehicle_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_imports" ADD CONSTRAINT "vehicle_imports_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_import_arrival_estimates_import_idx" ON "vehicle_import_arrival_estimates" USING btree ("import_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_import_milestones_key" ON "vehicle_import_milestones" USING btree ("import_id","milestone");--> statement-breakpoint
CREATE INDEX "vehicle_import_payments_import_idx" ON "vehicle_import_payments" USING btree ("import_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_imports_reference_key" ON "vehicle_imports" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "vehicle_imports_stage_idx" ON "vehicle_imports" USING btree ("stage");--> statement-breakpoint
CREATE INDEX "vehicle_imports_buyer_user_idx" ON "vehicle_imports" USING btree ("buyer_user_id");--> statement-breakpoint
CREATE INDEX "vehicle_imports_buyer_phone_idx" ON "vehicle_imports" USING btree ("buyer_phone");