ALTER TABLE "testimonials" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "car_name" text;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "quote" text NOT NULL;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "rating" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "testimonials_published_created_idx" ON "testimonials" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE published;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_rating_check" CHECK ("testimonials"."rating" between 1 and 5);--> statement-breakpoint
-- The testimonial of the about page, so /testimonials starts with the dealer's own (the staff may edit or unpublish it).
INSERT INTO "testimonials" ("name", "location", "car_name", "quote", "rating", "published") VALUES ('Amina W.', 'Nyali, Mombasa', 'Toyota Harrier', 'I bought a foreign-used Toyota Harrier through them. They sent me photos and the inspection report before I paid a shilling, cleared the car at the port and had it at my door within the week they promised. The price we agreed was the price I paid.', 5, true);
