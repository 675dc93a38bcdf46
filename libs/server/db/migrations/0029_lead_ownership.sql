CREATE TABLE "lead_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"author_id" uuid,
	"author_name" text,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "buyer_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "late_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "follow_up_on" date;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "follow_up_reminded_on" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "away" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_events_lead_idx" ON "lead_events" USING btree ("lead_id","created_at");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_assignee_created_idx" ON "leads" USING btree ("assignee_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_buyer_idx" ON "leads" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "leads_follow_up_idx" ON "leads" USING btree ("follow_up_on") WHERE follow_up_on is not null;--> statement-breakpoint
-- The staff as other domains may read them: the user domain's published view (never a password or a second factor).
CREATE VIEW "staff_members" AS
  SELECT "id", "name", "email", "phone", "staff_role", ("deactivated_at" IS NULL) AS "active", "away"
  FROM "users" WHERE "role" = 1;--> statement-breakpoint
-- A deactivated salesperson's open leads go back to the pool, in the transaction that deactivates them.
CREATE FUNCTION "release_leads_of_deactivated_staff"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "leads" SET "assignee_id" = NULL WHERE "assignee_id" = NEW."id" AND "status" IN ('New', 'Contacted');
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_release_leads" AFTER UPDATE OF "deactivated_at" ON "users"
  FOR EACH ROW WHEN (OLD."deactivated_at" IS NULL AND NEW."deactivated_at" IS NOT NULL)
  EXECUTE FUNCTION "release_leads_of_deactivated_staff"();
