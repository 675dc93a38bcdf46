-- Every statement that writes the tables a car's JSON is read from notifies 'catalogue_changed'
-- (after commit; nothing if rolled back), so each server instance drops what it cached from them:
-- writes of other instances, scripts and psql included. See catalogue-changes.ts.
CREATE FUNCTION notify_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cars_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cars FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER car_images_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON car_images FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER brands_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER brand_images_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brand_images FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
