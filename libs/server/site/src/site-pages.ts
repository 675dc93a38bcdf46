import type { SiteResource, SiteRouteId } from '@dealership/shared-schemas';
import { DiscoveryService } from '@nestjs/core';

/**
 * One detail page in the sitemap: its slug (the key its batches are read by) and the last change
 * of its row. `path` is the page's address when it is not the resource's `:slug` page (a landing
 * page: `/cars/body/suv`); `updatedAt` may be unknown (no lastmod).
 */
export interface SitemapEntry {
  slug: string;
  updatedAt?: Date;
  path?: string;
}

/** What a feature knows about the detail pages of its resource (`/car/:slug`, `/brand/:slug`, the landing pages). */
export interface SitePages {
  /**
   * Whether the page of `slug` exists (a first load of a missing one answers 404). `params` and
   * `route` are the whole match, for a resource with several routes or params (the landing pages).
   */
  exists(slug: string, params: Readonly<Record<string, string>>, route: SiteRouteId): Promise<boolean>;
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
