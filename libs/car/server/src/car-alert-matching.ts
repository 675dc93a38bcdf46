import { CarListInputSchema, type CarListInput, type CarStatus } from '@dealership/car-model';
import { cars } from '@dealership/car-data';
import { type Database, DB, executeRows, type Transaction } from '@dealership/server-db';
import { Inject, Injectable, Module } from '@nestjs/common';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { carConditions } from './car-filters';

/** A saved search to test: the caller's key for it and the catalogue filters it holds. */
export interface SavedCarSearch {
  key: string;
  filters: CarListInput;
}

/** A car as an alert message names it. */
export interface CarForAlert {
  id: string;
  name: string;
  slug: string;
  price: number;
  status: CarStatus;
}

/** Searches tested in one statement: a few hundred small branches, each a primary-key probe. */
const SEARCHES_PER_QUERY = 200;

/**
 * The car domain's port for buyers' alerts: which saved searches new cars match, judged by the
 * very conditions of the catalogue's list (`carConditions`), so a saved search and the /cars page
 * it came from always agree. Cheap with many saved searches: only the given (new) cars are read,
 * by primary key, and searches with the same filters are tested once.
 */
@Injectable()
export class CarAlertMatching {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** The pairs (search key, car id) where a car of `carIds` is listed and passes the search's filters (read in `db`, the caller's transaction if given). */
  async matchSearches(searches: readonly SavedCarSearch[], carIds: readonly string[], db: Database | Transaction = this.db): Promise<{ key: string; carId: string }[]> {
    if (searches.length === 0 || carIds.length === 0) return [];
    // Searches with the same filters are one branch; a filter set no longer valid (the catalogue's
    // rules changed since it was saved) matches nothing rather than everything.
    const keysByFilters = new Map<string, string[]>();
    const conditions = new Map<string, SQL | undefined>();
    for (const search of searches) {
      const parsed = CarListInputSchema.safeParse(search.filters);
      if (!parsed.success) continue;
      const { sort: _sort, page: _page, pageSize: _pageSize, ...filters } = parsed.data;
      const canonical = JSON.stringify(Object.entries(filters).sort(([a], [b]) => a.localeCompare(b)));
      const keys = keysByFilters.get(canonical) ?? [];
      if (keys.length === 0) conditions.set(canonical, carConditions(filters));
      keys.push(search.key);
      keysByFilters.set(canonical, keys);
    }
    const groups = [...conditions.entries()];
    const matches: { key: string; carId: string }[] = [];
    const ids = sql.param([...carIds]);
    for (let start = 0; start < groups.length; start += SEARCHES_PER_QUERY) {
      const batch = groups.slice(start, start + SEARCHES_PER_QUERY);
      const branches = batch.map(
        ([, condition], index) =>
          sql`select ${start + index}::int as branch, ${cars.id} as car_id from ${cars} where ${cars.id} = any(${ids}::uuid[]) and ${condition ?? sql`true`}`,
      );
      const rows = await executeRows<{ branch: number; car_id: string }>(db, sql.join(branches, sql` union all `));
      for (const row of rows) {
        const [canonical] = groups[Number(row.branch)];
        for (const key of keysByFilters.get(canonical) ?? []) matches.push({ key, carId: row.car_id });
      }
    }
    return matches;
  }

  /** The cars of `ids` that exist, as a message names them (read in `db`, the caller's transaction if given). */
  find(ids: readonly string[], db: Database | Transaction = this.db): Promise<CarForAlert[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .select({ id: cars.id, name: cars.name, slug: cars.slug, price: cars.price, status: cars.status })
      .from(cars)
      .where(inArray(cars.id, [...ids]));
  }
}

/** Provides `CarAlertMatching` alone, for the alerts feature. */
@Module({ providers: [CarAlertMatching], exports: [CarAlertMatching] })
export class CarAlertMatchingModule {}
