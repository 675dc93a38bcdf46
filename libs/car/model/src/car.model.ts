import { BrandRefSchema } from '@dealership/brand-schemas';
import { ImageRefSchema } from '@dealership/media-schemas';
import { IdSchema, text, TimestampSchema, PageInputSchema } from '@dealership/shared-schemas';
import { z } from 'zod';
import { BODY_TYPES, CAR_SORTS, CAR_STATUSES, CONDITIONS, DRIVES, FUEL_TYPES, PRICE_RANGE_LABELS, TRANSMISSIONS } from './car.constants';

// What a car is, as every domain reads it: its vocabulary, the shape the API returns and the public
// list's filters. The car's write contract (the admin form's fields) is in car-schemas, so a change
// to it reaches only the car domain and the apps (issue 26: blast radius).

export const FuelTypeSchema = z.enum(FUEL_TYPES, { error: `fuelType must be one of: ${FUEL_TYPES.join(', ')}` });
export const TransmissionSchema = z.enum(TRANSMISSIONS, { error: 'transmission must be Automatic or Manual' });
export const DriveSchema = z.enum(DRIVES, { error: 'drive must be 2 WD or 4 WD' });
export const BodyTypeSchema = z.enum(BODY_TYPES, { error: `bodyType must be one of: ${BODY_TYPES.join(', ')}` });
export const ConditionSchema = z.enum(CONDITIONS, { error: `condition must be one of: ${CONDITIONS.join(', ')}` });
export const CarStatusSchema = z.enum(CAR_STATUSES, { error: `status must be one of: ${CAR_STATUSES.join(', ')}` });
export const CarSortSchema = z.enum(CAR_SORTS);

/**
 * A car as our API returns it, with its brand and pictures (the first picture is the main one).
 * Units are in the names where a number has one; the legacy REST shape, with its own names, is
 * made from this by car-server's `toLegacyCar`.
 */
