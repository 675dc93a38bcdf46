import { type CarListFilters, type CarManageFilters, PRICE_CUT_RECENT_DAYS, PRICE_RANGES } from '@dealership/car-schemas';
import { cars } from '@dealership/car-data';
import { carInspectionSummaries } from '@dealership/inspection-data/published';
import { and, asc, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `text` as a literal ILIKE pattern: `%`, `_` and `\` lose their special meaning. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The price bounds a filter asks for: the chosen range intersected with explicit min/max. */
export function priceBounds(filters: Pick<CarListFilters, 'priceRange' | 'priceMin' | 'priceMax'>): { min?: number; max?: number } {
  const range = PRICE_RANGES.find((r) => r.label === filters.priceRange);
  const mins = [range?.min, filters.priceMin].filter((v): v is number => v !== undefined);
  const maxs = [range?.max, filters.priceMax].filter((v): v is number => v !== undefined);
  return { min: mins.length ? Math.max(...mins) : undefined, max: maxs.length ? Math.min(...maxs) : undefined };
}

/**
 * Ids of the brands matching `condition` (written against the alias `b`). Written as text because
 * Drizzle's relational queries re-alias every column in a `where` to the root table, which would
 * turn a `brands` column inside a subquery into a `cars` one.
 */
function brandIdsWhere(condition: SQL): SQL {
  return sql`(select b.id from brands b where ${condition})`;
}

/**
 * Cars listings and search show: all but the sold ones (whose pages stay). A literal, not a
 * parameter, and written as the partial indexes' predicate (`status <> 'Sold'`), so the planner can
 * use them whatever plan it caches.
 */
export const listedCars = (): SQL => sql`${cars.status} <> 'Sold'`;

/**
 * Cars whose name, body type or brand name contains `search` (literally, any case): one LIKE on
 * `search_text`, which holds the three lower-cased (kept by triggers), so one trigram index serves
 * it. The pattern is lower-cased by the same `lower()`; LIKE then does what ILIKE would, at about
 * half the cost per row (which the counts pay on every match).
 */
function searchCondition(search: string): SQL {
  return sql`${cars.searchText} like lower(${containsPattern(search)})`;
}

/**
 * SQL conditions of the catalogue filters over the listed (unsold) cars; an absent filter adds
 * nothing (passes every listed car).
 */
export function carConditions(filters: Omit<CarListFilters, 'sort' | 'page' | 'pageSize'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [listedCars()];

  if (filters.search) conditions.push(searchCondition(filters.search));
  if (filters.brands && filters.brands.length > 0) {
    const ids = filters.brands.filter((b) => UUID.test(b));
    const slugs = filters.brands.filter((b) => !UUID.test(b)).map((b) => b.toLowerCase());
    // Arrays as one parameter each, so the SQL text (and its prepared plan) does not vary with their length.
    const byId = ids.length ? sql`b.id = any(${sql.param(ids)}::uuid[])` : undefined;
    const bySlug = slugs.length ? sql`b.slug = any(${sql.param(slugs)}::text[])` : undefined;
    conditions.push(inArray(cars.brandId, brandIdsWhere(or(byId, bySlug) ?? sql`false`)));
  }
  if (filters.make) {
    conditions.push(inArray(cars.brandId, brandIdsWhere(sql`lower(b.name) = lower(${filters.make})`)));
  }
  if (filters.model) conditions.push(eq(cars.modelSlug, filters.model));
  const { min, max } = priceBounds(filters);
  if (min !== undefined) conditions.push(gte(cars.price, min));
  if (max !== undefined) conditions.push(lte(cars.price, max));
  if (filters.bodyType) conditions.push(eq(cars.bodyType, filters.bodyType));
  if (filters.condition) conditions.push(eq(cars.condition, filters.condition));
  if (filters.fuelType) conditions.push(eq(cars.fuelType, filters.fuelType));
  if (filters.transmission) conditions.push(eq(cars.transmission, filters.transmission));
  if (filters.yearMin !== undefined) conditions.push(gte(cars.year, filters.yearMin));
  if (filters.yearMax !== undefined) conditions.push(lte(cars.year, filters.yearMax));
  if (filters.mileageMin !== undefined) conditions.push(gte(cars.mileage, filters.mileageMin));
  if (filters.mileageMax !== undefined) conditions.push(lte(cars.mileage, filters.mileageMax));
  // Written as text, as brandIdsWhere is: a relational query would re-alias a car_spin_frames column to `cars`.
  if (filters.spin) conditions.push(sql`exists (select 1 from car_spin_frames f where f.car_id = ${cars.id})`);
  // The inspection domain's published view (its tables are its own).
  if (filters.inspected) conditions.push(sql`exists (select 1 from ${carInspectionSummaries} i where i.car_id = ${cars.id})`);

  return and(...conditions);
}

/**
 * SQL conditions of the back office's filters: every car, sold ones included; the search as the
 * catalogue's, the rest exact. An absent filter adds nothing.
 */
export function manageConditions(filters: Omit<CarManageFilters, 'page' | 'pageSize'>): SQL | undefined {
  return and(
    filters.search ? searchCondition(filters.search) : undefined,
    filters.brandId ? eq(cars.brandId, filters.brandId) : undefined,
    filters.status ? eq(cars.status, filters.status) : undefined,
    filters.featured === undefined ? undefined : eq(cars.featured, filters.featured),
  );
}

/**
 * ORDER BY of a sort; the id breaks ties so pages never overlap. Each matches one of the cars
 * table's indexes exactly, NULLS placement included (`desc` is NULLS FIRST, `asc` NULLS LAST;
 * price_desc reads the price index backwards): change one, change the other.
 */
export function carOrder(sort: CarListFilters['sort']): SQL[] {
  switch (sort) {
    case 'price_asc':
      return [asc(cars.price), asc(cars.id)];
    case 'price_desc':
      return [desc(cars.price), desc(cars.id)];
    case 'year_desc':
      return [desc(cars.year), desc(cars.createdAt), desc(cars.id)];
    case 'mileage_asc':
      return [asc(cars.mileage), asc(cars.id)];
    case 'newest':
      return [desc(cars.createdAt), desc(cars.id)];
    case 'reduced':
      // As `cars_listed_reduced_idx` is ordered (NULLS LAST), so a page is that index's first entries.
      return [sql`${cars.priceReducedAt} desc nulls last`, sql`${cars.id} desc nulls last`];
  }
}

/** The cars whose price was cut in the last PRICE_CUT_RECENT_DAYS (what the "Recently reduced" order lists). */
export function recentlyReduced(): SQL {
  return sql`${cars.priceReducedAt} > now() - make_interval(days => ${sql.raw(String(PRICE_CUT_RECENT_DAYS))})`;
}
