ALTER TABLE "orders" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_hold_expires_idx" ON "orders" USING btree ("hold_expires_at") WHERE "orders"."hold_expires_at" is not null;