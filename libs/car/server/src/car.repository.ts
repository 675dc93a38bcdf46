import {
  type Car,
  type CarCreateFields,
  type CarStaff,
  type CarListFilters,
  type CarManageFilters,
  type CarPage,
  type CarPriceChange,
} from '@dealership/car-schemas';
import type { ImageRef } from '@dealership/media-schemas';
import { brandImages, brands } from '@dealership/brand-data';
import { carImages, carQueries, cars } from '@dealership/car-data';
import { CatalogueChanges } from './catalogue-changes';
import { CAR_CATALOGUE, CatalogueRows, type CatalogueWriteResult } from './catalogue-writes';
import { type Database, DB, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgError, type Transaction } from '@dealership/server-db';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gte, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { carConditions, carOrder, listedCars, manageConditions, recentlyReduced } from './car-filters';
import { guardCarEdit, priceChangesOf } from './car-price-history';
import { carJson, chassisNumberEnd, inspected, priceReduction } from './car-json';

/**
 * Lists count their matches exactly up to this many, then report the total as capped ("10,000+").
 * Without a search the count reads index entries only (no row), so 10,001 of them stay cheap.
 */
export const CAR_COUNT_CAP = 10_000;

/**
 * A search counts exactly up to this many ("1,000+" beyond): its count must read every matching
 * row (the trigram index only narrows the candidates, each is checked again), so a common word
 * would otherwise read up to 10,001 rows per request, more the larger the catalogue.
 */
export const CAR_SEARCH_COUNT_CAP = 1_000;

/** Injection token of the count caps (tests give small ones). */
export const CAR_COUNT_CAP_TOKEN = Symbol('CAR_COUNT_CAP');

/** The count caps: every list, and lists with a search. */
export interface CarCountCaps {
  all: number;
  search: number;
  /** Up to this many matches a page with the panel's filters is read and sorted (SORTED_MATCHES_MAX; tests set others). */
  sortedMatchesMax?: number;
}

/** A car's columns as the service sets them (everything but the id, brand, pictures and timestamps). */
export type CarColumns = Omit<CarCreateFields, 'brandId' | 'images'> & { slug: string };

/** What a write came to: done, or why not (an unknown brand; the slug taken meanwhile). */
export type CarWriteResult = CatalogueWriteResult<CarWriteFailure | 'not-found' | 'held-by-order'>;

/** The failures a car's insert or update expects: an unknown brand, a stock number another car holds. */
type CarWriteFailure = 'brand-not-found' | 'stock-number-taken';

/** The failed write's reason when it is one we expect, else rethrows. */
function writeFailure(error: unknown): CatalogueWriteResult<CarWriteFailure | 'not-found'> {
  const { code, constraint } = pgError(error);
  if (code === PG_FOREIGN_KEY_VIOLATION && constraint?.includes('brand')) return { ok: false, reason: 'brand-not-found' };
  if (code === PG_UNIQUE_VIOLATION && constraint === 'cars_stock_number_key') return { ok: false, reason: 'stock-number-taken' };
  if (code === PG_UNIQUE_VIOLATION && constraint === 'cars_slug_key') return { ok: false, reason: 'slug-taken' };
  throw error;
}

/**
 * Cars with their pictures in order, and their brand with the brand's logo, through Drizzle's
 * relational query: the legacy "all cars" call (streamed in pages by the catalogue export) and the
 * reference `carJson` is tested against. The hot reads select `carJson` instead (see car-json.ts).
 */
export function findCars(db: Database, where?: SQL, orderBy?: SQL[]) {
  return carQueries(db).cars.findMany({
    where,
    orderBy,
    columns: { brandId: false, searchText: false, modelSlug: false, chassisNumber: false, priceReducedAt: false, priceReducedBy: false },
    extras: { chassisNumberEnd: chassisNumberEnd.as('chassis_number_end'), priceReduction: priceReduction.as('price_reduction'), inspected: inspected.as('inspected') },
    with: {
      images: { columns: { url: true, publicId: true }, orderBy: [asc(carImages.position)] },
      brand: {
        columns: { id: true, name: true, slug: true },
        with: { images: { columns: { url: true, publicId: true }, orderBy: [asc(brandImages.position)] } },
      },
    },
  });
}

