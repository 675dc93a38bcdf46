import { type SitemapEntry, type SitePages, SitePagesOf } from '@dealership/server-site';
import { Injectable } from '@nestjs/common';
import { CarCatalogueExport } from './car-catalogue-export';
import { CarRepository } from './car.repository';

/**
 * The car pages (`/car/:slug`) for the sitemap and the first-load status. A sold car's page stays
 * (200, for the links already out there: orders, shares) but leaves the sitemap, as it leaves the
 * listings: the sitemap asks crawlers to index what can be bought, and does not grow with every
 * car ever sold.
 */
@SitePagesOf('car')
@Injectable()
export class CarSitePages implements SitePages {
  constructor(
    private readonly cars: CarRepository,
    private readonly catalogue: CarCatalogueExport,
  ) {}

  exists(slug: string): Promise<boolean> {
    return this.cars.slugExists(slug);
  }

  sitemapVersion(): Promise<string> {
    return this.catalogue.version();
  }

  sitemapEntries(after: string | undefined, limit: number): Promise<SitemapEntry[]> {
    return this.catalogue.sitemapEntries(after, limit);
  }
}
