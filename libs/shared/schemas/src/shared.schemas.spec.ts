import { DomainError, ERROR_HTTP_STATUS, ErrorCode } from './errors';
import { IdSchema } from './ids.schemas';
import { PriceKesSchema } from './money.schemas';
import { PageInputSchema } from './pagination.schemas';
import { matchSiteRoute, SITE_REDIRECTS, SITE_ROUTES, type SiteRouteId, sitePath, siteRedirect } from './site-routes';

describe('shared contracts', () => {
  it('map every error code to an HTTP status', () => {
    for (const code of Object.values(ErrorCode)) expect(ERROR_HTTP_STATUS[code]).toBeGreaterThanOrEqual(400);
    const error = new DomainError(ErrorCode.Conflict, 'Email already registered', 'email');
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: 'CONFLICT', field: 'email', message: 'Email already registered', name: 'DomainError' });
  });

  it('take whole shillings only', () => {
    expect(PriceKesSchema.parse(1_250_000)).toBe(1_250_000);
    expect(PriceKesSchema.safeParse(10.5).error?.issues[0].message).toBe('Price must be a whole number of shillings');
    expect(PriceKesSchema.safeParse('100').success).toBe(false);
  });

  it('bound pages and check ids', () => {
    expect(PageInputSchema.parse({})).toEqual({ page: 1, pageSize: 12 });
    expect(PageInputSchema.safeParse({ pageSize: 100 }).success).toBe(false);
    expect(IdSchema.safeParse('not-an-id').error?.issues[0].message).toBe('must be a valid id');
  });
});

describe('SITE_ROUTES', () => {
  it('matches pages with their params, with or without a trailing slash', () => {
    expect(matchSiteRoute('/')).toEqual({ id: 'home', params: {} });
    expect(matchSiteRoute('/cars/')).toEqual({ id: 'cars', params: {} });
    expect(matchSiteRoute('/car/toyota-vitz')).toEqual({ id: 'car', params: { slug: 'toyota-vitz' } });
    expect(matchSiteRoute('/dashboard/admin/car/a%20b')).toEqual({ id: 'adminUpdateCar', params: { slug: 'a b' } });
  });

  it('answers null for paths that are no page', () => {
    for (const path of ['/nope', '/car', '/car/a/b', '/dashboard/admin/nope', '/car/%E0%A4%A', '/cars.']) expect(matchSiteRoute(path)).toBeNull();
  });

  it('fills in params', () => {
    expect(sitePath('brand', { slug: 'mercedes-and-benz' })).toBe('/brand/mercedes-and-benz');
    expect(sitePath('cars')).toBe('/cars');
    for (const id of Object.keys(SITE_ROUTES)) expect(matchSiteRoute(sitePath(id as SiteRouteId, { slug: 'x', page: 'x' }))?.id).toBe(id);
  });

  it('moves the old names of pages to the pages, keeping the query', () => {
    expect(siteRedirect('/inventory')).toBe('/cars');
    expect(siteRedirect('/inventory/')).toBe('/cars');
    expect(siteRedirect('/inventory?brands=toyota&page=2')).toBe('/cars?brands=toyota&page=2');
    for (const path of ['/cars', '/inventory/x', '/inventoryx', '/toString', '/__proto__']) expect(siteRedirect(path)).toBeUndefined();
    // A redirect leads to a page, never to another redirect or nowhere; no page has a redirect's path.
    for (const [from, to] of Object.entries(SITE_REDIRECTS)) {
      expect(matchSiteRoute(to)).not.toBeNull();
      expect(matchSiteRoute(from)).toBeNull();
    }
  });
});
