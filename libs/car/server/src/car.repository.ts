import type { Car, CarListFilters, CarPage } from '@dealership/car-schemas';
import { brandImages, carImages, cars, DB, type Database } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import { carConditions, carOrder } from './car-filters';
import { type CarRow, toCar } from './car.mapper';

/** The only code that reads the car tables; it returns API cars, never raw rows. */
@Injectable()
export class CarRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  private async find(options: { where?: SQL; orderBy: SQL[]; limit?: number; offset?: number }): Promise<Car[]> {
    const rows: CarRow[] = await this.db.query.cars.findMany({
      columns: { brandId: false },
      // Its pictures in order, and its brand with the brand's logo.
      with: {
        images: { columns: { url: true, publicId: true }, orderBy: [asc(carImages.position)] },
        brand: {
          columns: { id: true, name: true, slug: true },
          with: { images: { columns: { url: true, publicId: true }, orderBy: [asc(brandImages.position)] } },
        },
      },
      ...options,
    });
    return rows.map(toCar);
  }

  /** One page of the filtered catalogue, with the total for pagination. */
  async list(filters: CarListFilters): Promise<CarPage> {
    const where = carConditions(filters);
    const [items, [{ total }]] = await Promise.all([
      this.find({ where, orderBy: carOrder(filters.sort), limit: filters.pageSize, offset: (filters.page - 1) * filters.pageSize }),
      this.db.select({ total: count() }).from(cars).where(where),
    ]);
    return { items, total, page: filters.page, pageSize: filters.pageSize, pageCount: Math.ceil(total / filters.pageSize) };
  }

  /** Every car matching the filters, newest first (the legacy "all cars" call). */
  all(where?: SQL): Promise<Car[]> {
    return this.find({ where, orderBy: carOrder('newest') });
  }

  newest(limit: number): Promise<Car[]> {
    return this.find({ orderBy: carOrder('newest'), limit });
  }

  async bySlug(slug: string): Promise<Car | undefined> {
    const [car] = await this.find({ where: eq(cars.slug, slug), orderBy: [], limit: 1 });
    return car;
  }

  /** Cars of a brand other than `carId`, newest first. */
  relatedTo(carId: string, brandId: string, limit: number): Promise<Car[]> {
    return this.find({ where: and(eq(cars.brandId, brandId), ne(cars.id, carId)), orderBy: [desc(cars.createdAt), desc(cars.id)], limit });
  }
}
