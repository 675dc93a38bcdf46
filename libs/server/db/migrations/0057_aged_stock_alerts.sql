-- Issue 46: an owner's weekly email of the cars in stock past their number of days.
CREATE TABLE "aged_stock_alerts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"days" integer NOT NULL,
	"last_sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "aged_stock_alerts" ADD CONSTRAINT "aged_stock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;