export const CarSchema = z.object({
  id: IdSchema,
  name: text(),
  /** The model as its own field ("Land Cruiser Prado" of "Toyota Land Cruiser Prado TX-L"): "" when unknown. Its slug is `modelSlug(model)`. */
  model: text(),
  slug: text(),
  description: text(),
  /** Whole KES. */
  price: z.number().int(),
  brand: BrandRefSchema.nullable(),
  fuelType: FuelTypeSchema,
  transmission: TransmissionSchema,
  /** Engine displacement, cc. */
  engineSize: z.number().int(),
  /** Odometer, km. */
  mileage: z.number().int(),
  /** Stars, 1-5. */
  safetyRating: z.number().int().nullable(),
  /** Year of manufacture. */
  year: z.number().int(),
  seats: z.number().int().nullable(),
  drive: DriveSchema,
  horsepower: z.number().int().nullable(),
  /** Nm. */
  torque: z.number().int().nullable(),
  /** 0-100 km/h, seconds. */
  accelerationSeconds: z.number().nullable(),
  groundClearanceMm: z.number().int().nullable(),
  fuelTankLitres: z.number().int().nullable(),
  warranty: text().nullable(),
  condition: ConditionSchema,
  /** Body and cabin colours, free text ("Pearl White"); null when not given. */
  exteriorColour: text().nullable(),
  interiorColour: text().nullable(),
  /** The dealer's stock number ("ST-00042"): unique, shown to staff and on the car page. */
  stockNumber: text(),
  /**
   * The last `CHASSIS_PUBLIC_CHARACTERS` characters of the chassis number or VIN, null when not
   * given: the whole number never leaves the server but to staff (`CarStaffSchema`).
   */
  chassisNumberEnd: text().nullable(),
  bodyType: BodyTypeSchema,
  /** Shown in the home carousel (newest first). */
  featured: z.boolean(),
  /** Sold cars leave listings and search; their page stays, marked Sold. */
  status: CarStatusSchema,
  images: z.array(ImageRefSchema),
  /**
   * The price's cut in the last PRICE_CUT_RECENT_DAYS (the cuts in a row since the last rise, KES,
   * and the latest one's time), told on the car's page as "Reduced by"; null otherwise.
   */
  priceReduction: z.object({ amount: z.number().int().positive(), on: TimestampSchema }).nullable(),
  /** The car has a 150-point inspection report (the inspection domain's): its card says so. */
  inspected: z.boolean(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Car = z.infer<typeof CarSchema>;

/** One change of a car's price, for the back office's history (`car.priceHistory`). */
export const CarPriceChangeSchema = z.object({
  oldPrice: z.number().int(),
  newPrice: z.number().int(),
  changedAt: TimestampSchema,
  changedBy: text(),
});
export type CarPriceChange = z.infer<typeof CarPriceChangeSchema>;

/** A car as staff read it (the back office's edit form, the admin writes' answers): with its whole chassis number or VIN. */
export const CarStaffSchema = CarSchema.extend({ chassisNumber: text().nullable() });
export type CarStaff = z.infer<typeof CarStaffSchema>;

/** Query strings send one value or many; accept both, and comma lists (each item is `text()`). */
const stringList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(text().max(100)).max(50));

const optionalInt = (field: string, max: number) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .int({ error: `${field} must be a whole number` })
    .min(0, { error: `${field} must not be negative` })
    .max(max, { error: `${field} is too large` })
    .optional();

/**
 * Catalogue filters. Every filter is optional; an empty list or absent value passes every car.
 * `search` is matched literally (no wildcard or pattern syntax) and case-insensitively
 * against the car's name, model text and brand name.
 */
export const CarListInputSchema = z
  .object({
    search: text().trim().max(100, { error: 'search must be at most 100 characters' }).optional(),
    /** Brand ids or slugs (either works). */
    brands: stringList.optional(),
    /** Brand name, as in `/cars?make=Toyota` (case-insensitive). */
    make: text().trim().max(80).optional(),
    /** A model's slug (`modelSlug`, "land-cruiser-prado"), meant with a brand (`brands`, `make`): without one it matches that model of any brand. */
    model: text().trim().toLowerCase().max(80, { error: 'model must be at most 80 characters' }).optional(),
    priceRange: z.enum(PRICE_RANGE_LABELS, { error: 'priceRange is not one of the offered ranges' }).optional(),
    priceMin: optionalInt('priceMin', 1_000_000_000),
    priceMax: optionalInt('priceMax', 1_000_000_000),
    bodyType: BodyTypeSchema.optional(),
    condition: ConditionSchema.optional(),
    fuelType: FuelTypeSchema.optional(),
    transmission: TransmissionSchema.optional(),
    yearMin: optionalInt('yearMin', 3000),
    yearMax: optionalInt('yearMax', 3000),
    mileageMin: optionalInt('mileageMin', 10_000_000),
    mileageMax: optionalInt('mileageMax', 10_000_000),
    /** Only cars with a 360-degree view (issue 44: the home page's "detailed 360-degree views" lead here). */
    spin: z.boolean({ error: 'spin must be true or false' }).optional(),
    /** Only cars with a recorded inspection (the inspection domain's published summaries). */
    inspected: z.boolean({ error: 'inspected must be true or false' }).optional(),
    sort: CarSortSchema.default('newest'),
    ...PageInputSchema.shape,
  })
  .refine((f) => f.priceMin === undefined || f.priceMax === undefined || f.priceMin <= f.priceMax, {
    error: 'priceMin must not exceed priceMax',
    path: ['priceMin'],
  });
export type CarListInput = z.input<typeof CarListInputSchema>;
export type CarListFilters = z.output<typeof CarListInputSchema>;

/**
 * One page of cars. `total` is exact up to the server's count cap (10,000); past it `total` is the
 * cap and `totalCapped` is true (show "10,000+"), and `pageCount` ends at the cap.
 */
export const CarPageSchema = z.object({
  items: z.array(CarSchema),
  total: z.number().int(),
  /** Whether more cars match than `total` (the count stopped at the cap). */
  totalCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
});
export type CarPage = z.infer<typeof CarPageSchema>;

/** The models of one brand's listed cars (`car.models`): the brand by id or slug. */
export const CarModelsInputSchema = z.object({
  brand: text().trim().min(1, { error: 'brand is required' }).max(80, { error: 'brand must be at most 80 characters' }),
});
export type CarModelsInput = z.infer<typeof CarModelsInputSchema>;

/** A model with listed cars: its name, its slug and how many listed cars it has; most cars first, then by name. */
export const CarModelOptionSchema = z.object({ model: text(), slug: text(), count: z.number().int() });
export type CarModelOption = z.infer<typeof CarModelOptionSchema>;
