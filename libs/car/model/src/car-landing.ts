import { type SiteRouteId, text } from '@dealership/shared-schemas';
import { z } from 'zod';
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

/** A landing page as its address names it (the values are the address's slugs, checked by the server). */
export const CarLandingInputSchema = z.discriminatedUnion('page', [
  z.object({ page: z.literal('body'), bodyType: text().max(80, { error: 'bodyType must be at most 80 characters' }) }),
  z.object({ page: z.literal('budget'), budget: text().max(80, { error: 'budget must be at most 80 characters' }) }),
  z.object({ page: z.literal('condition'), condition: text().max(80, { error: 'condition must be at most 80 characters' }) }),
  z.object({
    page: z.literal('model'),
    brand: text().max(80, { error: 'brand must be at most 80 characters' }),
    model: text().max(80, { error: 'model must be at most 80 characters' }),
  }),
]);
export type CarLandingInput = z.infer<typeof CarLandingInputSchema>;

/**
 * A landing page's figures (`car.landing`), from one aggregate over its listed cars: how many,
 * the cheapest and dearest price (KES) and the average mileage (km, rounded); the prices and
 * mileage are null when there is no car. `brand` and `model` name a model page's brand and model
 * as the catalogue spells them (null on the other pages).
 */
export const CarLandingSchema = z.object({
  brand: z.object({ name: text(), slug: text() }).nullable(),
  model: text().nullable(),
  count: z.number().int(),
  priceMin: z.number().int().nullable(),
  priceMax: z.number().int().nullable(),
  averageMileage: z.number().int().nullable(),
});
export type CarLanding = z.infer<typeof CarLandingSchema>;

/**
 * The fixed filters of a body, budget or condition page (`car.list`'s names), or undefined when the
 * address names none of ours (an unknown combination: the page is a 404). A model page's filters
 * are its brand and model slugs, known only to the catalogue.
 */
export function landingListFilters(
  landing: CarLandingInput,
): { bodyType: BodyType } | { priceMax: number } | { condition: Condition } | { brands: string[]; model: string } | undefined {
  switch (landing.page) {
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

/** What a brand or model slug can look like (`modelSlug`'s output; brand slugs are `slugify`'s, also a-z, 0-9 and hyphens). */
const LANDING_SLUG = /^[a-z0-9-]+$/;

/**
 * Words of the landing addresses that a brand's slug cannot stand for in `/cars/{brand}/{model}`:
 * `/cars/body/...` and `/cars/under/...` are the body and budget pages whatever brands exist. A brand
 * named "Body" keeps its brand page; its models get no landing page (nor a sitemap entry).
 */
export const RESERVED_LANDING_WORDS = ['body', 'under'] as const;

/** The routes of the landing pages in `SITE_ROUTES`. */
export type LandingRouteId = Extract<SiteRouteId, 'carsBody' | 'carsUnder' | 'carsCondition' | 'carsModel'>;

/** The landing page a route and its params name, or undefined for a route that is no landing page. */
export function landingOfRoute(route: SiteRouteId, params: Readonly<Record<string, string | undefined>>): CarLandingInput | undefined {
  switch (route) {
    case 'carsBody':
      return { page: 'body', bodyType: params['bodyType'] ?? '' };
    case 'carsUnder':
      return { page: 'budget', budget: params['budget'] ?? '' };
    case 'carsCondition':
      return { page: 'condition', condition: params['condition'] ?? '' };
    case 'carsModel':
      return { page: 'model', brand: params['brand'] ?? '', model: params['model'] ?? '' };
    default:
      return undefined;
  }
}

