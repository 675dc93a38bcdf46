import { type SitePages, SitePagesOf } from '@dealership/server-site';
import { Injectable } from '@nestjs/common';
import { BrandRepository } from './brand.repository';

/** The brand pages (`/brand/:slug`) for the sitemap and the first-load status. */
@SitePagesOf('brand')
@Injectable()
export class BrandSitePages implements SitePages {
  constructor(private readonly brands: BrandRepository) {}

  async exists(slug: string): Promise<boolean> {
    return (await this.brands.bySlug(slug)) !== undefined;
  }

  sitemapEntries(): Promise<{ slug: string; updatedAt: Date }[]> {
    return this.brands.slugs();
  }
}
