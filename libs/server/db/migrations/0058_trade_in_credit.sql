-- Issue 46: an accepted trade-in offer credited to an order at checkout, and who accepted it signed in.
ALTER TABLE "orders" ADD COLUMN "trade_in_offer_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "trade_in_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "trade_in_credit_kes" integer;--> statement-breakpoint
ALTER TABLE "trade_in_offers" ADD COLUMN "accepted_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "trade_in_offers" ADD COLUMN "used_by_order_id" uuid;