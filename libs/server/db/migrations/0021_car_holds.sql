-- The order domain's published view of the cars its orders hold (every order not cancelled): the
-- catalogue refuses a status edit of such a car (only the order's own status change moves it).
CREATE VIEW "car_holds" AS
  SELECT "order_lines"."car_id", "orders"."id" AS "order_id"
  FROM "order_lines" INNER JOIN "orders" ON "orders"."id" = "order_lines"."order_id"
  WHERE "orders"."status" <> 'cancel' AND "order_lines"."car_id" IS NOT NULL;
