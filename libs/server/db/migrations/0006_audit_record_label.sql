ALTER TABLE "audit_events" ADD COLUMN "record_label" text;--> statement-breakpoint
-- Events recorded before the column: the name they changed, when they changed one.
UPDATE "audit_events" SET "record_label" = COALESCE("changes"->'name'->>'after', "changes"->'name'->>'before') WHERE "record_label" IS NULL;
