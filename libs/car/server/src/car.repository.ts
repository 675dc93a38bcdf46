import { type Car, type CarCreateFields, type CarListFilters, type CarManageFilters, type CarPage, type CarStats, CAR_STATUSES } from '@dealership/car-schemas';
import type { ImageRef } from '@dealership/media-schemas';
import {
  brandImages,
  carImages,
  cars,
  DB,
  type Database,
  type Transaction,
  pgError,
  PG_UNIQUE_VIOLATION,
  PG_FOREIGN_KEY_VIOLATION,
} from '@dealership/server-db';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { and, asc, count, eq, inArray, like, ne, or, type SQL, sql } from 'drizzle-orm';
import { carConditions, carOrder, listedCars, manageConditions } from './car-filters';

/** Lists count their matches exactly up to this many, then report the total as capped ("10,000+"). */
export const CAR_COUNT_CAP = 10_000;

/** Injection token of the count cap (tests give a small one). */
export const CAR_COUNT_CAP_TOKEN = Symbol('CAR_COUNT_CAP');

/** A car's columns as the service sets them (everything but the id, brand, pictures and timestamps). */
export type CarColumns = Omit<CarCreateFields, 'brandId' | 'images'> & { slug: string };

/** What a write came to: done, or why not (an unknown brand; the slug taken meanwhile). */
export type CarWriteResult = { ok: true; id: string } | { ok: false; reason: 'brand-not-found' | 'slug-taken' | 'not-found' };

async function saveImages(tx: Transaction, carId: string, images: ImageRef[]) {
  await tx.delete(carImages).where(eq(carImages.carId, carId));
  if (images.length > 0) {
    await tx.insert(carImages).values(images.map((image, position) => ({ carId, url: image.url, publicId: image.publicId, position })));
  }
}

/** The failed write's reason when it is one we expect, else rethrows. */
function writeFailure(error: unknown): CarWriteResult {
  const { code, constraint } = pgError(error);
  if (code === PG_FOREIGN_KEY_VIOLATION && constraint?.includes('brand')) return { ok: false, reason: 'brand-not-found' };
  if (code === PG_UNIQUE_VIOLATION && constraint === 'cars_slug_key') return { ok: false, reason: 'slug-taken' };
  throw error;
}

