import {
  BODY_TYPES,
  CAR_SORTS,
  CONDITIONS,
  FUEL_TYPES,
  PRICE_RANGES,
  TRANSMISSIONS,
  type BodyType,
  type CarListInput,
  type CarSort,
  type Condition,
  type FuelType,
  type PriceRangeLabel,
  type Transmission,
} from '@dealership/car-schemas';

/** Query-string names of the listing filters; the URL holds them so a filtered list can be shared. */
export const FILTER_PARAMS = {
  search: 'search',
  brands: 'brands',
  price: 'price',
  make: 'make',
  model: 'model',
  type: 'type',
  condition: 'condition',
  fuel: 'fuel',
  transmission: 'transmission',
  yearMin: 'yearFrom',
  yearMax: 'yearTo',
  mileageMax: 'mileageTo',
  spin: 'spin',
  inspected: 'inspected',
  sort: 'sort',
  page: 'page',
} as const;

/** The listing filters of spec §4: selected brands, at most one price range, search text. */
export interface CarFilters {
  /** Trimmed search text ('' for none). */
  search: string;
  /** Selected brand slugs. */
  brands: string[];
  price: PriceRangeLabel | null;
  /** Brand name from a shortcut link (`/cars?make=Toyota`). */
  make: string | null;
  /** A model's slug (`land-cruiser-prado`), offered once one brand is chosen. */
  model: string | null;
  /** Body type from a shortcut link (`/cars?type=SUV`). */
  type: BodyType | null;
  condition: Condition | null;
  fuel: FuelType | null;
  transmission: Transmission | null;
  /** Oldest and newest model year wanted (either may be open). */
  yearMin: number | null;
  yearMax: number | null;
  /** Highest mileage wanted, in km. */
  mileageMax: number | null;
  /** Only cars with a 360-degree view (`?spin=1`). */
  spin: boolean;
  /** Only inspected cars (`?inspected=1`). */
  inspected: boolean;
  sort: CarSort;
  page: number;
}

/** Limits of `CarListInputSchema`: longer values would be refused by the server. */
const MAX_SEARCH_LENGTH = 100;
const MAX_BRANDS = 50;
const MAX_YEAR = 3000;
const MAX_MILEAGE = 10_000_000;

export const EMPTY_FILTERS: CarFilters = {
  search: '',
  brands: [],
  price: null,
  make: null,
  model: null,
  type: null,
  condition: null,
  fuel: null,
  transmission: null,
  yearMin: null,
  yearMax: null,
  mileageMax: null,
  spin: false,
  inspected: false,
  sort: 'newest',
  page: 1,
};

/** Labels of the sort orders, in the order the sort control offers them. */
export const SORT_LABELS: Record<CarSort, string> = {
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  mileage_asc: 'Mileage: lowest first',
  year_desc: 'Year: newest first',
  reduced: 'Recently reduced',
};

/** The value of `params[name]` if it is one of `values` (any case), else null. */
function oneOf<V extends string>(values: readonly V[], raw: string | null): V | null {
  const wanted = (raw ?? '').trim().toLowerCase();
  return values.find((v) => v.toLowerCase() === wanted) ?? null;
}

/** A whole number from 0 to `max`, else null (a hand-edited `?yearFrom=abc` is ignored, not refused). */
function wholeNumber(raw: string | null, max: number): number | null {
  if (!raw || !/^\d+$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return n <= max ? n : null;
}

function isPriceRange(value: string): value is PriceRangeLabel {
  return PRICE_RANGES.some((range) => range.label === value);
}

function isBodyType(value: string): value is BodyType {
  return (BODY_TYPES as readonly string[]).includes(value);
}

/** A model slug as `modelSlug` writes them (`land-cruiser-prado`), else null. */
function modelSlugOf(raw: string | null): string | null {
  const slug = (raw ?? '').trim().toLowerCase();
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) && slug.length <= 80 ? slug : null;
}

