import type { Brand } from '@dealership/brand-schemas';
import { brandImages, brands, DB, type Database } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { asc, eq, type SQL } from 'drizzle-orm';

/** Brands in the order they were added (as the legacy list was: the home page shows the first eight), with their logos. */
function findBrands(db: Database, where?: SQL, limit?: number) {
  return db.query.brands.findMany({
    where,
    limit,
    orderBy: [asc(brands.createdAt), asc(brands.id)],
    with: { images: { columns: { url: true, publicId: true }, orderBy: [asc(brandImages.position)] } },
  });
}

/** A brand as `findBrands` loads it (the type Drizzle infers from the query). */
type BrandRow = Awaited<ReturnType<typeof findBrands>>[number];

function toBrand(row: BrandRow): Brand {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** The only code that reads the brand tables. */
@Injectable()
export class BrandRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  private async find(where?: SQL, limit?: number): Promise<Brand[]> {
    return (await findBrands(this.db, where, limit)).map(toBrand);
  }

  all(): Promise<Brand[]> {
    return this.find();
  }

  async bySlug(slug: string): Promise<Brand | undefined> {
    const [brand] = await this.find(eq(brands.slug, slug), 1);
    return brand;
  }

  /** Slug and last change of every brand (sitemap). */
  slugs(): Promise<{ slug: string; updatedAt: Date }[]> {
    return this.db.select({ slug: brands.slug, updatedAt: brands.updatedAt }).from(brands).orderBy(brands.slug);
  }
}
