CREATE TABLE "mpesa_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"phone" text NOT NULL,
	"callback_token_hash" text NOT NULL,
	"checkout_request_id" text,
	"merchant_request_id" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"result_code" integer,
	"result_desc" text,
	"receipt" text,
	"message" text DEFAULT 'Check your phone and enter your M-Pesa PIN' NOT NULL,
	"settled_by" text,
	"last_queried_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mpesa_payments" ADD CONSTRAINT "mpesa_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mpesa_payments_order_idx" ON "mpesa_payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_payments_checkout_request_id" ON "mpesa_payments" USING btree ("checkout_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_payments_callback_token_hash" ON "mpesa_payments" USING btree ("callback_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_payments_receipt" ON "mpesa_payments" USING btree ("receipt");--> statement-breakpoint
CREATE INDEX "mpesa_payments_pending_idx" ON "mpesa_payments" USING btree ("created_at") WHERE "mpesa_payments"."state" = 'pending';