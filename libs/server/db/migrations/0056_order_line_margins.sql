-- Issue 46: what each car sold cost and its days in stock, fixed on its order line at delivery.
ALTER TABLE "order_lines" ADD COLUMN "cost_kes" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "days_in_stock" integer;