import type { SiteResource, SiteRouteId } from './site-routes';

/** What the server needs to know of a page beyond its path. */
export interface SitePageTraits {
  /** Listed in the sitemap. */
  readonly inSitemap?: boolean;
  /**
   * A detail page whose existence the server checks on a first load: the feature owning that
   * resource (car, brand) provides the lookup, so `/car/no-such-car` answers 404.
   */
  readonly resource?: SiteResource;
  /**
   * Rendered on the server on a first load (then hydrated): the public pages a crawler or a
   * visitor on a slow phone network opens. The others (the visitor's own cart, sign-in, the
   * dashboards) depend on the browser's session and render there.
   */
  readonly serverRendered?: boolean;
}

/**
 * The traits of the pages of `SITE_ROUTES` that have any (the others have none). Kept apart from
 * the route list, which every page's first script carries, so the browser loads none of this
 * (the server and the server renderer do): 74 bytes of gzip off every page (issue 44).
 */
export const SITE_PAGE_TRAITS: Readonly<Partial<Record<SiteRouteId, SitePageTraits>>> = {
  home: { inSitemap: true, serverRendered: true },
  cars: { inSitemap: true, serverRendered: true },
  carsCondition: { resource: 'landing', serverRendered: true },
  carsLanding: { resource: 'landing', serverRendered: true },
  carSearch: { serverRendered: true },
  car: { resource: 'car', serverRendered: true },
  brands: { inSitemap: true, serverRendered: true },
  brand: { resource: 'brand', serverRendered: true },
  compare: { serverRendered: true },
  about: { inSitemap: true, serverRendered: true },
  contact: { inSitemap: true, serverRendered: true },
  testimonials: { inSitemap: true, serverRendered: true },
  services: { inSitemap: true, serverRendered: true },
  importDuty: { inSitemap: true, serverRendered: true },
  financing: { inSitemap: true, serverRendered: true },
  privacyPolicy: { inSitemap: true, serverRendered: true },
  terms: { inSitemap: true, serverRendered: true },
  // A buyer's own pages, opened from an SMS on a phone: rendered on the server, never in the sitemap.
  importTracking: { serverRendered: true },
  tradeInOffer: { serverRendered: true },
};

/** A page's traits (none for most). */
export function sitePageTraits(id: SiteRouteId): SitePageTraits {
  return SITE_PAGE_TRAITS[id] ?? {};
}
