CREATE TABLE "whatsapp_inbound" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lead_events" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "lead_events" ADD COLUMN "message_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "template" jsonb;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "delivery_status" text;--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_pending_idx" ON "whatsapp_inbound" USING btree ("received_at") WHERE processed_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_events_external_id_key" ON "lead_events" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_provider_idx" ON "outbox_messages" USING btree ("provider_id") WHERE channel = 'whatsapp';--> statement-breakpoint
-- The catalogue's published view gains what a WhatsApp message and a quick reply need (columns added at the end, as CREATE OR REPLACE VIEW requires).
CREATE OR REPLACE VIEW "car_refs" AS
  SELECT "id", "name", "slug", "stock_number", "price" FROM "cars";
