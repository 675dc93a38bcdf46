-- Issue 45: card sales for a registered payable (an import's deposit or balance), written before the sale so an unanswered one is looked up and reconciled.
CREATE TABLE "payable_card_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payable_kind" text NOT NULL,
	"payable_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"transaction_id" text,
	"transaction_status" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payable_card_payments_payable_idx" ON "payable_card_payments" USING btree ("payable_kind","payable_id","created_at");--> statement-breakpoint
CREATE INDEX "payable_card_payments_pending_idx" ON "payable_card_payments" USING btree ("created_at") WHERE "payable_card_payments"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payable_card_payments_transaction_id" ON "payable_card_payments" USING btree ("transaction_id");