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

/** The /cars address of a saved search (the listing's own query names). */
export function searchPath(filters: CarListInput): string {
  const params = new URLSearchParams();
  const brands = typeof filters.brands === 'string' ? filters.brands : (filters.brands ?? []).join(',');
  const entries: [string, unknown][] = [
    ['search', filters.search],
    ['brands', brands],
    ['price', filters.priceRange],
    ['make', filters.make],
    ['type', filters.bodyType],
    ['condition', filters.condition],
    ['fuel', filters.fuelType],
    ['transmission', filters.transmission],
    ['yearFrom', filters.yearMin],
    ['yearTo', filters.yearMax],
    ['mileageTo', filters.mileageMax],
  ];
  for (const [name, value] of entries) if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  const query = params.toString();
  return query ? `/cars?${query}` : '/cars';
}
