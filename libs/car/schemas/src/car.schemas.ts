import { IdSchema, SlugSchema, text, PageInputSchema } from '@dealership/shared-schemas';
import { z } from 'zod';
import { COMPARE_MAX_CARS } from '@dealership/shared-util';
import { ImageRefSchema } from '@dealership/media-schemas';
import {
  BODY_TYPES,
  CAR_STATUSES,
  COLOUR_MAX_LENGTH,
  CarStatusSchema,
  type CarStatus,
  ConditionSchema,
  DRIVES,
  FUEL_TYPES,
  MAX_CAR_IMAGES,
  TRANSMISSIONS,
} from '@dealership/car-model';

// The car domain's own contract: the back office's list and stats, the page and compare inputs, and
// the admin form's fields (create, update). What every domain reads of a car is in car-model.

/**
 * The back office's car list: every car, sold ones included, newest first. `search` is matched as
 * `CarListInputSchema`'s is (literally, case-insensitively, against name, body type and brand name);
 * the other filters are exact.
 */
export const CarManageInputSchema = z.object({
  search: text().trim().max(100, { error: 'search must be at most 100 characters' }).optional(),
  brandId: IdSchema.optional(),
  status: CarStatusSchema.optional(),
  featured: z.boolean({ error: 'featured must be true or false' }).optional(),
  ...PageInputSchema.shape,
});
export type CarManageInput = z.input<typeof CarManageInputSchema>;
export type CarManageFilters = z.output<typeof CarManageInputSchema>;

/** One whole-number count per status, keyed by the status itself (so the keys follow `CAR_STATUSES`). */
const countsByStatus = Object.fromEntries(CAR_STATUSES.map((status) => [status, z.number().int()])) as Record<CarStatus, z.ZodNumber>;

/** The back office's catalogue summary: every car counted, sold ones included. */
export const CarStatsSchema = z.object({
  total: z.number().int(),
  featured: z.number().int(),
  byStatus: z.object(countsByStatus),
});
export type CarStats = z.infer<typeof CarStatsSchema>;

/** The owner's stock age report (`car.stockAge`): the cars in stock (not sold) oldest first, with their days in stock. */
/** The owner's stock age bands (days in stock, from the day the car was listed). */
export const STOCK_AGE_BANDS = [
  { label: '0-30 days', from: 0, to: 30 },
  { label: '31-60 days', from: 31, to: 60 },
  { label: '61-90 days', from: 61, to: 90 },
  { label: '90+ days', from: 91, to: null },
] as const;

export const CarStockAgeSchema = z.object({
  /** Cars in stock, and those in stock over 90 days. */
  inStock: z.number().int(),
  over90Days: z.number().int(),
  /**
   * The stock by age band (`STOCK_AGE_BANDS`, in order) with the money tied up in it: what its cars
   * cost as recorded (owners' costs), how many of them have no cost recorded yet, and their asking prices.
   */
  bands: z.array(z.object({ label: text(), cars: z.number().int(), costKes: z.number().int(), withoutCosts: z.number().int(), askingKes: z.number().int() })),
  /** The oldest 100, oldest first (so those over 90 days lead). */
  cars: z.array(z.object({ id: IdSchema, name: text(), slug: text(), price: z.number().int(), status: text(), days: z.number().int() })),
});
export type CarStockAge = z.infer<typeof CarStockAgeSchema>;

/** How many cars the owner's most-viewed report lists. */
export const MOST_VIEWED_CARS = 20;

/**
 * The owner's most-viewed report (`car.mostViewed`): this month's (Nairobi) most viewed car
 * pages, most first, with the leads each got this month. A viewer counts once per car and day;
 * crawlers and the staff do not count.
 */
export const CarMostViewedSchema = z.object({
  /** The month counted (YYYY-MM). */
  month: text(),
  cars: z.array(
    z.object({ id: IdSchema, name: text(), slug: text(), price: z.number().int(), status: text(), views: z.number().int(), leads: z.number().int() }),
  ),
});
export type CarMostViewed = z.infer<typeof CarMostViewedSchema>;

export const CarBySlugInputSchema = z.object({ slug: SlugSchema });
export type CarBySlugInput = z.infer<typeof CarBySlugInputSchema>;

