import { type SiteRouteId, sitePath } from '@dealership/shared-schemas';
import type { CarLandingInput } from './car-landing.schema';
import { modelSlug } from './car-model-name';
import { BODY_TYPES, CONDITIONS, type BodyType, type Condition } from './car.constants';

/**
 * The landing pages (issue 30): `/cars` with fixed filters, one address per body type
 * (`/cars/body/suv`), budget (`/cars/under/1.5-million`), condition (`/cars/foreign-used`) and
 * brand model (`/cars/toyota/land-cruiser-prado`). Each value's slug is `modelSlug` of its name.
 */

/** The budget bands, in millions of KES: `/cars/under/{n}-million` lists the cars up to that price (inclusive). */
export const BUDGET_BANDS_MILLIONS = [1, 1.5, 2, 3, 5] as const;

/** A body type's slug in its landing page's address: "Station Wagon" -> "station-wagon". */
export const bodyTypeSlug = (bodyType: BodyType): string => modelSlug(bodyType);
/** A condition's slug: "Foreign Used" -> "foreign-used". */
export const conditionSlug = (condition: Condition): string => modelSlug(condition);
/** A budget band's slug: 1.5 -> "1.5-million". */
export const budgetSlug = (millions: number): string => `${millions}-million`;

/** The body type of a landing slug, or undefined when it is none of ours. */
export const bodyTypeOfSlug = (slug: string): BodyType | undefined => BODY_TYPES.find((t) => bodyTypeSlug(t) === slug);
/** The condition of a landing slug, or undefined. */
export const conditionOfSlug = (slug: string): Condition | undefined => CONDITIONS.find((c) => conditionSlug(c) === slug);
/** The budget band (millions) of a landing slug, or undefined ("1.50-million" and "7-million" are none). */
export const budgetOfSlug = (slug: string): number | undefined => BUDGET_BANDS_MILLIONS.find((m) => budgetSlug(m) === slug);

/**
 * The fixed filters of a body, budget or condition page (`car.list`'s names), or undefined when the
 * address names none of ours (an unknown combination: the page is a 404). A model page's filters
 * are its brand and model slugs, known only to the catalogue.
 */
export function landingListFilters(
  landing: CarLandingInput,
): { bodyType: BodyType } | { priceMax: number } | { condition: Condition } | { inspected: true } | { brands: string[]; model: string } | undefined {
  switch (landing.page) {
    case 'inspected':
      return { inspected: true };
    case 'body': {
      const bodyType = bodyTypeOfSlug(landing.bodyType);
      return bodyType && { bodyType };
    }
    case 'budget': {
      const millions = budgetOfSlug(landing.budget);
      return millions === undefined ? undefined : { priceMax: Math.round(millions * 1_000_000) };
    }
    case 'condition': {
      const condition = conditionOfSlug(landing.condition);
      return condition && { condition };
    }
    case 'model':
      // Only slug characters: anything else can be no model's (and no brand's) slug, and needs no lookup.
      if ((RESERVED_LANDING_WORDS as readonly string[]).includes(landing.brand)) return undefined;
      return LANDING_SLUG.test(landing.brand) && LANDING_SLUG.test(landing.model) ? { brands: [landing.brand], model: landing.model } : undefined;
  }
}

/** The word of the inspected cars' page in `/cars/{condition}` (no condition is called so). */
export const INSPECTED_LANDING = 'inspected';

/** What a brand or model slug can look like (`modelSlug`'s output; brand slugs are `slugify`'s, also a-z, 0-9 and hyphens). */
const LANDING_SLUG = /^[a-z0-9-]+$/;

/**
 * Words of the landing addresses that a brand's slug cannot stand for in `/cars/{brand}/{model}`:
 * `/cars/body/...` and `/cars/under/...` are the body and budget pages whatever brands exist. A brand
 * named "Body" keeps its brand page; its models get no landing page (nor a sitemap entry).
 */
export const RESERVED_LANDING_WORDS = ['body', 'under'] as const;

/** The routes of the landing pages in `SITE_ROUTES`. */
export type LandingRouteId = Extract<SiteRouteId, 'carsCondition' | 'carsLanding'>;

/**
 * The landing page a route and its params name, or undefined for a route that is no landing page.
 * The matching of `/cars/{group}/{value}`, in this order: `body` is a body type's page, `under` a
 * budget's, any other group a brand's model page (so a brand whose slug is `body` or `under` has
 * no model pages: `RESERVED_LANDING_WORDS`).
 */
export function landingOfRoute(route: SiteRouteId, params: Readonly<Record<string, string | undefined>>): CarLandingInput | undefined {
  if (route === 'carsCondition') return params['condition'] === INSPECTED_LANDING ? { page: 'inspected' } : { page: 'condition', condition: params['condition'] ?? '' };
  if (route !== 'carsLanding') return undefined;
  const group = params['group'] ?? '';
  const value = params['value'] ?? '';
  if (group === 'body') return { page: 'body', bodyType: value };
  if (group === 'under') return { page: 'budget', budget: value };
  return { page: 'model', brand: group, model: value };
}

/** The address of a landing page (`landingPath({ page: 'body', bodyType: 'suv' })` is `/cars/body/suv`). */
export function landingPath(landing: CarLandingInput): string {
  switch (landing.page) {
    case 'condition':
      return sitePath('carsCondition', { condition: landing.condition });
    case 'inspected':
      return sitePath('carsCondition', { condition: INSPECTED_LANDING });
    case 'body':
      return sitePath('carsLanding', { group: 'body', value: landing.bodyType });
    case 'budget':
      return sitePath('carsLanding', { group: 'under', value: landing.budget });
    case 'model':
      return sitePath('carsLanding', { group: landing.brand, value: landing.model });
  }
}
