import { brands } from '@dealership/brand-data';
import { type Database, DB } from '@dealership/server-db';
import { type SitemapEntry, type SitePages, SitePagesOf } from '@dealership/server-site';
import { Inject, Injectable } from '@nestjs/common';
import { asc, count, gt, max } from 'drizzle-orm';
import { BrandRepository } from './brand.repository';

/** The brand pages (`/brand/:slug`) for the sitemap and the first-load status. */
@SitePagesOf('brand')
@Injectable()
export class BrandSitePages implements SitePages {
  constructor(
    private readonly brands: BrandRepository,
    @Inject(DB) private readonly db: Database,
  ) {}

  async exists(slug: string): Promise<boolean> {
    return (await this.brands.bySlug(slug)) !== undefined;
  }

  /** The brands' count and last change (a delete moves the count, any other write `updated_at`). */
  async sitemapVersion(): Promise<string> {
    const [row] = await this.db.select({ total: count(), newest: max(brands.updatedAt) }).from(brands);
    return `${row.total}:${row.newest?.getTime() ?? ''}`;
  }

  sitemapEntries(after: string | undefined, limit: number): Promise<SitemapEntry[]> {
    return this.db
      .select({ slug: brands.slug, updatedAt: brands.updatedAt })
      .from(brands)
      .where(after === undefined ? undefined : gt(brands.slug, after))
      .orderBy(asc(brands.slug))
      .limit(limit);
  }
}
