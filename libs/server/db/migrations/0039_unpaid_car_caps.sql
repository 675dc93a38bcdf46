ALTER TABLE "settings" ALTER COLUMN "reservation" SET DEFAULT '{"deposit":{"kind":"fixed","amount":50000},"paidHoldDays":14,"unpaidHoldHours":48,"reminderHoursBeforeExpiry":6,"maxUnpaidPerBuyer":2,"maxUnpaidCarsPerBuyer":3,"maxUnpaidCarsPerAddress":6}'::jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_from" text;--> statement-breakpoint
CREATE INDEX "orders_unpaid_placed_from_idx" ON "orders" USING btree ("placed_from") WHERE "orders"."placed_from" is not null and "orders"."deposit_paid_at" is null;--> statement-breakpoint
-- The rate sets stored before the car caps take the defaults (a set that has them keeps its own).
UPDATE "settings" SET "reservation" = '{"maxUnpaidCarsPerBuyer":3,"maxUnpaidCarsPerAddress":6}'::jsonb || "reservation";
