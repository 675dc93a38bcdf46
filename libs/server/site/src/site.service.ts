import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { hasControlCharacters, matchSiteRoute, SITE_ROUTES, type SiteResource, type SiteRoute, type SiteRouteId, sitePageTraits, sitePath } from '@dealership/shared-schemas';
import { Inject, Injectable, type OnModuleInit, Optional } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { type SitePages, SitePagesOf } from './site-pages';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);

const ROUTES = Object.entries(SITE_ROUTES) as [SiteRouteId, SiteRoute][];

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** Injection token of the most URLs in one sitemap file (the protocol's 50,000; tests give a small one). */
export const SITEMAP_URL_LIMIT = Symbol('SITEMAP_URL_LIMIT');
const MAX_URLS_PER_FILE = 50_000;
/** Pages read per query while the sitemap is built. */
const SITEMAP_BATCH = 5_000;

interface BuiltSitemap {
  version: string;
  index: Buffer;
  /** By file name (`sitemap-cars-1.xml`). */
  files: Map<string, Buffer>;
}

/** The web app's pages as the server sees them: which exist (first-load status) and the sitemap. */
@Injectable()
export class SiteService implements OnModuleInit {
  private readonly sources = new Map<SiteResource, SitePages>();
  private readonly urlLimit: number;
  private cached?: BuiltSitemap;
  private building?: { version: string; done: Promise<BuiltSitemap> };

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(SITEMAP_URL_LIMIT) urlLimit?: number,
  ) {
    this.urlLimit = Math.min(urlLimit ?? MAX_URLS_PER_FILE, MAX_URLS_PER_FILE);
  }

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
    const resource = sitePageTraits(match.id).resource;
    if (!resource) return 200;
    const source = this.sources.get(resource);
    const slug = match.params['slug'] ?? '';
    // No slug holds a control character (and PostgreSQL refuses NUL): no lookup needed.
    if (Object.values(match.params).some(hasControlCharacters)) return 404;
    // A resource no module provides (say, a feature left out of a test app) has no pages.
    return source && (await source.exists(slug, match.params, match.id)) ? 200 : 404;
  }

  /** `/sitemap.xml`: the sitemap index, naming every sitemap file with its last change. */
  async sitemapIndex(): Promise<Buffer> {
    return (await this.sitemap()).index;
  }

  /** A sitemap file of the index (`sitemap-cars-1.xml`), or undefined when there is none of that name. */
  async sitemapFile(name: string): Promise<Buffer | undefined> {
    return (await this.sitemap()).files.get(name);
  }

  /** The sitemap of the current version of the pages: kept until a feature's version moves, built once per version. */
  private async sitemap(): Promise<BuiltSitemap> {
    const detail = this.detailSources();
    const version = (await Promise.all(detail.map(async ({ resource, source }) => `${resource}=${await source.sitemapVersion()}`))).join(';');
    if (this.cached?.version === version) return this.cached;
    if (this.building?.version === version) return this.building.done;
    const done = this.buildSitemap(version, detail);
    const building = { version, done };
    this.building = building;
    try {
      this.cached = await done;
      return this.cached;
    } finally {
      if (this.building === building) this.building = undefined;
    }
  }

  /**
   * The detail routes (`/car/:slug` ...) with the feature providing each one's pages: one per
   * resource (the first of its routes; the landing pages' entries carry their own paths).
   */
  private detailSources(): { id: keyof typeof SITE_ROUTES; resource: SiteResource; source: SitePages }[] {
    const seen = new Set<SiteResource>();
    return (Object.keys(SITE_ROUTES) as (keyof typeof SITE_ROUTES)[]).flatMap((id) => {
      const resource = sitePageTraits(id).resource;
      const source = resource && this.sources.get(resource);
      if (!resource || !source || seen.has(resource)) return [];
      seen.add(resource);
      return [{ id, resource, source }];
    });
  }

  /**
   * Splits every page into files of at most `urlLimit` URLs: the pages marked `inSitemap`
   * (`sitemap-pages-1.xml`), then each feature's detail pages in slug order (`sitemap-cars-1.xml`,
   * `sitemap-cars-2.xml` ...), read in keyset batches; each file's lastmod is its newest row's.
   */
  private async buildSitemap(version: string, detail: ReturnType<SiteService['detailSources']>): Promise<BuiltSitemap> {
    const files = new Map<string, Buffer>();
    const indexEntries: string[] = [];
    const base = this.config.publicUrl;
    const addFile = (name: string, urls: string[], lastmod: Date | undefined) => {
      files.set(name, Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}">\n${urls.join('\n')}\n</urlset>\n`));
      indexEntries.push(`  <sitemap><loc>${escapeXml(`${base}/${name}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</sitemap>`);
    };
    const url = (path: string, lastmod?: Date) =>
      `  <url><loc>${escapeXml(`${base}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;

    const pages = ROUTES.filter(([id]) => sitePageTraits(id).inSitemap).map(([, route]) => url(route.path));
    for (let start = 0; start < pages.length; start += this.urlLimit)
      addFile(`sitemap-pages-${start / this.urlLimit + 1}.xml`, pages.slice(start, start + this.urlLimit), undefined);

    for (const { id, resource, source } of detail) {
      let urls: string[] = [];
      let newest: Date | undefined;
      let fileNumber = 0;
      const flush = () => {
        if (urls.length > 0) addFile(`sitemap-${resource}s-${++fileNumber}.xml`, urls, newest);
        urls = [];
        newest = undefined;
      };
      let after: string | undefined;
      for (;;) {
        const batch = await source.sitemapEntries(after, SITEMAP_BATCH);
        for (const entry of batch) {
          urls.push(url(entry.path ?? sitePath(id, { slug: entry.slug }), entry.updatedAt));
          if (entry.updatedAt && (!newest || entry.updatedAt > newest)) newest = entry.updatedAt;
          if (urls.length === this.urlLimit) flush();
        }
        if (batch.length < SITEMAP_BATCH) break;
        after = batch[batch.length - 1].slug;
      }
      flush();
    }
    const index = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">\n${indexEntries.join('\n')}\n</sitemapindex>\n`);
    return { version, index, files };
  }

  robotsTxt(): string {
    return `User-agent: *\nDisallow: /dashboard/\nDisallow: /cart\nAllow: /\n\nSitemap: ${this.config.publicUrl}/sitemap.xml\n`;
  }
}
