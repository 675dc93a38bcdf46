-- Issue 46: written trade-in offers, answered from a signed link, expired by a periodic job.
CREATE SEQUENCE "public"."trade_in_offer_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "trade_in_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text DEFAULT 'OFR-' || to_char(nextval('trade_in_offer_numbers'), 'FM999999900000') NOT NULL,
	"lead_id" uuid,
	"buyer_name" text NOT NULL,
	"buyer_phone" text NOT NULL,
	"buyer_email" text,
	"car" text NOT NULL,
	"amount_kes" integer NOT NULL,
	"conditions" text,
	"valid_until" date NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"answered_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "trade_in_offers_reference_key" ON "trade_in_offers" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "trade_in_offers_lead_idx" ON "trade_in_offers" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "trade_in_offers_open_idx" ON "trade_in_offers" USING btree ("valid_until") WHERE status = 'sent';