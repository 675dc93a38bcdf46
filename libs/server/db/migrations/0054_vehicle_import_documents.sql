-- Issue 45: an import's papers, kept privately, shared with the buyer's tracking page when staff choose.
CREATE TABLE "vehicle_import_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"shared_with_buyer" boolean DEFAULT false NOT NULL,
	"uploaded_by" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicle_import_documents" ADD CONSTRAINT "vehicle_import_documents_import_id_vehicle_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."vehicle_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_import_documents_import_idx" ON "vehicle_import_documents" USING btree ("import_id","uploaded_at");