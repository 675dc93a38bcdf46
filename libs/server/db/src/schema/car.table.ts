import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, real, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { brands } from './brand.table';
import { bodyTypeEnum, carStatusEnum, conditionEnum, driveEnum, fuelTypeEnum, transmissionEnum } from './enums';
import { timestamps } from './timestamps';

export const cars = pgTable(
  'cars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
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
    bodyType: bodyTypeEnum('body_type').notNull(),
    /** Shown in the home carousel. */
    featured: boolean('featured').notNull().default(false),
    /** Sold cars leave listings and search; their page stays. */
    status: carStatusEnum('status').notNull().default('Available'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('cars_slug_key').on(t.slug),
    index('cars_brand_created_idx').on(t.brandId, t.createdAt),
    index('cars_price_idx').on(t.price),
    index('cars_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('cars_year_idx').on(t.year),
    index('cars_mileage_idx').on(t.mileage),
    index('cars_body_type_idx').on(t.bodyType),
    index('cars_name_lower_idx').on(sql`lower(${t.name})`),
    index('cars_featured_created_idx').on(t.featured, t.createdAt.desc()),
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
