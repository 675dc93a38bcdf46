import {
  BODY_TYPES,
  bodyTypeSlug,
  BUDGET_BANDS_MILLIONS,
  budgetSlug,
  type CarLanding,
  type CarLandingInput,
  CONDITIONS,
  conditionSlug,
  landingDescription,
  landingIntro,
  landingListFilters,
  landingPath,
  landingWords,
  META_DESCRIPTION_LENGTH,
  RESERVED_LANDING_WORDS,
} from '@dealership/car-schemas';
import { metaDescription } from '@dealership/shared-util';
import { CatalogueChanges } from './catalogue-changes';
import { sitePath } from '@dealership/shared-schemas';
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { carConditions } from './car-filters';
import { CarLandingNotFoundError } from './car.errors';
import { CarLandingRepository } from './car-landing.repository';

/** Landing answers kept in memory: the fixed pages and the models people open (an unknown address is kept too, as null). */
export const LANDING_CACHE_SIZE = 1000;

/** The landing pages with a fixed address (body, budget, condition, inspected), in the sitemap's order of their paths. */
export const FIXED_LANDING_PATHS: readonly string[] = [
  ...BODY_TYPES.map((t) => landingPath({ page: 'body', bodyType: bodyTypeSlug(t) })),
  ...BUDGET_BANDS_MILLIONS.map((m) => landingPath({ page: 'budget', budget: budgetSlug(m) })),
  ...CONDITIONS.map((c) => landingPath({ page: 'condition', condition: conditionSlug(c) })),
  landingPath({ page: 'inspected' }),
].sort();

const LANDING_PREFIX = `${sitePath('cars')}/`;

const cacheKey = (landing: CarLandingInput): string => JSON.stringify(landing);

/**
 * The landing pages' answers (`car.landing`): whether an address is one of ours, and its figures
 * (one aggregate over the matching listed cars). Kept per catalogue generation, as the car page
 * cache is (`CatalogueChanges`): any write to the catalogue, here or on another instance, moves the
 * generation, so no stale figure is served; while notifications are not heard, nothing is cached.
 */
@Injectable()
export class CarLandingService {
  private readonly cache = new LRUCache<string, { version: number; landing: CarLanding | null }>({ max: LANDING_CACHE_SIZE });

  constructor(
    private readonly cars: CarLandingRepository,
    private readonly changes: CatalogueChanges,
  ) {}

  /** The page's figures; `CarLandingNotFoundError` for an address that is none of ours (a 404). */
  async landing(input: CarLandingInput): Promise<CarLanding> {
    const landing = await this.find(input);
    if (!landing) throw new CarLandingNotFoundError();
    return landing;
  }

  /** Whether the landing page exists (the first-load status). */
  async exists(input: CarLandingInput): Promise<boolean> {
    return (await this.find(input)) !== null;
  }

  /** The page's answer, or null when the address names no page of ours; from the cache when this generation's. */
  private async find(input: CarLandingInput): Promise<CarLanding | null> {
    // The generation before the reads: a write that lands during them leaves the entry out of date.
    const version = this.changes.version;
    const key = cacheKey(input);
    const cached = version === undefined ? undefined : this.cache.get(key);
    if (cached && cached.version === version) return cached.landing;
    const landing = await this.read(input);
    if (version !== undefined) this.cache.set(key, { version, landing });
    return landing;
  }

  private async read(input: CarLandingInput): Promise<CarLanding | null> {
    const filters = landingListFilters(input);
    if (!filters) return null;
    let named: Pick<CarLanding, 'brand' | 'model'> = { brand: null, model: null };
    if (input.page === 'model') {
      const found = await this.cars.landingModel(input.brand, input.model);
      if (!found) return null;
      named = found;
    }
    const words = landingWords(input, named);
    if (!words) return null;
    const figures = await this.cars.landingFigures(carConditions(filters));
    return { ...named, ...figures, words, intro: landingIntro(words, figures), description: metaDescription(landingDescription(words, figures), META_DESCRIPTION_LENGTH) };
  }

  /**
   * The landing pages for the sitemap, in path order after `after` (at most `limit`): the fixed
   * ones (even while empty: they say so and lead on) and each model with listed cars, with its
   * cars' last change.
   */
  async sitemapEntries(after: string | undefined, limit: number): Promise<{ slug: string; path: string; updatedAt?: Date }[]> {
    // Every landing path starts `/cars/`; a model's key is the rest (`brand/model`), so keys and paths sort alike.
    const modelsAfter = after?.slice(LANDING_PREFIX.length);
    const fixed = FIXED_LANDING_PATHS.filter((path) => after === undefined || path > after).map((path) => ({ slug: path, path }));
    const models = (await this.cars.landingModels(modelsAfter, limit, RESERVED_LANDING_WORDS)).map(({ brand, model, updatedAt }) => {
      const path = landingPath({ page: 'model', brand, model });
      return { slug: path, path, updatedAt };
    });
    return [...fixed, ...models].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).slice(0, limit);
  }
}
