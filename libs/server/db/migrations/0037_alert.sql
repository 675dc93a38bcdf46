CREATE TABLE "alert_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"car_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"old_price" integer,
	"new_price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"contact" text,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_subscribers_one_recipient" CHECK (("alert_subscribers"."user_id" is null) <> ("alert_subscribers"."contact" is null))
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"filters" jsonb,
	"label" text NOT NULL,
	"car_id" uuid,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alerts_kind_fields" CHECK (("alerts"."kind" = 'search' and "alerts"."filters" is not null) or ("alerts"."kind" = 'price' and "alerts"."car_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "car_alert_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"car_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"old_price" integer,
	"new_price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_subscriber_id_alert_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."alert_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_subscribers" ADD CONSTRAINT "alert_subscribers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_subscriber_id_alert_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."alert_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_matches_listed_uq" ON "alert_matches" USING btree ("alert_id","car_id") WHERE "alert_matches"."kind" = 'listed';--> statement-breakpoint
CREATE UNIQUE INDEX "alert_matches_drop_pending_uq" ON "alert_matches" USING btree ("alert_id","car_id") WHERE "alert_matches"."kind" = 'price-drop' and "alert_matches"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "alert_matches_pending_idx" ON "alert_matches" USING btree ("subscriber_id") WHERE "alert_matches"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscribers_user_uq" ON "alert_subscribers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscribers_contact_uq" ON "alert_subscribers" USING btree ("contact");--> statement-breakpoint
CREATE INDEX "alerts_subscriber_idx" ON "alerts" USING btree ("subscriber_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_price_watch_uq" ON "alerts" USING btree ("subscriber_id","car_id") WHERE "alerts"."kind" = 'price';--> statement-breakpoint
CREATE INDEX "alerts_car_idx" ON "alerts" USING btree ("car_id") WHERE "alerts"."car_id" is not null;--> statement-breakpoint
CREATE INDEX "alerts_search_idx" ON "alerts" USING btree ("id") WHERE "alerts"."kind" = 'search';--> statement-breakpoint
CREATE INDEX "alerts_unconfirmed_idx" ON "alerts" USING btree ("created_at") WHERE "alerts"."confirmed_at" is null;--> statement-breakpoint
-- Alerts' events, written in the transaction of the change: a car listed (inserted Available, or
-- made Available again) while any search is saved, or a watched car's price lowered. Nothing is
-- written while nobody waits for it, so bulk loads of the catalogue pay one index probe a row.
CREATE FUNCTION record_car_alert_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'Available' AND (TG_OP = 'INSERT' OR OLD.status <> 'Available')
     AND EXISTS (SELECT 1 FROM alerts WHERE kind = 'search') THEN
    INSERT INTO car_alert_events (car_id, kind, new_price) VALUES (NEW.id, 'listed', NEW.price);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.price < OLD.price AND NEW.status <> 'Sold'
     AND EXISTS (SELECT 1 FROM alerts WHERE car_id = NEW.id) THEN
    INSERT INTO car_alert_events (car_id, kind, old_price, new_price) VALUES (NEW.id, 'price-drop', OLD.price, NEW.price);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER cars_alert_events AFTER INSERT OR UPDATE OF price, status ON cars FOR EACH ROW EXECUTE FUNCTION record_car_alert_event();
