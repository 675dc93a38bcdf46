import type { SiteResource } from '@dealership/shared-schemas';
import { DiscoveryService } from '@nestjs/core';

/** What a feature knows about the detail pages of its resource (`/car/:slug`, `/brand/:slug`). */
export interface SitePages {
  /** Whether the page of `slug` exists (a first load of a missing one answers 404). */
  exists(slug: string): Promise<boolean>;
  /** Every page's slug with its last change, for the sitemap. */
  sitemapEntries(): Promise<{ slug: string; updatedAt: Date }[]>;
}

/**
 * Marks a feature's provider as the `SitePages` of a resource: `@SitePagesOf('car')`. The site
 * module finds every marked provider at start, so features contribute pages without the
 * composition root knowing them.
 */
export const SitePagesOf = DiscoveryService.createDecorator<SiteResource>();
