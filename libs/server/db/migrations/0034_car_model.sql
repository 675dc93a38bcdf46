ALTER TABLE "cars" ADD COLUMN "model" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "model_slug" text GENERATED ALWAYS AS (trim(both '-' from regexp_replace(lower(model), '[^a-z0-9]+', '-', 'g'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "cars_listed_brand_model_idx" ON "cars" USING btree ("brand_id","model_slug") WHERE status <> 'Sold';--> statement-breakpoint
-- The models of existing cars, read from their names by car-model's `modelFromName` as it was
-- here (its list of multi-word models copied below): a name that starts with its brand's name (any
-- case, spaces collapsed) gets, after the brand, the longest listed model of that brand it starts
-- with (whole words), else its next word; other names keep "" (unknown, for staff to set).
WITH named AS (
  SELECT c.id, lower(n.brand) AS brand_key, substr(n.name, length(n.brand) + 2) AS rest
  FROM cars c
  JOIN brands b ON b.id = c.brand_id
  CROSS JOIN LATERAL (
    SELECT regexp_replace(regexp_replace(c.name, '^\s+|\s+$', '', 'g'), '\s+', ' ', 'g') AS name,
           regexp_replace(regexp_replace(b.name, '^\s+|\s+$', '', 'g'), '\s+', ' ', 'g') AS brand
  ) n
  WHERE left(lower(n.name), length(n.brand) + 1) = lower(n.brand) || ' '
),
known(brand_key, model) AS (VALUES
  ('toyota', 'Land Cruiser Prado'),
  ('toyota', 'Land Cruiser V8'),
  ('toyota', 'Land Cruiser'),
  ('toyota', 'Corolla Axio'),
  ('toyota', 'Corolla Fielder'),
  ('toyota', 'Corolla Cross'),
  ('toyota', 'Mark X'),
  ('toyota', 'Mark II'),
  ('toyota', 'Town Ace'),
  ('toyota', 'Lite Ace'),
  ('land rover', 'Range Rover Sport'),
  ('land rover', 'Range Rover Evoque'),
  ('land rover', 'Range Rover Velar'),
  ('land rover', 'Range Rover'),
  ('land rover', 'Discovery Sport'),
  ('volkswagen', 'Polo Vivo'),
  ('mitsubishi', 'Pajero Sport'),
  ('mitsubishi', 'Eclipse Cross')
)
UPDATE cars SET model = coalesce(
  (SELECT k.model FROM known k
    WHERE k.brand_key = named.brand_key
      AND (lower(named.rest) = lower(k.model) OR left(lower(named.rest), length(k.model) + 1) = lower(k.model) || ' ')
    ORDER BY length(k.model) DESC LIMIT 1),
  split_part(named.rest, ' ', 1))
FROM named
WHERE cars.id = named.id;
