import type { CarListInput } from '@dealership/car-model';

/** What a saved search is called: its filters in words ("SUV, Diesel, 2018 to 2022"), or "All cars". */
export function describeSearch(filters: CarListInput): string {
  const brands = typeof filters.brands === 'string' ? filters.brands.split(',') : (filters.brands ?? []);
  const words = (slug: string) => slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
  const years =
    filters.yearMin !== undefined && filters.yearMax !== undefined
      ? `${filters.yearMin} to ${filters.yearMax}`
      : filters.yearMin !== undefined
        ? `${filters.yearMin} or newer`
        : filters.yearMax !== undefined
          ? `${filters.yearMax} or older`
          : '';
  const parts = [
    filters.search ? `"${filters.search}"` : '',
    ...brands.filter(Boolean).map(words),
    filters.make ?? '',
    filters.model ? words(filters.model) : '',
    filters.bodyType ?? '',
    filters.condition ?? '',
    filters.fuelType ?? '',
    filters.transmission ?? '',
    filters.priceRange ?? '',
    filters.priceMin !== undefined ? `from KSh ${Number(filters.priceMin).toLocaleString('en-KE')}` : '',
    filters.priceMax !== undefined ? `up to KSh ${Number(filters.priceMax).toLocaleString('en-KE')}` : '',
    years,
    filters.mileageMax !== undefined ? `up to ${Number(filters.mileageMax).toLocaleString('en-KE')} km` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ').slice(0, 200) : 'All cars';
}

/** The /cars query names of the filters a search keeps (the listing's own, `FILTER_PARAMS` in car-web). */
const SEARCH_PARAMS = {
  search: 'search',
  brands: 'brands',
  priceRange: 'price',
  make: 'make',
  model: 'model',
  bodyType: 'type',
  condition: 'condition',
  fuelType: 'fuel',
  transmission: 'transmission',
  yearMin: 'yearFrom',
  yearMax: 'yearTo',
  mileageMax: 'mileageTo',
} as const satisfies Partial<Record<keyof CarListInput, string>>;

/** The /cars address of a saved search (the listing's own query names). */
export function searchPath(filters: CarListInput): string {
  const params = new URLSearchParams();
  for (const [field, name] of Object.entries(SEARCH_PARAMS)) {
    const raw = filters[field as keyof typeof SEARCH_PARAMS];
    const value = Array.isArray(raw) ? raw.join(',') : raw;
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `/cars?${query}` : '/cars';
}

/** The filters of a /cars query string, as `car.list` takes them (the server checks them). */
export function searchFromQuery(params: URLSearchParams): CarListInput {
  const filters: Record<string, string | string[]> = {};
  for (const [field, name] of Object.entries(SEARCH_PARAMS)) {
    const value = params.get(name)?.trim();
    if (value) filters[field] = field === 'brands' ? value.split(',').filter(Boolean) : value;
  }
  return filters as CarListInput;
}
