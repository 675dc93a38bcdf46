import type { SiteResource } from '@dealership/shared-schemas';
import { DiscoveryService } from '@nestjs/core';

/** One detail page in the sitemap: its slug and the last change of its row. */
export interface SitemapEntry {
  slug: string;
  updatedAt: Date;
}

/** What a feature knows about the detail pages of its resource (`/car/:slug`, `/brand/:slug`). */
export interface SitePages {
  /** Whether the page of `slug` exists (a first load of a missing one answers 404). */
  exists(slug: string): Promise<boolean>;
  /**
   * A fingerprint of the rows behind the pages, cheap to read (one small query): it changes
   * whenever a page is added, removed or changed. The sitemap is rebuilt only when it does.
   */
  sitemapVersion(): Promise<string>;
  /** At most `limit` pages for the sitemap in slug order, those after the slug `after` (keyset batches). */
  sitemapEntries(after: string | undefined, limit: number): Promise<SitemapEntry[]>;
}

/**
 * Marks a feature's provider as the `SitePages` of a resource: `@SitePagesOf('car')`. The site
 * module finds every marked provider at start, so features contribute pages without the
 * composition root knowing them.
 */
export const SitePagesOf = DiscoveryService.createDecorator<SiteResource>();