/** The cars of /compare, by slug, in the order given (duplicates dropped). */
export const CarCompareInputSchema = z.object({
  slugs: z
    .array(SlugSchema)
    .min(1, { error: 'slugs must name at least one car' })
    .max(COMPARE_MAX_CARS, { error: `slugs may name at most ${COMPARE_MAX_CARS} cars` })
    .transform((slugs) => [...new Set(slugs)]),
});
export type CarCompareInput = z.input<typeof CarCompareInputSchema>;

export const CarRelatedInputSchema = z.object({ carId: IdSchema, brandId: IdSchema });
export type CarRelatedInput = z.infer<typeof CarRelatedInputSchema>;

/** Absent, null or a blank form field: what the spec calls "required". */
const isMissing = (input: unknown) => input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

/** A whole number of at least 1 (spec §5: numeric inputs have a minimum of 1); absent gets `required`. */
const wholeNumber = (field: string, max: number, required = `${field} is required`, min = 1) =>
  z
    .number({ error: (issue) => (isMissing(issue.input) ? required : `${field} must be a number`) })
    .int({ error: `${field} must be a whole number` })
    .min(min, { error: min === 0 ? `${field} must not be negative` : `${field} must be at least ${min}` })
    .max(max, { error: `${field} is too large` });

const requiredEnum = <const T extends readonly [string, ...string[]]>(values: T, field: string, required: string) =>
  z.enum(values, {
    error: (issue) =>
      isMissing(issue.input) ? required : values.length > 2 ? `${field} must be one of: ${values.join(', ')}` : `${field} must be ${values.join(' or ')}`,
  });

/** Optional free text: blank is "none" (null, which clears it on update). */
const optionalText = (field: string, max: number) =>
  z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      text({ error: `${field} must be text` })
        .trim()
        .max(max, { error: `${field} must be at most ${max} characters` })
        .nullable(),
    )
    .optional();

/** A stock number as staff write it: letters, digits and hyphens, kept in capitals ("st-42" is "ST-42"). */
export const STOCK_NUMBER_PATTERN = /^[A-Z0-9](?:[A-Z0-9-]{0,18}[A-Z0-9])?$/;

/**
 * A chassis number: a 17-character VIN (letters but I, O and Q, and digits), or a Japanese
 * chassis number, the model code, a hyphen and the serial ("NZE161-1234567", "ZVW30-5123456").
 * Spaces are dropped and letters capitalised before the check.
 */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
export const JAPANESE_CHASSIS_PATTERN = /^[A-Z0-9]{2,10}-[0-9]{4,8}$/;
export const CHASSIS_NUMBER_MESSAGE = 'chassisNumber must be a 17-character VIN or a Japanese chassis number such as NZE161-1234567';

/** Optional specs: absent or null means "not given" (null clears it on update). */
const optionalNumber = (field: string, max: number, int = true) => {
  const base = z.number({ error: `${field} must be a number` });
  return (int ? base.int({ error: `${field} must be a whole number` }) : base)
    .min(1, { error: `${field} must be at least 1` })
    .max(max, { error: `${field} is too large` })
    .nullable()
    .optional();
};

/**
 * The fields a dealer sets on a car, in spec §5's order of checks: the first problem reported is
 * the one the Create Car form would show first, with its message (typos included).
 */