/** Cars with their pictures in order, and their brand with the brand's logo. */
function findCars(db: Database, where?: SQL, orderBy?: SQL[]) {
  return db.query.cars.findMany({
    where,
    orderBy,
    columns: { brandId: false, searchText: false },
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
function toCar(row: CarRow): Car {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The only code that reads the car tables; it returns contract cars, never raw rows. */
@Injectable()
export class CarRepository {
  // The hot reads are prepared once: Postgres plans them once per connection instead of per request.
  private readonly byIds;
  private readonly bySlugQuery;

  constructor(
    @Inject(DB) private readonly db: Database,
    @Optional() @Inject(CAR_COUNT_CAP_TOKEN) private readonly countCap: number = CAR_COUNT_CAP,
  ) {
    this.byIds = findCars(db, sql`${cars.id} = any(${sql.placeholder('ids')}::uuid[])`).prepare('cars_by_ids');
    this.bySlugQuery = findCars(db, eq(cars.slug, sql.placeholder('slug'))).prepare('car_by_slug');
  }

  /** The cars of `ids`, in that order. */
  private async loadInOrder(ids: string[]): Promise<Car[]> {
    if (ids.length === 0) return [];
    const rows = await this.byIds.execute({ ids });
    const position = new Map(ids.map((id, i) => [id, i]));
    return rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0)).map(toCar);
  }

  /** One page of the filtered catalogue (sold cars left out), with the (capped) total for pagination. */
  list(filters: CarListFilters): Promise<CarPage> {
    return this.page(carConditions(filters), carOrder(filters.sort), filters);
  }

  /** One page of every car (sold ones included) matching the back office's filters, newest first. */
  manage(filters: CarManageFilters): Promise<CarPage> {
    return this.page(manageConditions(filters), carOrder('newest'), filters);
  }

  /** Cars by status and featured ones, every car counted, in one grouped query. */
  async stats(): Promise<CarStats> {
    const rows = await this.db
      .select({ status: cars.status, count: count(), featured: sql<number>`count(*) filter (where ${cars.featured})`.mapWith(Number) })
      .from(cars)
      .groupBy(cars.status);
    const byStatus = Object.fromEntries(CAR_STATUSES.map((status) => [status, 0])) as CarStats['byStatus'];
    for (const row of rows) byStatus[row.status] = row.count;
    return { total: sum(rows.map((r) => r.count)), featured: sum(rows.map((r) => r.featured)), byStatus };
  }

  /**
   * The page of `where` in `orderBy`, with the total for pagination. The page's ids come first
   * (an index scan that stops at the page's end), then the page's cars with their pictures and
   * brands: never pictures and brands for every matching car before the sort and the cut.
   * The total is exact up to the count cap; past it the count stops there (it reads at most
   * cap + 1 index entries, whatever the catalogue's size), `totalCapped` says so, and the pages
   * end at the cap.
   */
  private async page(where: SQL | undefined, orderBy: SQL[], { page, pageSize }: { page: number; pageSize: number }): Promise<CarPage> {
    const upToCap = this.db
      .select({ one: sql`1` })
      .from(cars)
      .where(where)
      .limit(this.countCap + 1)
      .as('up_to_cap');
    const [pageRows, [{ counted }]] = await Promise.all([
      this.db
        .select({ id: cars.id })
        .from(cars)
        .where(where)
        .orderBy(...orderBy)
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ counted: count() }).from(upToCap),
    ]);
    const totalCapped = counted > this.countCap;
    const total = Math.min(counted, this.countCap);
    const items = await this.loadInOrder(pageRows.map((r) => r.id));
    return { items, total, totalCapped, page, pageSize, pageCount: Math.ceil(total / pageSize) };
  }

  /** Listed cars matching `where`, newest first, at most `limit`: one index scan for the ids, no count. */
  private async newestListed(where: SQL | undefined, limit: number): Promise<Car[]> {
    const rows = await this.db
      .select({ id: cars.id })
      .from(cars)
      .where(and(listedCars(), where))
      .orderBy(...carOrder('newest'))
      .limit(limit);
    return this.loadInOrder(rows.map((r) => r.id));
  }

  /** Every car matching the filters, newest first (the legacy "all cars" call). */
  async all(where?: SQL): Promise<Car[]> {
    return (await findCars(this.db, where, carOrder('newest'))).map(toCar);
  }

  /** The newest listed cars, at most `limit` (the home page: no count). */
  newest(limit: number): Promise<Car[]> {
    return this.newestListed(undefined, limit);
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
  async slugsLike(base: string, exceptCarId?: string): Promise<Set<string>> {
    const rows = await this.db
      .select({ slug: cars.slug })
      .from(cars)
      .where(and(or(eq(cars.slug, base), like(cars.slug, `${base}-%`)), exceptCarId ? ne(cars.id, exceptCarId) : undefined));
    return new Set(rows.map((r) => r.slug));
  }

  /** Inserts a car with its pictures in order, in one transaction. */
  async insert(brandId: string, columns: CarColumns, images: ImageRef[]): Promise<CarWriteResult> {
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(cars)
          .values({ ...columns, brandId })
          .returning({ id: cars.id });
        await saveImages(tx, row.id, images);
        return { ok: true, id: row.id } as const;
      });
    } catch (error) {
      return writeFailure(error);
    }
  }

  /** Changes the given columns, and replaces the pictures when `images` is given, in one transaction. */
  async update(id: string, columns: Partial<CarColumns>, images?: ImageRef[]): Promise<CarWriteResult> {
    try {
      return await this.db.transaction(async (tx) => {
        // updatedAt moves even when only the pictures change.
        const [row] = await tx
          .update(cars)
          .set({ ...columns, updatedAt: new Date() })
          .where(eq(cars.id, id))
          .returning({ id: cars.id });
        if (!row) return { ok: false, reason: 'not-found' } as const;
        if (images) await saveImages(tx, id, images);
        return { ok: true, id } as const;
      });
    } catch (error) {
      return writeFailure(error);
    }
  }

  /** Deletes a car (its pictures' rows go with it); false when there was none. */
  async remove(id: string): Promise<boolean> {
    const rows = await this.db.delete(cars).where(eq(cars.id, id)).returning({ id: cars.id });
    return rows.length > 0;
  }

  /** Detaches one picture from a car; false when the car has no picture of that id. */
  async removeImage(carId: string, publicId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .delete(carImages)
        .where(and(eq(carImages.carId, carId), eq(carImages.publicId, publicId)))
        .returning({ id: carImages.id });
      if (rows.length === 0) return false;
      await tx.update(cars).set({ updatedAt: new Date() }).where(eq(cars.id, carId));
      return true;
    });
  }

  async bySlug(slug: string): Promise<Car | undefined> {
    const [row] = await this.bySlugQuery.execute({ slug });
    return row ? toCar(row) : undefined;
  }

  /** Cars of a brand other than `carId`, newest first. */
  relatedTo(carId: string, brandId: string, limit: number): Promise<Car[]> {
    return this.newestListed(and(eq(cars.brandId, brandId), ne(cars.id, carId)), limit);
  }

  /** Listed cars of a brand, newest first, at most `limit`. */
  ofBrand(brandId: string, limit: number): Promise<Car[]> {
    return this.newestListed(eq(cars.brandId, brandId), limit);
  }

  /** Which of `publicIds` a car still shows (storage names files by content, so two cars may share one). */
  async imagesInUse(publicIds: string[]): Promise<Set<string>> {
    if (publicIds.length === 0) return new Set();
    const rows = await this.db.selectDistinct({ publicId: carImages.publicId }).from(carImages).where(inArray(carImages.publicId, publicIds));
    return new Set(rows.map((r) => r.publicId));
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
