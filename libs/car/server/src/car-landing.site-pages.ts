import { landingOfRoute } from '@dealership/car-schemas';
import { type SitemapEntry, type SitePages, SitePagesOf } from '@dealership/server-site';
import type { SiteRouteId } from '@dealership/shared-schemas';
import { Injectable } from '@nestjs/common';
import { CarCatalogueExport } from './car-catalogue-export';
import { CarLandingService } from './car-landing.service';

/**
 * The landing pages (`/cars/body/:bodyType`, `/cars/under/:budget`, `/cars/:condition`,
 * `/cars/:brand/:model`) for the first-load status (an unknown combination is a 404) and the sitemap.
 */
@SitePagesOf('landing')
@Injectable()
export class CarLandingSitePages implements SitePages {
  constructor(
    private readonly landings: CarLandingService,
    private readonly catalogue: CarCatalogueExport,
  ) {}

  async exists(_slug: string, params: Readonly<Record<string, string>>, route: SiteRouteId): Promise<boolean> {
    const landing = landingOfRoute(route, params);
    return landing !== undefined && (await this.landings.exists(landing));
  }

  sitemapVersion(): Promise<string> {
    return this.catalogue.version();
  }

  sitemapEntries(after: string | undefined, limit: number): Promise<SitemapEntry[]> {
    return this.landings.sitemapEntries(after, limit);
  }
}
