ALTER TABLE "leads" ADD COLUMN "kind" text DEFAULT 'enquiry' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "phone" text NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "message" text NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "car_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "preferred_date" date;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "status" text DEFAULT 'New' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_status_created_idx" ON "leads" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_kind_created_idx" ON "leads" USING btree ("kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_new_idx" ON "leads" USING btree ("id") WHERE status = 'New';