import { bodyPath, conditionPath, landingListFilters, landingPath, type CarLandingInput } from '@dealership/car-schemas';
import { sitePath } from '@dealership/shared-schemas';
import type { FixedCarFilters } from '../listing/CarListing';
import { withQuery } from '../filters/car-filter-params';

/**
 * A landing page's fixed filters for the listing (`useCarListing`): what the panel shows as set, what
 * the list is sent, and where a change to them leads: another body type or condition to its landing
 * page, clearing it (or a price range on a budget page, another brand on a model page) to /cars,
 * the buyer's other filters kept. Undefined for an address that is none of ours.
 */
export function landingFixedFilters(input: CarLandingInput): FixedCarFilters | undefined {
  const list = landingListFilters(input);
  if (!list) return undefined;
  if ('bodyType' in list) {
    const { bodyType } = list;
    return {
      filters: { type: bodyType },
      input: {},
      leaveFor: (next) => (next.type === bodyType ? undefined : withQuery(next.type ? bodyPath(next.type) : sitePath('cars'), { ...next, type: null })),
    };
  }
  if ('condition' in list) {
    const { condition } = list;
    return {
      filters: { condition },
      input: {},
      leaveFor: (next) =>
        next.condition === condition ? undefined : withQuery(next.condition ? conditionPath(next.condition) : sitePath('cars'), { ...next, condition: null }),
    };
  }
  if ('inspected' in list) {
    // Unticking "Inspected" leads to /cars with the buyer's other filters.
    return { filters: { inspected: true }, input: {}, leaveFor: (next) => (next.inspected ? undefined : withQuery(sitePath('cars'), next)) };
  }
  if ('priceMax' in list) {
    return { filters: {}, input: { priceMax: list.priceMax }, leaveFor: (next) => (next.price === null ? undefined : withQuery(sitePath('cars'), next)) };
  }
  const brand = list.brands[0];
  const { model } = list;
  return {
    filters: { brands: [brand], model },
    input: {},
    leaveFor: (next) => {
      const sameBrand = next.brands.length === 1 && next.brands[0] === brand && next.make === null;
      if (sameBrand && next.model === model) return undefined;
      // Another model of the brand is its own page; anything else is /cars with the filters.
      if (sameBrand && next.model) return withQuery(landingPath({ page: 'model', brand, model: next.model }), { ...next, brands: [], model: null });
      return withQuery(sitePath('cars'), next);
    },
  };
}

