-- Published views: what a domain lets the others read of its tables, so that each table is read and
-- written by its own domain only (lint refuses another domain's table). Plain views: PostgreSQL
-- inlines them into the reader's query, so the indexes of the tables below serve them.
CREATE VIEW "account_contacts" AS
  SELECT "id", "name", "email", "phone", "address", "email_verified_at", ("role" = 1) AS "is_staff"
  FROM "users";
--> statement-breakpoint
CREATE VIEW "car_refs" AS
  SELECT "id", "name", "slug" FROM "cars";
--> statement-breakpoint
CREATE VIEW "picture_holders" AS
  SELECT "public_id", 'car'::text AS "owner", "car_id" AS "owner_id" FROM "car_images"
  UNION ALL
  SELECT "public_id", 'brand'::text AS "owner", "brand_id" AS "owner_id" FROM "brand_images";
