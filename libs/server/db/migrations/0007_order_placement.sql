CREATE TYPE "public"."payment_method" AS ENUM('reservation', 'card');--> statement-breakpoint
-- Orders from before reservations were card orders: they get 'card'; new rows always name their method.
ALTER TABLE "orders" ADD COLUMN "payment_method" "payment_method" DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "payment_method" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contact_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_buyer_idempotency_key" ON "orders" USING btree ("buyer_id","idempotency_key") WHERE "orders"."idempotency_key" is not null;