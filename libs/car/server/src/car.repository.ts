import type { Car, CarListFilters, CarPage } from '@dealership/car-schemas';
import { brandImages, carImages, cars, DB, type Database } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import { carConditions, carOrder } from './car-filters';

/** Cars with their pictures in order, and their brand with the brand's logo. */
function findCars(db: Database, where?: SQL, orderBy?: SQL[]) {
  return db.query.cars.findMany({
    where,
    orderBy,
    columns: { brandId: false },
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

/** The only code that reads the car tables; it returns contract cars, never raw rows. */
@Injectable()
export class CarRepository {
  // The hot reads are prepared once: Postgres plans them once per connection instead of per request.
  private readonly byIds;
  private readonly bySlugQuery;

  constructor(@Inject(DB) private readonly db: Database) {
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

  /**
   * One page of the filtered catalogue, with the total for pagination. The page's ids come first
   * (an index scan that stops at the page's end), then the page's cars with their pictures and
   * brands: never pictures and brands for every matching car before the sort and the cut.
   */
  async list(filters: CarListFilters): Promise<CarPage> {
    const where = carConditions(filters);
    const [pageRows, [{ total }]] = await Promise.all([
      this.db
        .select({ id: cars.id })
        .from(cars)
        .where(where)
        .orderBy(...carOrder(filters.sort))
        .limit(filters.pageSize)
        .offset((filters.page - 1) * filters.pageSize),
      this.db.select({ total: count() }).from(cars).where(where),
    ]);
    const items = await this.loadInOrder(pageRows.map((r) => r.id));
    return { items, total, page: filters.page, pageSize: filters.pageSize, pageCount: Math.ceil(total / filters.pageSize) };
  }

  /** Every car matching the filters, newest first (the legacy "all cars" call). */
  async all(where?: SQL): Promise<Car[]> {
    return (await findCars(this.db, where, carOrder('newest'))).map(toCar);
  }

  async newest(limit: number): Promise<Car[]> {
    return (await this.list({ sort: 'newest', page: 1, pageSize: limit })).items;
  }

  async bySlug(slug: string): Promise<Car | undefined> {
    const [row] = await this.bySlugQuery.execute({ slug });
    return row ? toCar(row) : undefined;
  }

  /** Cars of a brand other than `carId`, newest first. */
  async relatedTo(carId: string, brandId: string, limit: number): Promise<Car[]> {
    const rows = await this.db
      .select({ id: cars.id })
      .from(cars)
      .where(and(eq(cars.brandId, brandId), ne(cars.id, carId)))
      .orderBy(...carOrder('newest'))
      .limit(limit);
    return this.loadInOrder(rows.map((r) => r.id));
  }

  /** Cars of a brand, newest first, at most `limit`. */
  async ofBrand(brandId: string, limit: number): Promise<Car[]> {
    const rows = await this.db.select({ id: cars.id }).from(cars).where(eq(cars.brandId, brandId)).orderBy(...carOrder('newest')).limit(limit);
    return this.loadInOrder(rows.map((r) => r.id));
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
