-- Issue 45: M-Pesa requests for another domain's payable (an import's deposit or balance) beside orders' deposits; the settings default gains 0058's tradeInOfferValidDays.
ALTER TABLE "mpesa_payments" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "reservation" SET DEFAULT '{"deposit":{"kind":"fixed","amount":50000},"paidHoldDays":14,"unpaidHoldHours":48,"reminderHoursBeforeExpiry":6,"maxUnpaidPerBuyer":2,"maxUnpaidCarsPerBuyer":3,"maxUnpaidCarsPerAddress":6,"tradeInOfferValidDays":7}'::jsonb;--> statement-breakpoint
ALTER TABLE "mpesa_payments" ADD COLUMN "payable_kind" text;--> statement-breakpoint
ALTER TABLE "mpesa_payments" ADD COLUMN "payable_id" uuid;--> statement-breakpoint
CREATE INDEX "mpesa_payments_payable_idx" ON "mpesa_payments" USING btree ("payable_kind","payable_id","created_at");--> statement-breakpoint
ALTER TABLE "mpesa_payments" ADD CONSTRAINT "mpesa_payments_order_or_payable" CHECK (("mpesa_payments"."order_id" is null) <> ("mpesa_payments"."payable_kind" is null or "mpesa_payments"."payable_id" is null));