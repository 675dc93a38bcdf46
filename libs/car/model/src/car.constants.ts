/** Enumerations and business constants of spec §9 and the catalogue. */

/** Hybrids are petrol hybrids; Electric cars take the duty estimator's electric rules. */
export const FUEL_TYPES = ['Petrol', 'Diesel', 'Hybrid', 'Plug-in Hybrid', 'Electric'] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

export const TRANSMISSIONS = ['Automatic', 'Manual'] as const;
export type Transmission = (typeof TRANSMISSIONS)[number];

export const DRIVES = ['2 WD', '4 WD'] as const;
export type Drive = (typeof DRIVES)[number];

export const BODY_TYPES = ['SUV', 'Sedan', 'Hatchback', 'Station Wagon', 'Pickup', 'Van', 'Coupe'] as const;
export type BodyType = (typeof BODY_TYPES)[number];

export const CONDITIONS = ['New', 'Foreign Used', 'Locally Used'] as const;
export type Condition = (typeof CONDITIONS)[number];

/** Where a car is in its sale: Sold cars leave listings and search, but their page stays. */
export const CAR_STATUSES = ['Available', 'Reserved', 'Sold'] as const;
export type CarStatus = (typeof CAR_STATUSES)[number];

/** Price filter options in KES, inclusive at both ends. */
export const PRICE_RANGES = [
  { label: '250K-500K', min: 250_000, max: 500_000 },
  { label: '500K-1M', min: 500_000, max: 1_000_000 },
  { label: '1M-2M', min: 1_000_000, max: 2_000_000 },
  { label: '2M-3M', min: 2_000_000, max: 3_000_000 },
  { label: '3M-4M', min: 3_000_000, max: 4_000_000 },
  { label: '4M-5M', min: 4_000_000, max: 5_000_000 },
  { label: '5M-50M', min: 5_000_000, max: 50_000_000 },
] as const;
export type PriceRangeLabel = (typeof PRICE_RANGES)[number]['label'];
export const PRICE_RANGE_LABELS = PRICE_RANGES.map((r) => r.label) as [PriceRangeLabel, ...PriceRangeLabel[]];

/** Showcase sizes and text previews. */
export const HOME_SHOWCASE_SIZE = 8;
export const CARD_DESCRIPTION_PREVIEW = 50;
export const BRAND_PAGE_DESCRIPTION_PREVIEW = 60;
export const META_DESCRIPTION_LENGTH = 160;

/** Home carousel of featured cars. */
export const CAROUSEL_SLIDES = 5;
export const CAROUSEL_INTERVAL_MS = 5000;

/** Card defaults when a car leaves the field empty. */
export const DEFAULT_SAFETY_RATING = 5;
export const DEFAULT_SEATS = 5;
export const BRAND_PAGE_DEFAULT_CONDITION = 'New';
export const BRAND_PAGE_DEFAULT_YEAR = 'N/A';

/** Pictures one car may have. */
export const MAX_CAR_IMAGES = 30;

/** Related cars shown on a detail page, at most. */
export const RELATED_CARS_LIMIT = 8;

/** The "Recently sold" strip of /cars: cars sold in the last this many days, at most RECENTLY_SOLD_LIMIT. */
export const RECENTLY_SOLD_DAYS = 30;
export const RECENTLY_SOLD_LIMIT = 8;

/** Sort orders of the catalogue. `reduced`: the cars whose price was cut in the last PRICE_CUT_RECENT_DAYS, the latest cut first. */
export const CAR_SORTS = ['newest', 'price_asc', 'price_desc', 'year_desc', 'mileage_asc', 'reduced'] as const;

/** A price cut is "recent" (told on the car's page, listed by the "Recently reduced" order) for this many days. */
export const PRICE_CUT_RECENT_DAYS = 60;
export type CarSort = (typeof CAR_SORTS)[number];

