import { sitePath } from '@dealership/shared-schemas';
import { bodyTypeOfSlug, bodyTypeSlug, budgetOfSlug, budgetSlug, conditionOfSlug, conditionSlug, landingPath } from './car-landing';
import type { CarLanding, CarLandingInput } from './car-landing.schema';
import type { BodyType, Condition } from './car.constants';

// What the landing pages say (issue 30): written by the server into `car.landing`'s answer, so the
// pages' first load carries none of it; the links between the pages (web) read the plurals and paths.

/** How the pages name body types in the plural ("SUVs for Sale in Kenya"). */
export const BODY_PLURALS: Record<BodyType, string> = {
  SUV: 'SUVs',
  Sedan: 'Sedans',
  Hatchback: 'Hatchbacks',
  'Station Wagon': 'Station Wagons',
  Pickup: 'Pickups',
  Van: 'Vans',
  Coupe: 'Coupes',
};

export const kes = (amount: number) => `KES ${amount.toLocaleString('en-KE')}`;
export const millions = (m: number) => `KES ${m} million`;

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

export const bodyPath = (bodyType: BodyType) => landingPath({ page: 'body', bodyType: bodyTypeSlug(bodyType) });
export const budgetPath = (m: number) => landingPath({ page: 'budget', budget: budgetSlug(m) });
export const conditionPath = (condition: Condition) => landingPath({ page: 'condition', condition: conditionSlug(condition) });

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
    case 'inspected':
      return {
        heading: 'Inspected Cars for Sale in Kenya',
        one: 'inspected car',
        many: 'inspected cars',
        path: landingPath({ page: 'inspected' }),
        trail: [],
        label: 'Inspected cars',
      };
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

