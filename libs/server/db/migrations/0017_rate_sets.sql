ALTER TABLE "settings" ALTER COLUMN "name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "preferred_time" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "effective_from" date;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "duty" jsonb;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "finance" jsonb;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "note" text;--> statement-breakpoint
CREATE UNIQUE INDEX "settings_effective_from_key" ON "settings" USING btree ("effective_from");