-- Issue 44: certificates (PDF or picture) kept in the database, private unless staff publish them;
-- the media-store picture the column named is dropped (the column landed with no certificate in any seed).
CREATE TABLE "inspection_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "car_inspections" ADD COLUMN "certificate_id" uuid;--> statement-breakpoint
ALTER TABLE "car_inspections" ADD CONSTRAINT "car_inspections_certificate_id_inspection_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."inspection_certificates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_inspections_certificate_idx" ON "car_inspections" USING btree ("certificate_id");--> statement-breakpoint
ALTER TABLE "car_inspections" DROP COLUMN "certificate";