import { sitePath } from '@dealership/shared-schemas';
import { useMemo } from 'react';
import { hasActiveFilters, withQuery } from '../filters/car-filter-params';
import { type CarListingState, type FixedCarFilters, useCarListing } from './CarListing';

// Apart from the landing pages' module: a brand page's first load carries none of their vocabulary.

/**
 * A brand page's fixed filter (`/brand/toyota` is /cars with the brand ticked): the buyer refines the
 * rest (a model among them) in its query; unticking the brand, or ticking another, leads to /cars
 * with the buyer's other filters kept.
 */
export function brandFixedFilters(slug: string): FixedCarFilters {
  return {
    filters: { brands: [slug] },
    input: {},
    leaveFor: (next) => (next.brands.length === 1 && next.brands[0] === slug && next.make === null ? undefined : withQuery(sitePath('cars'), next)),
  };
}

/**
 * The listing of a brand page (issue 30: the filters and sort of /cars on /brand/{slug}), and whether
 * the buyer narrowed it (then an empty page is "no car matches", not "none in stock").
 */
export function useBrandListing(slug: string): CarListingState & { refined: boolean } {
  const fixed = useMemo(() => brandFixedFilters(slug), [slug]);
  const listing = useCarListing(fixed);
  return { ...listing, refined: hasActiveFilters({ ...listing.filters, brands: [] }) };
}