const carFields = {
  brandId: z.uuid({ error: (issue) => (isMissing(issue.input) ? 'Car Brand is required' : 'brandId must be a valid id') }),
  images: z
    .array(ImageRefSchema, { error: 'Please Provide atleast one Image' })
    .min(1, { error: 'Please Provide atleast one Image' })
    .max(MAX_CAR_IMAGES, { error: `At most ${MAX_CAR_IMAGES} images per car` }),
  name: text({ error: 'Car name is required' }).trim().min(1, { error: 'Car name is required' }).max(200, { error: 'name must be at most 200 characters' }),
  price: wholeNumber('price', 1_000_000_000, 'Price is required'),
  fuelType: requiredEnum(FUEL_TYPES, 'fuelType', 'FuelType is required'),
  transmission: requiredEnum(TRANSMISSIONS, 'transmission', 'Transmission is required'),
  /** cc; 0 only for an electric car (no engine: the car service refuses 0 for any other fuel). */
  engineSize: wholeNumber('engineSize', 100_000, 'Engine Size is required', 0),
  mileage: wholeNumber('mileage', 10_000_000, 'Mileage is required'),
  year: wholeNumber('year', 3000, 'Year of manufucture is required'),
  drive: requiredEnum(DRIVES, 'drive', 'Drive is required'),
  description: text({ error: 'Description is required' })
    .trim()
    .min(1, { error: 'Description is required' })
    .max(20_000, { error: 'description must be at most 20000 characters' }),
  // Beyond the spec's checks: the dealer's own fields, then the optional specs.
  /** Absent on create: read from the name by `modelFromName` (legacy writes never send it). */
  model: text({ error: 'model must be text' }).trim().max(80, { error: 'model must be at most 80 characters' }).optional(),
  bodyType: z.enum(BODY_TYPES, { error: (issue) => (isMissing(issue.input) ? 'Body Type is required' : `bodyType must be one of: ${BODY_TYPES.join(', ')}`) }),
  condition: ConditionSchema.optional(),
  featured: z.boolean({ error: 'featured must be true or false' }).optional(),
  status: CarStatusSchema.optional(),
  safetyRating: optionalNumber('safetyRating', 5),
  seats: optionalNumber('seats', 100),
  horsepower: optionalNumber('horsepower', 10_000),
  torque: optionalNumber('torque', 100_000),
  accelerationSeconds: optionalNumber('accelerationSeconds', 100, false),
  groundClearanceMm: optionalNumber('groundClearanceMm', 10_000),
  fuelTankLitres: optionalNumber('fuelTankLitres', 10_000),
  warranty: text().trim().max(200, { error: 'warranty must be at most 200 characters' }).nullable().optional(),
  exteriorColour: optionalText('exteriorColour', COLOUR_MAX_LENGTH),
  interiorColour: optionalText('interiorColour', COLOUR_MAX_LENGTH),
  /** Absent on create: the next free one is given ("ST-00043"). Unique: a taken one is a 409 naming `stockNumber`. */
  stockNumber: text({ error: 'stockNumber must be text' })
    .trim()
    .toUpperCase()
    .min(1, { error: 'stockNumber must not be blank' })
    .max(20, { error: 'stockNumber must be at most 20 characters' })
    .regex(STOCK_NUMBER_PATTERN, { error: 'stockNumber may hold only letters, digits and hyphens' })
    .optional(),
  /** Only staff ever read it back whole; the public sees its last characters. */
  chassisNumber: z
    .preprocess(
      (value) => (typeof value === 'string' ? (value.replace(/\s+/g, '') === '' ? null : value.replace(/\s+/g, '').toUpperCase()) : value),
      text({ error: 'chassisNumber must be text' })
        .refine((value) => VIN_PATTERN.test(value) || JAPANESE_CHASSIS_PATTERN.test(value), { error: CHASSIS_NUMBER_MESSAGE })
        .nullable(),
    )
    .optional(),
};

/** A new car. Condition defaults to New, featured to false, status to Available. */
export const CarCreateInputSchema = z.object(carFields);
export type CarCreateInput = z.input<typeof CarCreateInputSchema>;
export type CarCreateFields = z.output<typeof CarCreateInputSchema>;

/**
 * Changes to a car: only the fields given change (null clears an optional spec). The brand is
 * fixed once allocated (the form says so); `images`, when given, is the whole new list in order.
 */
export const CarUpdateInputSchema = z.object({ id: IdSchema, ...z.object(carFields).omit({ brandId: true }).partial().shape });
export type CarUpdateInput = z.input<typeof CarUpdateInputSchema>;
export type CarUpdateFields = z.output<typeof CarUpdateInputSchema>;

export const CarRemoveInputSchema = z.object({ id: IdSchema });
export type CarRemoveInput = z.infer<typeof CarRemoveInputSchema>;

/** `car.priceHistory`: the car whose price changes the back office shows. */
export const CarPriceHistoryInputSchema = z.object({ carId: IdSchema });

/** Detach one picture (by its public id) from a car and delete it from storage. */
export const CarRemoveImageInputSchema = z.object({
  carId: IdSchema,
  publicId: text({ error: 'Image publicId is required' }).trim().min(1, { error: 'Image publicId is required' }).max(512),
});
export type CarRemoveImageInput = z.infer<typeof CarRemoveImageInputSchema>;
