-- A buyer's trade-in photo is kept while anything shows it: its request (lead_photos, the lead domain's published view), a listed car, or an open trade-in draft (picture_holders gains the drafts' photos as owner 'draft'). Media deletes a file only when none of them holds it.
CREATE VIEW "lead_photos" AS
  SELECT "photo"->>'publicId' AS "public_id", "leads"."id" AS "lead_id"
  FROM "leads"
  CROSS JOIN LATERAL jsonb_array_elements(CASE jsonb_typeof("leads"."details"->'photos') WHEN 'array' THEN "leads"."details"->'photos' ELSE '[]'::jsonb END) AS "photo"
  WHERE "leads"."anonymised_at" IS NULL AND jsonb_typeof("photo") = 'object' AND "photo"->>'publicId' IS NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE VIEW "picture_holders" AS
  SELECT "public_id", 'car'::text AS "owner", "car_id" AS "owner_id" FROM "car_images"
  UNION ALL
  SELECT "public_id", 'brand'::text AS "owner", "brand_id" AS "owner_id" FROM "brand_images"
  UNION ALL
  SELECT "public_id", 'car'::text AS "owner", "car_id" AS "owner_id" FROM "car_spin_frames"
  UNION ALL
  SELECT "photo"->>'publicId' AS "public_id", 'draft'::text AS "owner", "car_drafts"."id" AS "owner_id"
  FROM "car_drafts"
  CROSS JOIN LATERAL jsonb_array_elements(CASE jsonb_typeof("car_drafts"."photos") WHEN 'array' THEN "car_drafts"."photos" ELSE '[]'::jsonb END) AS "photo"
  WHERE "car_drafts"."closed_at" IS NULL AND jsonb_typeof("photo") = 'object' AND "photo"->>'publicId' IS NOT NULL;
