import type { Brand } from '@dealership/brand-schemas';
import { brandImages, brands, DB, type Database } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { asc, eq, type SQL } from 'drizzle-orm';

interface BrandRow {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  createdAt: Date;
  updatedAt: Date;
  images: { url: string; publicId: string }[];
}

function toBrand(row: BrandRow): Brand {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    image: row.images.map((i) => ({ url: i.url, public_id: i.publicId })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The only code that reads the brand tables. */
@Injectable()
export class BrandRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  private async find(where?: SQL, limit?: number): Promise<Brand[]> {
    const rows: BrandRow[] = await this.db.query.brands.findMany({
      where,
      limit,
      // In the order they were added, as the legacy list was (the home page shows the first eight).
      orderBy: [asc(brands.createdAt), asc(brands.id)],
      with: { images: { columns: { url: true, publicId: true }, orderBy: [asc(brandImages.position)] } },
    });
    return rows.map(toBrand);
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
