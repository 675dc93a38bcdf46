import {
  BODY_TYPES,
  bodyTypeOfSlug,
  bodyTypeSlug,
  BUDGET_BANDS_MILLIONS,
  budgetOfSlug,
  budgetSlug,
  type BodyType,
  type CarLanding,
  type CarLandingInput,
  type CarModelOption,
  type Condition,
  CONDITIONS,
  conditionOfSlug,
  conditionSlug,
  landingListFilters,
  landingPath,
} from '@dealership/car-schemas';
import { sitePath } from '@dealership/shared-schemas';
import type { FixedCarFilters } from '../listing/CarListing';
import { type CarFilters, writeCarFilters } from '../filters/car-filter-params';

/** How the pages name body types in the plural ("SUVs for Sale in Kenya"). */
const BODY_PLURALS: Record<BodyType, string> = {
  SUV: 'SUVs',
  Sedan: 'Sedans',
  Hatchback: 'Hatchbacks',
  'Station Wagon': 'Station Wagons',
  Pickup: 'Pickups',
  Van: 'Vans',
  Coupe: 'Coupes',
};

const kes = (amount: number) => `KES ${amount.toLocaleString('en-KE')}`;
const millions = (m: number) => `KES ${m} million`;

/** A link to another landing page. */
export interface LandingLink {
  label: string;
  to: string;
}

/** A group of links between the landing pages ("Other body types"). */
export interface LandingLinkGroup {
  title: string;
  links: LandingLink[];
}

/** What a landing page says: its heading, what its cars are called, its address and its trail. */
export interface LandingWords {
  heading: string;
  /** The cars in a sentence: one and many ("SUV", "SUVs"; "car under KES 1 million" ...). */
  one: string;
  many: string;
  path: string;
  /** The trail after Home > Cars. */
  trail: LandingLink[];
  /** The last crumb (this page). */
  label: string;
}

const bodyPath = (bodyType: BodyType) => landingPath({ page: 'body', bodyType: bodyTypeSlug(bodyType) });
const budgetPath = (m: number) => landingPath({ page: 'budget', budget: budgetSlug(m) });
const conditionPath = (condition: Condition) => landingPath({ page: 'condition', condition: conditionSlug(condition) });

/**
 * The words of a landing page; undefined for an address of none (an unknown body type, budget or
 * condition; a model page's names come from the catalogue, so it needs `landing`).
 */
export function landingWords(input: CarLandingInput, landing: Pick<CarLanding, 'brand' | 'model'> | undefined): LandingWords | undefined {
  switch (input.page) {
    case 'body': {
      const bodyType = bodyTypeOfSlug(input.bodyType);
      if (!bodyType) return undefined;
      const many = BODY_PLURALS[bodyType];
      return { heading: `${many} for Sale in Kenya`, one: bodyType, many, path: bodyPath(bodyType), trail: [], label: many };
    }
    case 'budget': {
      const m = budgetOfSlug(input.budget);
      if (m === undefined) return undefined;
      return {
        heading: `Cars Under KES ${m} Million in Kenya`,
        one: `car under ${millions(m)}`,
        many: `cars under ${millions(m)}`,
        path: budgetPath(m),
        trail: [],
        label: `Under ${millions(m)}`,
      };
    }
    case 'condition': {
      const condition = conditionOfSlug(input.condition);
      if (!condition) return undefined;
      return {
        heading: `${condition} Cars for Sale in Kenya`,
        one: `${condition.toLowerCase()} car`,
        many: `${condition.toLowerCase()} cars`,
        path: conditionPath(condition),
        trail: [],
        label: `${condition} cars`,
      };
    }
    case 'model': {
      if (!landing?.brand || !landing.model) return undefined;
      const name = `${landing.brand.name} ${landing.model}`;
      return {
        heading: `${name} for Sale in Kenya`,
        one: name,
        many: `${name} cars`,
        path: landingPath({ page: 'model', brand: landing.brand.slug, model: input.model }),
        trail: [{ label: landing.brand.name, to: sitePath('brand', { slug: landing.brand.slug }) }],
        label: landing.model,
      };
    }
  }
}

/**
 * The page's introduction, from its figures: how many cars, their price range and average mileage.
 * "We have 12 SUVs in stock in Mombasa, priced from KES 1,250,000 to KES 8,900,000, with 64,000 km on the clock on average."
 */
