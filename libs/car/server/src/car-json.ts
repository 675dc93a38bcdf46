import { type Car, CHASSIS_PUBLIC_CHARACTERS, PRICE_CUT_RECENT_DAYS } from '@dealership/car-schemas';
import { brandImages, brands } from '@dealership/brand-data';
import { carImages, cars } from '@dealership/car-data';
import { carInspectionSummaries } from '@dealership/inspection-data/published';
import { type Column, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/** Pictures as `[{url, publicId}]` in their order: `[]` when there are none. */
function imagesJson(table: typeof carImages | typeof brandImages, owner: SQL): SQL {
  return sql`coalesce((select json_agg(json_build_object('url', ${table.url}, 'publicId', ${table.publicId}) order by ${table.position}) from ${table} where ${owner}), '[]'::json)`;
}

/** A timestamp as JavaScript's `toISOString()` writes it (UTC, milliseconds, `Z`). */
function isoTimestamp(column: Column): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The price's recent cut (`Car.priceReduction`): its amount and the latest cut's time while it is
 * within PRICE_CUT_RECENT_DAYS, else null; the same expression for `carJson` and the relational reads.
 */
export const priceReduction = sql<Car['priceReduction']>`case when ${cars.priceReducedAt} > now() - make_interval(days => ${sql.raw(String(PRICE_CUT_RECENT_DAYS))})
  then json_build_object('amount', ${cars.priceReducedBy}, 'on', ${isoTimestamp(cars.priceReducedAt)}) end`;

/** Whether the car has an inspection report (the inspection domain's published summaries: one per car, by its unique car id). */
export const inspected = sql<boolean>`exists (select 1 from ${carInspectionSummaries} i where i.car_id = ${cars.id})`;

/** The public end of the chassis number (the whole number is for staff only: `CarStaffSchema`). */
export const chassisNumberEnd = sql<string | null>`right(${cars.chassisNumber}, ${sql.raw(String(CHASSIS_PUBLIC_CHARACTERS))})`;

/**
 * A `cars` row as the contract's `Car`, built by PostgreSQL as one JSON value: its pictures in
 * order and its brand (with the brand's logo) as subqueries, timestamps as ISO text. The hot reads
 * (a car's page, a page of cars) select this instead of Drizzle's relational query, whose result
 * the server mapped row by row and relation by relation: measured with `npm run bench`, the mapping
 * cost more CPU per request than the query (car.bySlug over tRPC 0.37x the bare server's
 * throughput before). The keys follow the table's column order, then pictures and brand, as the
 * relational query returned them; `car-json.integration.spec.ts` holds this equal to that query
 * for every kind of car, so a new column cannot be forgotten here unnoticed.
 */
const carJsonExpression = sql`json_build_object(
  'id', ${cars.id}, 'name', ${cars.name}, 'model', ${cars.model}, 'slug', ${cars.slug}, 'description', ${cars.description}, 'price', ${cars.price},
  'fuelType', ${cars.fuelType}, 'transmission', ${cars.transmission}, 'engineSize', ${cars.engineSize}, 'mileage', ${cars.mileage},
  'safetyRating', ${cars.safetyRating}, 'year', ${cars.year}, 'seats', ${cars.seats}, 'drive', ${cars.drive},
  'horsepower', ${cars.horsepower}, 'torque', ${cars.torque}, 'accelerationSeconds', ${cars.accelerationSeconds},
  'groundClearanceMm', ${cars.groundClearanceMm}, 'fuelTankLitres', ${cars.fuelTankLitres}, 'warranty', ${cars.warranty},
  'condition', ${cars.condition}, 'exteriorColour', ${cars.exteriorColour}, 'interiorColour', ${cars.interiorColour},
  'stockNumber', ${cars.stockNumber}, 'bodyType', ${cars.bodyType}, 'featured', ${cars.featured}, 'status', ${cars.status},
  'createdAt', ${isoTimestamp(cars.createdAt)}, 'updatedAt', ${isoTimestamp(cars.updatedAt)},
  'chassisNumberEnd', ${chassisNumberEnd}, 'priceReduction', ${priceReduction}, 'inspected', ${inspected},
  'images', ${imagesJson(carImages, sql`${carImages.carId} = ${cars.id}`)},
  'brand', (select json_build_object('id', ${brands.id}, 'name', ${brands.name}, 'slug', ${brands.slug},
    'images', ${imagesJson(brandImages, sql`${brandImages.brandId} = ${brands.id}`)}) from ${brands} where ${brands.id} = ${cars.brandId})
)`;

/**
 * `carJson` is written with the tables' column objects (renames reach it) and rendered to text
 * once here: Drizzle renders an expression of 60 column references again on every query that uses
 * it, which cost a fifth of a filtered page's CPU (measured with `npm run bench`).
 */
export const carJson: SQL<Car> = sql.raw(new PgDialect().sqlToQuery(carJsonExpression).sql) as SQL<Car>;
