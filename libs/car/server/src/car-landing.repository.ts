import type { CarModelOption } from '@dealership/car-schemas';
import { brands } from '@dealership/brand-data';
import { cars } from '@dealership/car-data';
import { type Database, DB } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { listedCars, UUID } from './car-filters';

/** What the filter panel's model list and the landing pages (a make, a model, a body type, a price band) read of the catalogue. */
@Injectable()
export class CarLandingRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /**
   * The models of a brand's listed cars (the brand by id or slug), each with its count: most cars
   * first, then by slug. A model spelled two ways ("CX-5", "CX 5") is one slug, named by its first
   * spelling in alphabetical order.
   */
  models(brand: string): Promise<CarModelOption[]> {
    const brandMatch = UUID.test(brand) ? eq(brands.id, brand) : eq(brands.slug, brand.toLowerCase());
    const counted = sql<number>`count(*)::int`;
    return this.db
      .select({ model: sql<string>`min(${cars.model})`, slug: cars.modelSlug, count: counted })
      .from(cars)
      .innerJoin(brands, eq(brands.id, cars.brandId))
      .where(and(listedCars(), brandMatch, ne(cars.modelSlug, '')))
      .groupBy(cars.modelSlug)
      .orderBy(desc(counted), asc(cars.modelSlug));
  }

  /**
   * A landing page's figures over the listed cars matching `where` (`carConditions`): how many, the
   * price range and the average mileage, in one aggregate (no row leaves the database).
   */
  async landingFigures(where: SQL | undefined): Promise<{ count: number; priceMin: number | null; priceMax: number | null; averageMileage: number | null }> {
    const [row] = await this.db
      .select({
        count: sql<number>`count(*)::int`,
        priceMin: sql<number | null>`min(${cars.price})`,
        priceMax: sql<number | null>`max(${cars.price})`,
        averageMileage: sql<number | null>`round(avg(${cars.mileage}))::int`,
      })
      .from(cars)
      .where(where);
    return row;
  }

  /**
   * The brand and model a model landing page names (the brand by slug, the model by `model_slug`),
   * as the catalogue spells them, when any car of that brand has that model, sold ones included (a
   * model whose cars are all sold keeps its page, which says so); undefined otherwise.
   */
  async landingModel(brandSlug: string, modelSlug: string): Promise<{ brand: { name: string; slug: string }; model: string } | undefined> {
    const [row] = await this.db
      .select({ name: brands.name, slug: brands.slug, model: sql<string>`min(${cars.model})` })
      .from(cars)
      .innerJoin(brands, eq(brands.id, cars.brandId))
      .where(and(eq(brands.slug, brandSlug), eq(cars.modelSlug, modelSlug), ne(cars.modelSlug, '')))
      .groupBy(brands.id);
    return row && { brand: { name: row.name, slug: row.slug }, model: row.model };
  }

  /**
   * The model landing pages with listed cars, for the sitemap: each brand slug and model slug with
   * its cars' last change, keyed `brand/model` in byte order (keyset batches after `after`), brands
   * whose slug is one of `reservedBrands` (whose model pages the landing words shadow) left out.
   */
  landingModels(after: string | undefined, limit: number, reservedBrands: readonly string[]): Promise<{ key: string; brand: string; model: string; updatedAt: Date }[]> {
    const key = sql<string>`(${brands.slug} || '/' || ${cars.modelSlug}) collate "C"`;
    return this.db
      .select({ key, brand: brands.slug, model: cars.modelSlug, updatedAt: sql<Date>`max(${cars.updatedAt})`.mapWith(cars.updatedAt) })
      .from(cars)
      .innerJoin(brands, eq(brands.id, cars.brandId))
      .where(
        and(
          listedCars(),
          ne(cars.modelSlug, ''),
          sql`${brands.slug} <> all(${sql.param([...reservedBrands])}::text[])`,
          after === undefined ? undefined : sql`${key} > ${after}`,
        ),
      )
      .groupBy(brands.slug, cars.modelSlug)
      .orderBy(key)
      .limit(limit);
  }
}
