import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { hasControlCharacters, matchSiteRoute, SITE_ROUTES, type SiteResource, type SiteRoute, sitePath } from '@dealership/shared-schemas';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { type SitePages, SitePagesOf } from './site-pages';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);

const ROUTES: [string, SiteRoute][] = Object.entries(SITE_ROUTES);

/** The web app's pages as the server sees them: which exist (first-load status) and the sitemap. */
@Injectable()
export class SiteService implements OnModuleInit {
  private readonly sources = new Map<SiteResource, SitePages>();

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit() {
    for (const wrapper of this.discovery.getProviders({ metadataKey: SitePagesOf.KEY })) {
      const resource = this.discovery.getMetadataByDecorator(SitePagesOf, wrapper);
      if (resource && wrapper.instance) this.sources.set(resource, wrapper.instance as SitePages);
    }
  }

  /**
   * The HTTP status of a first load of `url`: 200 for a page of `SITE_ROUTES`, 404 for any other
   * path and for detail pages whose car or brand does not exist. The web app renders its own
   * not-found page either way; the status tells search engines and link checkers the truth.
   */
  async firstLoadStatus(url: string): Promise<200 | 404> {
    const match = matchSiteRoute(url.split('?')[0]);
    if (!match) return 404;
    const resource = (SITE_ROUTES[match.id] as SiteRoute).resource;
    if (!resource) return 200;
    const source = this.sources.get(resource);
    const slug = match.params['slug'] ?? '';
    // No slug holds a control character (and PostgreSQL refuses NUL): no lookup needed.
    if (hasControlCharacters(slug)) return 404;
    // A resource no module provides (say, a feature left out of a test app) has no pages.
    return source && (await source.exists(slug)) ? 200 : 404;
  }

  /** `/sitemap.xml`: the pages marked `inSitemap`, then every detail page the features provide. */
  async sitemapXml(): Promise<string> {
    const url = (path: string, lastmod?: Date) =>
      `  <url><loc>${escapeXml(`${this.config.publicUrl}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
    const lines = ROUTES.filter(([, route]) => route.inSitemap).map(([, route]) => url(route.path));
    const detailRoutes = (Object.keys(SITE_ROUTES) as (keyof typeof SITE_ROUTES)[]).filter((id) => (SITE_ROUTES[id] as SiteRoute).resource);
    const entries = await Promise.all(
      detailRoutes.map(async (id) => {
        const source = this.sources.get((SITE_ROUTES[id] as SiteRoute).resource as SiteResource);
        return (await source?.sitemapEntries())?.map((e) => url(sitePath(id, { slug: e.slug }), e.updatedAt)) ?? [];
      }),
    );
    lines.push(...entries.flat());
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
  }

  robotsTxt(): string {
    return `User-agent: *\nDisallow: /dashboard/\nDisallow: /cart\nAllow: /\n\nSitemap: ${this.config.publicUrl}/sitemap.xml\n`;
  }
}
