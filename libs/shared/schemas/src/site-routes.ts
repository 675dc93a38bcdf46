/**
 * Every page of the web app, in one list. The web router is built from it (each id gets its page
 * element, checked exhaustively by the type), and the server answers a first load of a path in it
 * with 200 (else 404). What the server alone needs of a page (sitemap, server rendering, the
 * resource it shows) is in `SITE_PAGE_TRAITS` (site-page-traits.ts), which the browser never loads:
 * this list is in every page's first script.
 */
export interface SiteRoute {
  readonly path: string;
}

/**
 * Resources that have detail pages, each looked up by its slug; `landing` is the catalogue's
 * landing pages (`/cars/body/:bodyType` ...), looked up by their route and params.
 */
export type SiteResource = 'car' | 'brand' | 'landing';

export const SITE_ROUTES = {
  home: { path: '/' },
  cars: { path: '/cars' },
  // The landing pages: /cars with fixed filters. One segment is a condition (/cars/new); two are a
  // body type (/cars/body/suv), a budget (/cars/under/1-million) or else a brand's model
  // (/cars/toyota/vitz): car-model's `landingOfRoute` reads `group` in that order, so the words
  // `body` and `under` are never a brand. Two routes, not four: each costs every page's first load.
  carsCondition: { path: '/cars/:condition' },
  carsLanding: { path: '/cars/:group/:value' },
  carSearch: { path: '/car-search' },
  car: { path: '/car/:slug' },
  brands: { path: '/brands' },
  brand: { path: '/brand/:slug' },
  cart: { path: '/cart' },
  // Any 2-4 cars: a page per combination is no page for a search engine (the page says noindex).
  compare: { path: '/compare' },
  about: { path: '/about' },
  contact: { path: '/contact' },
  testimonials: { path: '/testimonials' },
  services: { path: '/services' },
  importDuty: { path: '/import-duty' },
  financing: { path: '/financing' },
  privacyPolicy: { path: '/privacy-policy' },
  terms: { path: '/terms' },
  login: { path: '/login' },
  register: { path: '/register' },
  forgotPassword: { path: '/forgot-password' },
  // Opened from emailed links: the token is in the query.
  resetPassword: { path: '/reset-password' },
  verifyEmail: { path: '/verify-email' },
  // Buyers' alerts: watch a price (from a car page or the favourites), and the confirm and unsubscribe links' pages.
  alerts: { path: '/alerts/:page' },
  // Opened from the links of messages to a buyer: the signed token names the record and nothing else.
  importTracking: { path: '/imports/track/:token' },
  tradeInOffer: { path: '/trade-in-offer/:token' },
  adminHome: { path: '/dashboard/admin' },
  adminBrands: { path: '/dashboard/admin/allbrands' },
  adminCars: { path: '/dashboard/admin/cars' },
  adminCreateBrand: { path: '/dashboard/admin/create-brand' },
  adminCreateCar: { path: '/dashboard/admin/create-product' },
  adminUpdateCar: { path: '/dashboard/admin/car/:slug' },
  adminOrders: { path: '/dashboard/admin/userorders' },
  adminActivity: { path: '/dashboard/admin/activity' },
  adminTestimonials: { path: '/dashboard/admin/testimonials' },
  adminLeads: { path: '/dashboard/admin/leads' },
  adminSettings: { path: '/dashboard/admin/settings' },
  adminMessages: { path: '/dashboard/admin/messages' },
  adminStaff: { path: '/dashboard/admin/staff' },
  adminReports: { path: '/dashboard/admin/reports' },
  adminSiteContent: { path: '/dashboard/admin/site-content' },
  adminInspections: { path: '/dashboard/admin/inspections' },
  adminImports: { path: '/dashboard/admin/imports' },
  adminImport: { path: '/dashboard/admin/imports/:id' },
  userHome: { path: '/dashboard/user' },
  userOrders: { path: '/dashboard/user/order' },
  userProfile: { path: '/dashboard/user/profile' },
} as const satisfies Record<string, SiteRoute>;

export type SiteRouteId = keyof typeof SITE_ROUTES;

/** A route's path with its `:params` filled in: `sitePath('car', { slug: 'toyota-vitz' })`. */
export function sitePath(id: SiteRouteId, params: Record<string, string> = {}): string {
  return SITE_ROUTES[id].path.replace(/:([a-zA-Z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

export interface SiteRouteMatch {
  id: SiteRouteId;
  params: Record<string, string>;
}

// Built on first use, so loading the route list costs a page nothing.
let compiled: { id: SiteRouteId; names: string[]; pattern: RegExp }[] | undefined;
const compile = () =>
  (Object.entries(SITE_ROUTES) as [SiteRouteId, SiteRoute][]).map(([id, route]) => {
    const names: string[] = [];
    const source = route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([a-zA-Z]+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { id, names, pattern: new RegExp(`^${source}$`) };
  });

/** The route a path (without query, trailing slash allowed) belongs to, or null for no page. */
export function matchSiteRoute(path: string): SiteRouteMatch | null {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  compiled ??= compile();
  for (const { id, names, pattern } of compiled) {
    const match = pattern.exec(normalised);
    if (!match) continue;
    try {
      return {
        id,
        params: Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1])])),
      };
    } catch {
      // A malformed %-escape is no page of ours.
      return null;
    }
  }
  return null;
}

/**
 * Paths that are another page's old or second name (the footer's "Inventory" is the cars page):
 * the server answers a first load with a 301 to the page, the web app's router replaces the path.
 */
export const SITE_REDIRECTS: Readonly<Record<string, string>> = {
  '/inventory': '/cars',
};

/** Where a request for `url` (path and query) is moved, keeping its query; undefined when it stays. */
export function siteRedirect(url: string): string | undefined {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const target = Object.hasOwn(SITE_REDIRECTS, normalised) ? SITE_REDIRECTS[normalised] : undefined;
  return target === undefined ? undefined : target + (queryAt < 0 ? '' : url.slice(queryAt));
}
