import type { Brand } from '@dealership/brand-schemas';
import type { ImageRef } from '@dealership/media-schemas';
import { brandImages, brandQueries, brands } from '@dealership/brand-data';
import { BRAND_CATALOGUE, CatalogueChanges, CatalogueRows, type CatalogueWriteResult } from '@dealership/car-server';
import { type Database, DB, PG_UNIQUE_VIOLATION, pgError } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, type SQL } from 'drizzle-orm';

/** A brand's own columns as the service sets them. */
export interface BrandColumns {
  name: string;
  slug: string;
  description?: string | null;
}

/** What a write came to: done, or why not. */
export type BrandWriteResult = CatalogueWriteResult<'name-taken' | 'not-found'>;

function writeFailure(error: unknown): BrandWriteResult {
  const { code, constraint } = pgError(error);
  if (code === PG_UNIQUE_VIOLATION && constraint === 'brands_name_lower_key') return { ok: false, reason: 'name-taken' };
  if (code === PG_UNIQUE_VIOLATION && constraint === 'brands_slug_key') return { ok: false, reason: 'slug-taken' };
  throw error;
}

/** Brands in the order they were added (as the legacy list was: the home page shows the first eight), with their logos. */
function findBrands(db: Database, where?: SQL, limit?: number) {
  return brandQueries(db).brands.findMany({
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
  private readonly rows: CatalogueRows<typeof brands, 'name-taken' | 'not-found'>;

  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly changes: CatalogueChanges,
  ) {
    this.rows = new CatalogueRows(db, changes, BRAND_CATALOGUE, writeFailure);
  }

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

  async byId(id: string): Promise<Brand | undefined> {
    const [brand] = await this.find(eq(brands.id, id), 1);
    return brand;
  }

  /** The slugs taken by `base` and its numbered forms (`base`, `base-2` ...), but `exceptBrandId`'s own. */
  slugsLike(base: string, exceptBrandId?: string): Promise<Set<string>> {
    return this.rows.slugsLike(base, exceptBrandId);
  }

  /** Inserts a brand with its logos in order; the unique index on lower(name) decides a duplicate. */
  insert(columns: BrandColumns, images: ImageRef[]): Promise<BrandWriteResult> {
    return this.rows.insert(columns, images);
  }

  /** Changes the given columns, and replaces the logos when `images` is given. */
  update(id: string, columns: Partial<BrandColumns>, images?: ImageRef[]): Promise<BrandWriteResult> {
    return this.rows.update(id, columns, images);
  }

  /** Deletes a brand; its cars stay, without a brand (`ON DELETE SET NULL`). False when there was none. */
  async remove(id: string): Promise<boolean> {
    const rows = await this.changes.after(this.db.delete(brands).where(eq(brands.id, id)).returning({ id: brands.id }));
    return rows.length > 0;
  }

  /** Detaches one logo; false when the brand has no logo of that id. */
  async removeImage(brandId: string, publicId: string): Promise<boolean> {
    return this.changes.after(
      this.db.transaction(async (tx) => {
        const rows = await tx
          .delete(brandImages)
          .where(and(eq(brandImages.brandId, brandId), eq(brandImages.publicId, publicId)))
          .returning({ id: brandImages.id });
        if (rows.length === 0) return false;
        await tx.update(brands).set({ updatedAt: new Date() }).where(eq(brands.id, brandId));
        return true;
      }),
    );
  }

  /** Slug and last change of every brand (sitemap). */
  slugs(): Promise<{ slug: string; updatedAt: Date }[]> {
    return this.db.select({ slug: brands.slug, updatedAt: brands.updatedAt }).from(brands).orderBy(brands.slug);
  }
}