/** Reads the filters from a query string; unknown or malformed values are ignored. */
export function readCarFilters(params: URLSearchParams): CarFilters {
  const brands = (params.get(FILTER_PARAMS.brands) ?? '')
    .split(',')
    .map((slug) => slug.trim().toLowerCase())
    .filter(Boolean)
    .slice(0, MAX_BRANDS);
  const price = params.get(FILTER_PARAMS.price) ?? '';
  const type = (params.get(FILTER_PARAMS.type) ?? '').trim();
  // A type link may differ in case (`?type=suv`): match it to the catalogue's spelling.
  const bodyType = BODY_TYPES.find((t) => t.toLowerCase() === type.toLowerCase()) ?? type;
  const page = Number.parseInt(params.get(FILTER_PARAMS.page) ?? '', 10);
  let yearMin = wholeNumber(params.get(FILTER_PARAMS.yearMin), MAX_YEAR);
  let yearMax = wholeNumber(params.get(FILTER_PARAMS.yearMax), MAX_YEAR);
  // A reversed range (from 2020 to 2015) means the years between, not nothing.
  if (yearMin !== null && yearMax !== null && yearMin > yearMax) [yearMin, yearMax] = [yearMax, yearMin];
  return {
    search: (params.get(FILTER_PARAMS.search) ?? '').trim().slice(0, MAX_SEARCH_LENGTH).trim(),
    brands: [...new Set(brands)],
    price: isPriceRange(price) ? price : null,
    make: params.get(FILTER_PARAMS.make)?.trim() || null,
    model: modelSlugOf(params.get(FILTER_PARAMS.model)),
    type: isBodyType(bodyType) ? bodyType : null,
    condition: oneOf(CONDITIONS, params.get(FILTER_PARAMS.condition)),
    fuel: oneOf(FUEL_TYPES, params.get(FILTER_PARAMS.fuel)),
    transmission: oneOf(TRANSMISSIONS, params.get(FILTER_PARAMS.transmission)),
    yearMin,
    yearMax,
    mileageMax: wholeNumber(params.get(FILTER_PARAMS.mileageMax), MAX_MILEAGE),
    spin: params.get(FILTER_PARAMS.spin) === '1',
    inspected: params.get(FILTER_PARAMS.inspected) === '1',
    sort: oneOf(CAR_SORTS, params.get(FILTER_PARAMS.sort)) ?? 'newest',
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** The query string of `filters`: empty filters are left out, so a plain list is a plain `/cars`. */
export function writeCarFilters(filters: CarFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set(FILTER_PARAMS.search, filters.search);
  if (filters.brands.length > 0) params.set(FILTER_PARAMS.brands, filters.brands.join(','));
  if (filters.price) params.set(FILTER_PARAMS.price, filters.price);
  if (filters.make) params.set(FILTER_PARAMS.make, filters.make);
  if (filters.model) params.set(FILTER_PARAMS.model, filters.model);
  if (filters.type) params.set(FILTER_PARAMS.type, filters.type);
  if (filters.condition) params.set(FILTER_PARAMS.condition, filters.condition);
  if (filters.fuel) params.set(FILTER_PARAMS.fuel, filters.fuel);
  if (filters.transmission) params.set(FILTER_PARAMS.transmission, filters.transmission);
  if (filters.yearMin !== null) params.set(FILTER_PARAMS.yearMin, String(filters.yearMin));
  if (filters.yearMax !== null) params.set(FILTER_PARAMS.yearMax, String(filters.yearMax));
  if (filters.mileageMax !== null) params.set(FILTER_PARAMS.mileageMax, String(filters.mileageMax));
  if (filters.spin) params.set(FILTER_PARAMS.spin, '1');
  if (filters.inspected) params.set(FILTER_PARAMS.inspected, '1');
  if (filters.sort !== 'newest') params.set(FILTER_PARAMS.sort, filters.sort);
  if (filters.page > 1) params.set(FILTER_PARAMS.page, String(filters.page));
  return params;
}

/** `path` (/cars, a landing or brand page) with `filters` in its query. */
export function withQuery(path: string, filters: CarFilters): string {
  const query = writeCarFilters(filters).toString();
  return query ? `${path}?${query}` : path;
}

/** The `car.list` input of the filters: every filter runs on the server, one page at a time. */
export function toCarListInput(filters: CarFilters, pageSize: number): CarListInput {
  return {
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.brands.length > 0 ? { brands: filters.brands } : {}),
    ...(filters.price ? { priceRange: filters.price } : {}),
    ...(filters.make ? { make: filters.make } : {}),
    ...(filters.model ? { model: filters.model } : {}),
    ...(filters.type ? { bodyType: filters.type } : {}),
    ...(filters.condition ? { condition: filters.condition } : {}),
    ...(filters.fuel ? { fuelType: filters.fuel } : {}),
    ...(filters.transmission ? { transmission: filters.transmission } : {}),
    ...(filters.yearMin !== null ? { yearMin: filters.yearMin } : {}),
    ...(filters.yearMax !== null ? { yearMax: filters.yearMax } : {}),
    ...(filters.mileageMax !== null ? { mileageMax: filters.mileageMax } : {}),
    ...(filters.spin ? { spin: true } : {}),
    ...(filters.inspected ? { inspected: true } : {}),
    page: filters.page,
    pageSize,
    sort: filters.sort,
  };
}

/** Whether any filter is set (the page number and the sort order aside). */
export function hasActiveFilters(filters: CarFilters): boolean {
  return Boolean(
    filters.search ||
      filters.brands.length ||
      filters.price ||
      filters.make ||
      filters.model ||
      filters.type ||
      filters.condition ||
      filters.fuel ||
      filters.transmission ||
      filters.yearMin !== null ||
      filters.yearMax !== null ||
      filters.mileageMax !== null ||
      filters.spin ||
      filters.inspected,
  );
}
