import { brands } from '@dealership/brand-data';
import { timestamps } from '@dealership/server-db/schema';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bodyTypeEnum, carStatusEnum, conditionEnum, driveEnum, fuelTypeEnum, transmissionEnum } from './car.enums';

export const cars = pgTable(
  'cars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The model ("Land Cruiser Prado"), "" when unknown (migration 0034 filled it from the names by `modelFromName`). */
    model: text('model').notNull().default(''),
    /**
     * `modelSlug(model)`, computed by PostgreSQL with the same rule (car-model's `modelSlug`): what the
     * model filter and the model landing pages match. Not part of the contract's car.
     */
    modelSlug: text('model_slug')
      .notNull()
      .generatedAlwaysAs(sql`trim(both '-' from regexp_replace(lower(model), '[^a-z0-9]+', '-', 'g'))`),
    slug: text('slug').notNull(),
    description: text('description').notNull(),
    /** Whole Kenyan shillings. */
    price: integer('price').notNull(),
    // Deleting a brand leaves its cars without one (spec: they "lose it"), never dangling.
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    fuelType: fuelTypeEnum('fuel_type').notNull(),
    transmission: transmissionEnum('transmission').notNull(),
    /** cc */
    engineSize: integer('engine_size').notNull(),
    /** km */
    mileage: integer('mileage').notNull(),
    safetyRating: integer('safety_rating'),
    /** Year of manufacture. */
    year: integer('year').notNull(),
    seats: integer('seats'),
    drive: driveEnum('drive').notNull(),
    horsepower: integer('horsepower'),
    /** Nm */
    torque: integer('torque'),
    /** 0-100 km/h, seconds. */
    accelerationSeconds: real('acceleration_seconds'),
    groundClearanceMm: integer('ground_clearance_mm'),
    fuelTankLitres: integer('fuel_tank_litres'),
    warranty: text('warranty'),
    condition: conditionEnum('condition').notNull().default('New'),
    /** Free text ("Pearl White"); null when not given. */
    exteriorColour: text('exterior_colour'),
    interiorColour: text('interior_colour'),
    /**
     * The dealer's stock number, unique; staff may change it. A car saved without one gets the
     * next free `ST-nnnnn` (`car_next_stock_number()`, migration 0035: existing cars were numbered
     * in the order they were added).
     */
    stockNumber: text('stock_number')
      .notNull()
      .default(sql`car_next_stock_number()`),
    /** VIN or Japanese chassis number, capitals, no spaces; only staff read it whole (the public its last 6 characters). */
    chassisNumber: text('chassis_number'),
    bodyType: bodyTypeEnum('body_type').notNull(),
    /** Shown in the home carousel. */
    featured: boolean('featured').notNull().default(false),
    /** Sold cars leave listings and search; their page stays. */
    status: carStatusEnum('status').notNull().default('Available'),
    /**
     * What the catalogue search matches: name, body type and brand name, lower-cased, separated by
     * U+001F (which search text cannot hold, so a match never spans two fields). Kept by triggers
     * (migration 0008: on the car's insert and update, and on its brand's rename), never by the app;
     * one trigram index serves the whole search. Not part of the contract's car.
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * The latest cut of the price and how much the cuts in a row since the last rise took off
     * (KES): "Reduced by" on the car's page while it is recent, and the listing's "recently
     * reduced" order. Null since a rise, or when never cut. Kept by the price writes with
     * `car_price_changes`; never part of the legacy shapes.
     */
    priceReducedAt: timestamp('price_reduced_at', { withTimezone: true, mode: 'date' }),
    priceReducedBy: integer('price_reduced_by'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('cars_slug_key').on(t.slug),
    uniqueIndex('cars_stock_number_key').on(t.stockNumber),
    // Each index matches an ORDER BY of car-filters' `carOrder` column for column, direction and
    // NULLS placement (`desc` in a query is NULLS FIRST), so a page is an index scan that stops at
    // its end instead of a sort of every car. Listings leave sold cars out: those are partial on
    // `listedCars()`'s condition, written the same way so the planner can match them.
    index('cars_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The catalogue version (getAll-car's ETag, the sitemap): the latest change, read from the index.
    index('cars_updated_at_idx').on(t.updatedAt),
    index('cars_listed_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status <> 'Sold'`),
    index('cars_brand_created_idx').on(t.brandId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The count of a brand filter (with or without a price range) from the index alone: no row is
    // read, however many cars the brand has.
    index('cars_listed_brand_price_idx')
      .on(t.brandId, t.price, t.id)
      .where(sql`status <> 'Sold'`),
    // Read forwards for price_asc, backwards for price_desc.
    index('cars_price_idx')
      .on(t.price.asc().nullsLast(), t.id.asc().nullsLast())
      .where(sql`status <> 'Sold'`),
    index('cars_year_idx')
      .on(t.year.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status <> 'Sold'`),
    index('cars_mileage_idx')
      .on(t.mileage.asc().nullsLast(), t.id.asc().nullsLast())
      .where(sql`status <> 'Sold'`),
    // The count of the buyer's panel filters (body, fuel, gearbox, condition, year, mileage, price;
    // issue 30) from this index alone: equal columns first, ranges after, 4.5 MB at 100,000 cars.
    // At 100,000 cars SUV + Diesel + 2018+ + a price range counts in 0.8 ms (50 ms reading rows
    // through cars_body_type_idx), Foreign Used + Manual in 4 ms (38 ms, a sequential scan).
    index('cars_listed_facets_idx')
      .on(t.bodyType, t.fuelType, t.transmission, t.condition, t.year, t.mileage, t.price)
      .where(sql`status <> 'Sold'`),
    // The same for year and mileage ranges without a body, fuel, gearbox or condition (the facets
    // index cannot start there): up to 50,000 km from 2015-2020 counts in 1 ms, and its few matches
    // are read and sorted by mileage in 1.4 ms (20 ms walking cars_mileage_idx; car.repository `page`).
    index('cars_listed_year_mileage_idx')
      .on(t.year, t.mileage, t.price)
      .where(sql`status <> 'Sold'`),
    index('cars_body_type_idx').on(t.bodyType),
    // A brand's model (the model filter, its landing page and the brand's list of models).
    index('cars_listed_brand_model_idx')
      .on(t.brandId, t.modelSlug)
      .where(sql`status <> 'Sold'`),
    index('cars_name_lower_idx').on(sql`lower(${t.name})`),
    // The listing's "recently reduced" order: the latest cut first, cars never cut left out.
    index('cars_listed_reduced_idx')
      .on(t.priceReducedAt.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`status <> 'Sold' AND price_reduced_at IS NOT NULL`),
    index('cars_featured_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`featured AND status <> 'Sold'`),
  ],
);

export const carImages = pgTable(
  'car_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    publicId: text('public_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('car_images_car_idx').on(t.carId, t.position)],
);

/**
 * How often each car's page was viewed, per day (Nairobi): one row per car and day, counted up,
 * never a row per view (the owner's most-viewed report).
 */
export const carDailyViews = pgTable(
  'car_daily_views',
  {
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.carId, t.day] }), index('car_daily_views_day_idx').on(t.day)],
);
