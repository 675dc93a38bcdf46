import { BODY_TYPES, PRICE_RANGES, type BodyType, type CarListInput, type PriceRangeLabel } from '@dealership/car-schemas';

/** Query-string names of the listing filters; the URL holds them so a filtered list can be shared. */
export const FILTER_PARAMS = {
  search: 'search',
  brands: 'brands',
  price: 'price',
  make: 'make',
  type: 'type',
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
  /** Body type from a shortcut link (`/cars?type=SUV`). */
  type: BodyType | null;
  page: number;
}

/** Limits of `CarListInputSchema`: longer values would be refused by the server. */
const MAX_SEARCH_LENGTH = 100;
const MAX_BRANDS = 50;

export const EMPTY_FILTERS: CarFilters = { search: '', brands: [], price: null, make: null, type: null, page: 1 };

function isPriceRange(value: string): value is PriceRangeLabel {
  return PRICE_RANGES.some((range) => range.label === value);
}

function isBodyType(value: string): value is BodyType {
  return (BODY_TYPES as readonly string[]).includes(value);
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
  return {
    search: (params.get(FILTER_PARAMS.search) ?? '').trim().slice(0, MAX_SEARCH_LENGTH).trim(),
    brands: [...new Set(brands)],
    price: isPriceRange(price) ? price : null,
    make: params.get(FILTER_PARAMS.make)?.trim() || null,
    type: isBodyType(bodyType) ? bodyType : null,
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
  if (filters.type) params.set(FILTER_PARAMS.type, filters.type);
  if (filters.page > 1) params.set(FILTER_PARAMS.page, String(filters.page));
  return params;
}

/** The `car.list` input of the filters: every filter runs on the server, one page at a time. */
export function toCarListInput(filters: CarFilters, pageSize: number): CarListInput {
  return {
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.brands.length > 0 ? { brands: filters.brands } : {}),
    ...(filters.price ? { priceRange: filters.price } : {}),
    ...(filters.make ? { make: filters.make } : {}),
    ...(filters.type ? { bodyType: filters.type } : {}),
    page: filters.page,
    pageSize,
    sort: 'newest',
  };
}

/** Whether any filter is set (the page number aside). */
export function hasActiveFilters(filters: CarFilters): boolean {
  return Boolean(filters.search || filters.brands.length || filters.price || filters.make || filters.type);
}
