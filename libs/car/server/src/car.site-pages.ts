import { type SitePages, SitePagesOf } from '@dealership/server-site';
import { Injectable } from '@nestjs/common';
import { CarRepository } from './car.repository';

/** The car pages (`/car/:slug`) for the sitemap and the first-load status. */
@SitePagesOf('car')
@Injectable()
export class CarSitePages implements SitePages {
  constructor(private readonly cars: CarRepository) {}

  exists(slug: string): Promise<boolean> {
    return this.cars.slugExists(slug);
  }

  sitemapEntries(): Promise<{ slug: string; updatedAt: Date }[]> {
    return this.cars.slugs();
  }
}