/** A car as `findCars` loads it (the type Drizzle infers from the query). */
type CarRow = Awaited<ReturnType<typeof findCars>>[number];

/** The contract's car from a loaded row: the columns carry the contract's names, timestamps become ISO text. */
export function toCar(row: CarRow): Car {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/**
 * Runs a query built per request (a filtered page's count) as a prepared statement named after
 * its SQL text: the same filters in another request are the same text with other parameters, so
 * PostgreSQL parses it once per connection and, after five runs, may keep one plan for all values.
 * Only for queries whose best plan does not depend on the values. The shapes are few: each filter
 * is there or not, its values are parameters.
 */
function executeByShape<T>(query: { toSQL(): { sql: string }; prepare(name: string): { execute(): Promise<T> } }): Promise<T> {
  const name = `cars_${createHash('sha1').update(query.toSQL().sql).digest('base64url')}`;
  return query.prepare(name).execute();
}


/**
 * Past this many matches a filtered page walks its sort's index; up to it, the matches are read
 * through the filters' indexes and sorted (see `page`).
 */
export const SORTED_MATCHES_MAX = 2_000;

/**
 * Whether the buyer's panel filters that no sort index narrows are set (body, fuel, gearbox,
 * condition, year, mileage, model): their matches can be few and far apart in the sort's order.
 */
function hasPanelFilter(filters: CarListFilters): boolean {
  const { bodyType, fuelType, transmission, condition, yearMin, yearMax, mileageMin, mileageMax, model } = filters;
  return [bodyType, fuelType, transmission, condition, yearMin, yearMax, mileageMin, mileageMax, model].some((value) => value !== undefined);
}

/** Whether the filters narrow the catalogue at all (an empty list or text passes every car, as in `carConditions`). */
function hasFilter({ sort: _sort, page: _page, pageSize: _pageSize, brands, ...others }: CarListFilters): boolean {
  return (brands?.length ?? 0) > 0 || Object.values(others).some((value) => value !== undefined && value !== '');
}

/** The only code that reads the car tables; it returns contract cars, never raw rows. */
@Injectable()
export class CarRepository {
  // The hot reads are prepared once: Postgres plans them once per connection instead of per request.
  private readonly byIds;
  private readonly bySlugQuery;
  private readonly bySlugsQuery;
  private readonly newestPageQuery;
  private readonly listedCountQuery;
  private readonly countCaps: CarCountCaps;

  private readonly rows: CatalogueRows<typeof cars, CarWriteFailure | 'not-found'>;

  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly changes: CatalogueChanges,
    @Optional() @Inject(CAR_COUNT_CAP_TOKEN) caps: number | CarCountCaps = { all: CAR_COUNT_CAP, search: CAR_SEARCH_COUNT_CAP },
  ) {
    this.rows = new CatalogueRows(db, changes, CAR_CATALOGUE, writeFailure);
    this.countCaps = typeof caps === 'number' ? { all: caps, search: Math.min(caps, CAR_SEARCH_COUNT_CAP) } : caps;
    // `wanted` keeps the order of the ids given (a page's order).
    this.byIds = db
      .select({ car: carJson })
      .from(sql`unnest(${sql.placeholder('ids')}::uuid[]) with ordinality as wanted(id, n)`)
      .innerJoin(cars, sql`${cars.id} = wanted.id`)
      .orderBy(sql`wanted.n`)
      .prepare('cars_by_ids');
    this.bySlugQuery = db
      .select({ car: carJson })
      .from(cars)
      .where(eq(cars.slug, sql.placeholder('slug')))
      .prepare('car_by_slug');
    this.bySlugsQuery = db
      .select({ car: carJson })
      .from(sql`unnest(${sql.placeholder('slugs')}::text[]) with ordinality as wanted(slug, n)`)
      .innerJoin(cars, sql`${cars.slug} = wanted.slug`)
      .orderBy(sql`wanted.n`)
      .prepare('cars_by_slugs');
    // The unfiltered catalogue, newest first (the cars page as it opens, the home page): the page's
    // cars in one statement (its ids read from cars_listed_created_idx inside it), and its count.
    this.newestPageQuery = this.pageQuery(listedCars(), carOrder('newest'), sql.placeholder('limit'), sql.placeholder('offset')).prepare('cars_newest_page');
    const upToCap = db
      .select({ one: sql`1` })
      .from(cars)
      .where(listedCars())
      .limit(sql.placeholder('limit'))
      .as('up_to_cap');
    this.listedCountQuery = db.select({ counted: count() }).from(upToCap).prepare('cars_listed_count');
  }

  /**
   * The cars of one page of `where` in `orderBy`, in one statement: the page's ids first (an index
   * scan that stops at the page's end, inside `array(...)`), then only those cars built as JSON, in
   * the ids' order: never pictures and brands for every matching car before the sort and the cut.
   */
  private pageQuery(where: SQL | undefined, orderBy: SQL[], limit: number | Placeholder, offset: number | Placeholder) {
    const ids = this.db
      .select({ id: cars.id })
      .from(cars)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset);
    return this.db
      .select({ car: carJson })
      .from(sql`unnest(array(${ids})) with ordinality as wanted(id, n)`)
      .innerJoin(cars, sql`${cars.id} = wanted.id`)
      .orderBy(sql`wanted.n`);
  }

  /** The cars of `ids`, in that order. */
  private async loadInOrder(ids: string[]): Promise<Car[]> {
    if (ids.length === 0) return [];
    return (await this.byIds.execute({ ids })).map((row) => row.car);
  }

  /** One page of the filtered catalogue (sold cars left out), with the (capped) total for pagination. */
  list(filters: CarListFilters): Promise<CarPage> {
    if (filters.sort === 'newest' && !hasFilter(filters)) return this.newestPage(filters);
    // "Recently reduced" lists the cars cut lately, the latest cut first.
    const conditions = filters.sort === 'reduced' ? and(carConditions(filters), recentlyReduced()) : carConditions(filters);
    return this.page(conditions, carOrder(filters.sort), filters, this.capOf(filters.search), hasPanelFilter(filters));
  }

  /** One page of every car (sold ones included) matching the back office's filters, newest first. */
  manage(filters: CarManageFilters): Promise<CarPage> {
    return this.page(manageConditions(filters), carOrder('newest'), filters, this.capOf(filters.search));
  }

  /** The count cap of a list with or without a search text. */
  private capOf(search: string | undefined): number {
    return search ? this.countCaps.search : this.countCaps.all;
  }

  /**
   * The page of `where` in `orderBy`, with the total for pagination. The page's ids come first
   * (an index scan that stops at the page's end), then the page's cars with their pictures and
   * brands: never pictures and brands for every matching car before the sort and the cut.
   * The total is exact up to `cap`; past it the count stops there (it reads at most cap + 1
   * index entries, or rows for a search, whatever the catalogue's size), `totalCapped` says so,
   * and the pages end at the cap.
   */
  private async page(
    where: SQL | undefined,
    orderBy: SQL[],
    { page, pageSize }: { page: number; pageSize: number },
    cap: number,
    panelFilters = false,
  ): Promise<CarPage> {
    const upToCap = this.db
      .select({ one: sql`1` })
      .from(cars)
      .where(where)
      .limit(cap + 1)
      .as('up_to_cap');
    const countQuery = () => executeByShape(this.db.select({ counted: count() }).from(upToCap)).then(([{ counted }]) => counted);
    // The page's ids are planned for their own values every time: a plan cached for any brand and
    // price range read a whole brand to sort it (13 ms against 0.4 ms at 100,000 cars). The count's
    // plan (an index-only scan) and the cars by id suit every value: those are prepared, and the
    // cars' JSON (three subqueries, the costliest part to plan) is planned once per connection.
    const orderedIds = () =>
      this.db
        .select({ id: cars.id })
        .from(cars)
        .where(where)
        .orderBy(...orderBy)
        .limit(pageSize)
        .offset((page - 1) * pageSize);
    // The matches read through the filters' indexes, then sorted: `offset 0` keeps the planner from
    // walking the sort's index instead. Named `cars`, so the sort's columns read from it.
    const sortedMatchIds = () => {
      const matches = this.db
        .select({ id: cars.id, price: cars.price, year: cars.year, mileage: cars.mileage, createdAt: cars.createdAt })
        .from(cars)
        .where(where)
        .offset(0)
        .as('cars');
      return this.db
        .select({ id: matches.id })
        .from(matches)
        .orderBy(...orderBy)
        .limit(pageSize)
        .offset((page - 1) * pageSize);
    };
    let pageRows: { id: string }[];
    let counted: number;
    if (panelFilters) {
      // With the panel's filters the planner cannot tell how far apart the matches lie in the
      // sort's order (at 100,000 cars, 136 cars of up to 50,000 km from 2015-2020 lay 20 ms down the
      // mileage index). The count, from cars_listed_facets_idx alone, comes first and says: few
      // matches are read and sorted (1.4 ms there), many are met soon enough along the index.
      counted = await countQuery();
      pageRows = await (counted <= (this.countCaps.sortedMatchesMax ?? SORTED_MATCHES_MAX) ? sortedMatchIds() : orderedIds());
    } else {
      [pageRows, counted] = await Promise.all([orderedIds(), countQuery()]);
    }
    const items = await this.loadInOrder(pageRows.map((row) => row.id));
    const totalCapped = counted > cap;
    const total = Math.min(counted, cap);
    return { items, total, totalCapped, page, pageSize, pageCount: Math.ceil(total / pageSize) };
  }

  /** A page of the unfiltered catalogue, newest first: two prepared statements, run together. */
  private async newestPage({ page, pageSize }: { page: number; pageSize: number }): Promise<CarPage> {
    const cap = this.countCaps.all;
    const [rows, [{ counted }]] = await Promise.all([
      this.newestPageQuery.execute({ limit: pageSize, offset: (page - 1) * pageSize }),
      this.listedCountQuery.execute({ limit: cap + 1 }),
    ]);
    const total = Math.min(counted, cap);
    return { items: rows.map((row) => row.car), total, totalCapped: counted > cap, page, pageSize, pageCount: Math.ceil(total / pageSize) };
  }

  /** Listed cars matching `where`, newest first, at most `limit`: one index scan for the ids, no count. */
  private async newestListed(where: SQL | undefined, limit: number): Promise<Car[]> {
    return (await this.pageQuery(and(listedCars(), where), carOrder('newest'), limit, 0)).map((row) => row.car);
  }

  /** Every car matching the filters, newest first (the legacy "all cars" call). */
  async all(where?: SQL): Promise<Car[]> {
    return (await findCars(this.db, where, carOrder('newest'))).map(toCar);
  }

  /** The newest listed cars, at most `limit` (the home page: no count). */
  async newest(limit: number): Promise<Car[]> {
    return (await this.newestPageQuery.execute({ limit, offset: 0 })).map((row) => row.car);
  }

  /** Listed cars marked featured, newest first, at most `limit`. */
  featured(limit: number): Promise<Car[]> {
    // `featured` bare (not `= $1`) is the partial index's own predicate.
    return this.newestListed(sql`${cars.featured}`, limit);
  }

  async byId(id: string): Promise<Car | undefined> {
    const [car] = await this.loadInOrder([id]);
    return car;
  }

  /** The slugs taken by `base` and its numbered forms (`base`, `base-2` ...), but `exceptCarId`'s own. */
  slugsLike(base: string, exceptCarId?: string): Promise<Set<string>> {
    return this.rows.slugsLike(base, exceptCarId);
  }

  /** Inserts a car with its pictures in order, and `alongside`'s writes, in one transaction. */
  insert(brandId: string, columns: CarColumns, images: ImageRef[], alongside?: (tx: Transaction, id: string) => Promise<void>): Promise<CarWriteResult> {
    return this.rows.insert({ ...columns, brandId }, images, alongside);
  }

  /**
   * Changes the given columns, and replaces the pictures when `images` is given, in one transaction.
   * A new status is refused (`held-by-order`) for a car an order holds: only the order's own status
   * change moves it. The car's row is locked before the check, so an order placed meanwhile is
   * either seen or waits for this edit (and then finds the car's new status).
   */
  update(id: string, columns: Partial<CarColumns>, images?: ImageRef[], changedBy = 'Staff'): Promise<CarWriteResult> {
    const { status, price } = columns;
    if (status === undefined && price === undefined) return this.rows.update(id, columns, images);
    return this.rows.update(id, columns, images, (tx) => guardCarEdit(tx, id, { status, price }, changedBy));
  }

  /** Every change of the car's price, the latest first. */
  priceHistory(carId: string): Promise<CarPriceChange[]> {
    return priceChangesOf(this.db, carId);
  }

  /** Deletes a car (its pictures' rows go with it); false when there was none. */
  async remove(id: string): Promise<boolean> {
    const rows = await this.changes.after(this.db.delete(cars).where(eq(cars.id, id)).returning({ id: cars.id }));
    return rows.length > 0;
  }

  /** Detaches one picture from a car; false when the car has no picture of that id. */
  async removeImage(carId: string, publicId: string): Promise<boolean> {
    return this.changes.after(
      this.db.transaction(async (tx) => {
        const rows = await tx
          .delete(carImages)
          .where(and(eq(carImages.carId, carId), eq(carImages.publicId, publicId)))
          .returning({ id: carImages.id });
        if (rows.length === 0) return false;
        await tx.update(cars).set({ updatedAt: new Date() }).where(eq(cars.id, carId));
        return true;
      }),
    );
  }

  /** A car as staff read it (with its whole chassis number), by id or by slug. */
  async forStaff(key: { id: string } | { slug: string }): Promise<CarStaff | undefined> {
    const [row] = await this.db
      .select({ car: carJson, chassisNumber: cars.chassisNumber })
      .from(cars)
      .where('id' in key ? eq(cars.id, key.id) : eq(cars.slug, key.slug))
      .limit(1);
    return row ? { ...row.car, chassisNumber: row.chassisNumber } : undefined;
  }

  async bySlug(slug: string): Promise<Car | undefined> {
    const [row] = await this.bySlugQuery.execute({ slug });
    return row?.car;
  }

  /** The cars of `slugs` that exist, in that order. */
  async bySlugs(slugs: string[]): Promise<Car[]> {
    if (slugs.length === 0) return [];
    return (await this.bySlugsQuery.execute({ slugs })).map((row) => row.car);
  }

  /** Cars of a brand other than `carId`, newest first. */
  relatedTo(carId: string, brandId: string, limit: number): Promise<Car[]> {
    return this.newestListed(and(eq(cars.brandId, brandId), ne(cars.id, carId)), limit);
  }

  /**
   * Sold cars whose last change (marking them Sold) is at or after `since`, the latest first, at
   * most `limit`: a backward scan of the `updated_at` index that stops at `since`.
   */
  async soldSince(since: Date, limit: number): Promise<Car[]> {
    const where = and(eq(cars.status, 'Sold'), gte(cars.updatedAt, since));
    return (await this.pageQuery(where, [desc(cars.updatedAt), desc(cars.id)], limit, 0)).map((row) => row.car);
  }

  /** Listed cars of a brand, newest first, at most `limit`. */
  ofBrand(brandId: string, limit: number): Promise<Car[]> {
    return this.newestListed(eq(cars.brandId, brandId), limit);
  }

  /** A brand's name, if there is such a brand (a new car's model is read from its name after it). */
  async brandName(brandId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ name: brands.name }).from(brands).where(eq(brands.id, brandId)).limit(1);
    return row?.name;
  }

  /** Slug and last change of every car (sitemap). */
  slugs(): Promise<{ slug: string; updatedAt: Date }[]> {
    return this.db.select({ slug: cars.slug, updatedAt: cars.updatedAt }).from(cars).orderBy(cars.slug);
  }

  /** Whether a car with this slug exists (first loads of `/car/:slug`). */
  async slugExists(slug: string): Promise<boolean> {
    const [row] = await this.db.select({ id: cars.id }).from(cars).where(eq(cars.slug, slug)).limit(1);
    return row !== undefined;
  }
}
