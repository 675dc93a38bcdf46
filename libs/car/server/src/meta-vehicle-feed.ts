import { type BodyType, type CarStatus, type Condition, type Drive, type FuelType, modelFromName, type Transmission } from '@dealership/car-schemas';
import { brands } from '@dealership/brand-data';
import { cars } from '@dealership/car-data';
import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { type Database, DB } from '@dealership/server-db';
import { sitePath } from '@dealership/shared-schemas';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { stringify } from 'csv-stringify';
import { and, eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { pipeline, Readable } from 'node:stream';
import { CATALOGUE_BATCH_SIZE, catalogueVersion } from './car-catalogue-export';
import { carOrder, listedCars } from './car-filters';
import { CatalogueChanges } from './catalogue-changes';

/** The most pictures Meta takes of one vehicle (`image[0].url` ... `image[19].url`). */
export const META_VEHICLE_FEED_IMAGES = 20;

/** Meta caps a vehicle's description at this many characters. */
export const META_DESCRIPTION_MAX = 5000;

/**
 * The feed's columns, in order: Meta's automotive inventory catalogue fields (Marketing API,
 * "Auto Ads reference"), nested fields flattened with their JSON-path names as Meta's CSV allows.
 * Meta's optional `vin` is left out on purpose: the feed is public, and no chassis number, VIN
 * or not, leaves the site whole (the car page shows only its last six characters).
 */
export const META_VEHICLE_FEED_COLUMNS: readonly string[] = [
  'vehicle_id',
  'title',
  'description',
  'url',
  'make',
  'model',
  'year',
  'mileage.value',
  'mileage.unit',
  'price',
  'body_style',
  'fuel_type',
  'transmission',
  'drivetrain',
  'exterior_color',
  'state_of_vehicle',
  'availability',
  ...Array.from({ length: META_VEHICLE_FEED_IMAGES }, (_, i) => `image[${i}].url`),
];

// Our vocabulary in Meta's (the Graph API's Vehicle enums; Meta reads them in any case). A new
// value of ours fails the typecheck here until it is given Meta's word.
const BODY_STYLES = {
  SUV: 'SUV',
  Sedan: 'SEDAN',
  Hatchback: 'HATCHBACK',
  'Station Wagon': 'WAGON',
  Pickup: 'TRUCK',
  Van: 'VAN',
  Coupe: 'COUPE',
} as const satisfies Record<BodyType, string>;

// Kenya says petrol, and so may the feed: PETROL is one of Meta's values, beside GASOLINE.
const FUEL_TYPES = {
  Petrol: 'PETROL',
  Diesel: 'DIESEL',
  Hybrid: 'HYBRID',
  'Plug-in Hybrid': 'PLUGIN_HYBRID',
  Electric: 'ELECTRIC',
} as const satisfies Record<FuelType, string>;

const TRANSMISSIONS = { Automatic: 'AUTOMATIC', Manual: 'MANUAL' } as const satisfies Record<Transmission, string>;

const DRIVETRAINS = { '2 WD': 'TWO_WD', '4 WD': 'FOUR_WD' } as const satisfies Record<Drive, string>;

// Meta's NEW / USED / CPO: a foreign-used import is as used as a locally used car; we certify none.
const STATES_OF_VEHICLE = { New: 'NEW', 'Foreign Used': 'USED', 'Locally Used': 'USED' } as const satisfies Record<Condition, string>;

// Sold cars are not in the feed; a reserved car stays, pending, until its sale completes or is called off.
const AVAILABILITY = { Available: 'available', Reserved: 'pending' } as const satisfies Record<Exclude<CarStatus, 'Sold'>, string>;

/** What the feed reads of a listed car. */
export interface FeedCar {
  id: string;
  name: string;
  model: string;
  slug: string;
  description: string;
  price: number;
  year: number;
  mileage: number;
  fuelType: FuelType;
  transmission: Transmission;
  drive: Drive;
  bodyType: BodyType;
  condition: Condition;
  status: CarStatus;
  exteriorColour: string | null;
  /** The brand's name; null for a car whose brand was deleted. */
  make: string | null;
  /** The pictures' URLs in their order (each the full-size picture; the width variants are derived from it). */
  images: string[];
}

/** `url` (a stored picture's `/media/...` path or an absolute Cloudinary URL) as an absolute URL of the site. */
function absoluteUrl(url: string, publicUrl: string): string {
  return new URL(url, `${publicUrl}/`).toString();
}

/** The title Meta asks for, year first ("2019 Toyota Land Cruiser Prado TX-L"), unless the name already says the year. */
function titleOf(car: Pick<FeedCar, 'name' | 'year'>): string {
  return new RegExp(`(^|\\D)${car.year}(\\D|$)`).test(car.name) ? car.name : `${car.year} ${car.name}`;
}

/** The description within Meta's limit: cut at a word before it, with an ellipsis. */
function descriptionOf(description: string): string {
  const text = description.trim();
  if (text.length <= META_DESCRIPTION_MAX) return text;
  const head = text.slice(0, META_DESCRIPTION_MAX - 1);
  const space = head.search(/\s\S*$/);
  return `${(space > 0 ? head.slice(0, space) : head).trimEnd()}…`;
}

/** A listed car as a row of the feed, cell for cell in `META_VEHICLE_FEED_COLUMNS`' order; '' for nothing to say. */
export function toMetaVehicleRow(car: FeedCar, publicUrl: string): string[] {
  if (car.status === 'Sold') throw new Error(`Sold car ${car.id} is not in the feed`);
  const images = car.images.slice(0, META_VEHICLE_FEED_IMAGES).map((url) => absoluteUrl(url, publicUrl));
  return [
    car.id,
    titleOf(car),
    descriptionOf(car.description),
    absoluteUrl(sitePath('car', { slug: car.slug }), publicUrl),
    car.make ?? '',
    // Meta needs a model: one staff left unknown is read from the name as the admin form does ('' if it cannot be).
    car.model || modelFromName(car.make, car.name),
    String(car.year),
    String(car.mileage),
    'KM',
    `${car.price} KES`,
    BODY_STYLES[car.bodyType],
    FUEL_TYPES[car.fuelType],
    TRANSMISSIONS[car.transmission],
    DRIVETRAINS[car.drive],
    car.exteriorColour ?? '',
    STATES_OF_VEHICLE[car.condition],
    AVAILABILITY[car.status],
    ...Array.from({ length: META_VEHICLE_FEED_IMAGES }, (_, i) => images[i] ?? ''),
  ];
}

/** Bumped when the feed's columns or values change, so no client keeps an older format under a 304. */
const FORMAT = 'meta-vehicles/2';

const DEFAULT_BATCH_SIZE = 500;

/** Where a batch ends: the last car's exact `created_at` (as text: a JS Date would round the microseconds) and id. */
interface Cursor {
  createdAt: string;
  id: string;
}

/**
 * The stock as a Meta automotive catalogue: one CSV row per listed car (reserved ones pending,
 * sold ones left out), newest first, read in keyset batches as the answer is sent, so the
 * memory in use is one batch whatever the stock. Its ETag names the catalogue's version, read
 * from the database (every instance gives the same one, and a restart does not reuse one) and
 * kept per catalogue generation (`CatalogueChanges`), so a fetch that has it costs no query.
 */
@Injectable()
export class MetaVehicleFeed {
  private readonly batchSize: number;
  /** The catalogue's version as read at a generation (never stored while notifications are unheard). */
  private known?: { generation: number; version: string };

  constructor(
    @Inject(DB) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly changes: CatalogueChanges,
    @Optional() @Inject(CATALOGUE_BATCH_SIZE) batchSize?: number,
  ) {
    this.batchSize = batchSize ?? DEFAULT_BATCH_SIZE;
  }

  /**
   * The feed's ETag: a digest of the format, the site's address (every URL in the feed starts with
   * it) and the catalogue's version, which every change to cars, their pictures and brands moves.
   */
  async etag(): Promise<string> {
    const generation = this.changes.version;
    let version = generation !== undefined && this.known?.generation === generation ? this.known.version : undefined;
    if (version === undefined) {
      version = await catalogueVersion(this.db);
      // Kept under the generation read before the query: a change after it moves the generation on.
      if (generation !== undefined) this.known = { generation, version };
    }
    const digest = createHash('sha256').update(`${FORMAT}\n${this.config.publicUrl}\n${version}`).digest('base64url');
    return `W/"${digest.slice(0, 27)}"`;
  }

  /**
   * The CSV, header first. The version behind the ETag is read before the cars, so a car changed
   * meanwhile is in the body (never the reverse: a body older than its ETag). The first batch is
   * read before anything is sent, so an outage is an error answer rather than a cut one.
   */
  async csv(): Promise<Readable> {
    const first = await this.batch(undefined);
    const { publicUrl } = this.config;
    const next = (rows: FeedCarRow[]) =>
      this.batch(rows.length < this.batchSize ? null : { createdAt: rows[rows.length - 1].createdAt, id: rows[rows.length - 1].id });
    async function* records(): AsyncGenerator<string[]> {
      for (let rows = first; rows.length > 0; rows = await next(rows)) {
        for (const row of rows) yield toMetaVehicleRow(row, publicUrl);
      }
    }
    // Meta asks for values with spaces or commas in double quotes. No formula escaping: the text
    // is staff's, for Meta's reader, and an apostrophe would show in the ads.
    const csv = stringify({ header: true, columns: [...META_VEHICLE_FEED_COLUMNS], quoted_match: /[\s,]/ });
    // A batch that fails later ends the answer with the error (the connection is cut), never a short 200 that looks whole.
    pipeline(Readable.from(records()), csv, () => undefined);
    return csv;
  }

  /** The listed cars after `after` in the newest-first order (none when `after` is null: the last batch was short). */
  private async batch(after: Cursor | null | undefined): Promise<FeedCarRow[]> {
    if (after === null) return [];
    const rows = await this.db
      .select({
        id: cars.id,
        name: cars.name,
        model: cars.model,
        slug: cars.slug,
        description: cars.description,
        price: cars.price,
        year: cars.year,
        mileage: cars.mileage,
        fuelType: cars.fuelType,
        transmission: cars.transmission,
        drive: cars.drive,
        bodyType: cars.bodyType,
        condition: cars.condition,
        status: cars.status,
        exteriorColour: cars.exteriorColour,
        // No chassis number is read: the feed is public (see META_VEHICLE_FEED_COLUMNS).
        make: brands.name,
        images: sql<string[]>`coalesce((select json_agg(ci.url order by ci.position, ci.id) from car_images ci where ci.car_id = ${cars.id}), '[]'::json)`,
        createdAt: sql<string>`${cars.createdAt}::text`,
      })
      .from(cars)
      .leftJoin(brands, eq(brands.id, cars.brandId))
      .where(and(listedCars(), after ? sql`(${cars.createdAt}, ${cars.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined))
      .orderBy(...carOrder('newest'))
      .limit(this.batchSize);
    return rows;
  }
}

type FeedCarRow = FeedCar & { createdAt: string };