export function landingIntro(words: Pick<LandingWords, 'one' | 'many'>, { count, priceMin, priceMax, averageMileage }: Pick<CarLanding, 'count' | 'priceMin' | 'priceMax' | 'averageMileage'>): string {
  if (count === 0 || priceMin === null || priceMax === null || averageMileage === null) return `We have no ${words.many} in stock right now.`;
  const mileage = `${averageMileage.toLocaleString('en-KE')} km`;
  if (count === 1) return `We have 1 ${words.one} in stock in Mombasa, priced at ${kes(priceMin)}, with ${mileage} on the clock.`;
  const prices = priceMin === priceMax ? `all priced at ${kes(priceMin)}` : `priced from ${kes(priceMin)} to ${kes(priceMax)}`;
  return `We have ${count.toLocaleString('en-KE')} ${words.many} in stock in Mombasa, ${prices}, with ${mileage} on the clock on average.`;
}

/** The meta description: the heading's subject and figures, then what the dealer offers (cut to the meta length by the page). */
export function landingDescription(words: LandingWords, figures: Pick<CarLanding, 'count' | 'priceMin' | 'priceMax' | 'averageMileage'>): string {
  return `${landingIntro(words, figures)} Import on your behalf, financing and trade-ins from a Mombasa dealer with a 100% delivery record.`;
}

/**
 * The links to the other landing pages: the brand's other models (model pages), the neighbouring
 * budgets (the band below and above on a budget page, every band elsewhere), the other body types
 * and the other conditions; the page's own kind first.
 */
export function landingLinks(input: CarLandingInput, landing: Pick<CarLanding, 'brand'> | undefined, models: CarModelOption[] | undefined): LandingLinkGroup[] {
  const groups: LandingLinkGroup[] = [];
  if (input.page === 'model' && landing?.brand) {
    const brand = landing.brand;
    const others = (models ?? []).filter((m) => m.slug !== input.model);
    groups.push({
      title: `Other ${brand.name} models`,
      links: [
        ...others.map((m) => ({ label: `${brand.name} ${m.model}`, to: landingPath({ page: 'model', brand: brand.slug, model: m.slug }) })),
        { label: `All ${brand.name} vehicles`, to: sitePath('brand', { slug: brand.slug }) },
      ],
    });
  }
  const band = input.page === 'budget' ? budgetOfSlug(input.budget) : undefined;
  const bandAt = band === undefined ? -1 : BUDGET_BANDS_MILLIONS.indexOf(band as (typeof BUDGET_BANDS_MILLIONS)[number]);
  const budgets = bandAt < 0 ? [...BUDGET_BANDS_MILLIONS] : [BUDGET_BANDS_MILLIONS[bandAt - 1], BUDGET_BANDS_MILLIONS[bandAt + 1]].filter((m) => m !== undefined);
  groups.push({ title: bandAt < 0 ? 'By budget' : 'Other budgets', links: budgets.map((m) => ({ label: `Under ${millions(m)}`, to: budgetPath(m) })) });
  const body = input.page === 'body' ? bodyTypeOfSlug(input.bodyType) : undefined;
  groups.push({
    title: body ? 'Other body types' : 'By body type',
    links: BODY_TYPES.filter((t) => t !== body).map((t) => ({ label: BODY_PLURALS[t], to: bodyPath(t) })),
  });
  const condition = input.page === 'condition' ? conditionOfSlug(input.condition) : undefined;
  groups.push({
    title: condition ? 'Other conditions' : 'By condition',
    links: CONDITIONS.filter((c) => c !== condition).map((c) => ({ label: `${c} cars`, to: conditionPath(c) })),
  });
  // The page's own kind first (other body types on a body page ...): an empty page suggests those.
  const own = groups.findIndex((group) => group.title.startsWith('Other '));
  if (own > 0) groups.unshift(...groups.splice(own, 1));
  return groups.filter((group) => group.links.length > 0);
}

/** `/cars` (or another landing page) with `filters` in its query. */
function withQuery(path: string, filters: CarFilters): string {
  const query = writeCarFilters(filters).toString();
  return query ? `${path}?${query}` : path;
}

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
