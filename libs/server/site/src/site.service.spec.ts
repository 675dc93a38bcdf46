import { APP_CONFIG, loadConfig } from '@dealership/server-core';
import type { SiteRouteId } from '@dealership/shared-schemas';
import { Global, Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { type SitemapEntry, type SitePages, SitePagesOf } from './site-pages';
import { SiteModule } from './site.module';
import { SITEMAP_URL_LIMIT, SiteService } from './site.service';

/** A feature's contribution as the car module makes it: its rows in slug order, and a version that moves with them. */
@SitePagesOf('car')
@Injectable()
class SomeCars implements SitePages {
  rows: SitemapEntry[] = [{ slug: 'toyota-vitz', updatedAt: new Date('2026-01-02T03:04:05.000Z') }];
  version = 1;
  reads = 0;
  async exists(slug: string) {
    if (slug.includes('\u0000')) throw new Error('invalid byte sequence for encoding "UTF8": 0x00');
    return slug === 'toyota-vitz' || slug === 'a b';
  }
  async sitemapVersion() {
    return String(this.version);
  }
  async sitemapEntries(after: string | undefined, limit: number) {
    this.reads++;
    return this.rows.filter((row) => after === undefined || row.slug > after).slice(0, limit);
  }
}

/** A resource of several routes (the landing pages): told the whole match; its entries carry their own paths. */
@SitePagesOf('landing')
@Injectable()
class SomeLandings implements SitePages {
  async exists(_slug: string, params: Readonly<Record<string, string>>, route: SiteRouteId) {
    return route === 'carsLanding' ? params['group'] === 'body' && params['value'] === 'suv' : params['condition'] === 'new';
  }
  async sitemapVersion() {
    return '1';
  }
  async sitemapEntries(after: string | undefined) {
    return after === undefined ? [{ slug: '/cars/body/suv', path: '/cars/body/suv' }, { slug: '/cars/new', path: '/cars/new' }] : [];
  }
}

async function siteWith(urlLimit?: number): Promise<{ site: SiteService; cars: SomeCars }> {
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://cars.example.co.ke', JWT_SECRET: 'x'.repeat(32) });
  @Global()
  @Module({
    providers: [
      { provide: APP_CONFIG, useValue: config },
      { provide: SITEMAP_URL_LIMIT, useValue: urlLimit },
    ],
    exports: [APP_CONFIG, SITEMAP_URL_LIMIT],
  })
  class ConfigModule {}
  const moduleRef = await Test.createTestingModule({ imports: [ConfigModule, SiteModule], providers: [SomeCars, SomeLandings] }).compile();
  await moduleRef.init();
  return { site: moduleRef.get(SiteService), cars: moduleRef.get(SomeCars) };
}

const text = (buffer: Buffer | undefined) => buffer?.toString('utf8');

describe('SiteService', () => {
  let site: SiteService;

  beforeAll(async () => {
    ({ site } = await siteWith());
  });

  it('answers 200 for the pages of SITE_ROUTES and 404 for any other path', async () => {
    for (const url of ['/', '/cars?page=2', '/about/', '/dashboard/admin/cars', '/dashboard/user/profile']) expect(await site.firstLoadStatus(url)).toBe(200);
    for (const url of ['/nope', '/dashboard/admin/nope', '/car', '/cars/x']) expect(await site.firstLoadStatus(url)).toBe(404);
  });

  it('asks the feature providing a resource whether its detail page exists', async () => {
    expect(await site.firstLoadStatus('/car/toyota-vitz')).toBe(200);
    expect(await site.firstLoadStatus('/car/a%20b')).toBe(200);
    expect(await site.firstLoadStatus('/car/no-such-car')).toBe(404);
    // A control character never reaches the feature's lookup (PostgreSQL would refuse a NUL).
    for (const slug of ['%00', 'toyota-vitz%00', '%1B']) expect(await site.firstLoadStatus(`/car/${slug}`)).toBe(404);
    // No module provides brand pages here: they do not exist.
    expect(await site.firstLoadStatus('/brand/toyota')).toBe(404);
  });

  it('asks a resource of several routes with the whole match, and lists its pages once, by their own paths', async () => {
    expect(await site.firstLoadStatus('/cars/body/suv?page=2')).toBe(200);
    expect(await site.firstLoadStatus('/cars/new/')).toBe(200);
    expect(await site.firstLoadStatus('/cars/body/tank')).toBe(404);
    expect(await site.firstLoadStatus('/cars/toyota/%00')).toBe(404);
    const file = text(await site.sitemapFile('sitemap-landings-1.xml')) ?? '';
    // Once, though two routes name the resource; no lastmod when the entry has none.
    expect(file.match(/<url>/g)).toHaveLength(2);
    expect(file).toContain('<url><loc>https://cars.example.co.ke/cars/body/suv</loc></url>');
    expect(text(await site.sitemapIndex())).toContain('<sitemap><loc>https://cars.example.co.ke/sitemap-landings-1.xml</loc></sitemap>');
  });

  it('serves a sitemap index naming its files; the files list the pages and the features’ detail pages with their last change', async () => {
    const index = text(await site.sitemapIndex());
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index).toContain('<sitemap><loc>https://cars.example.co.ke/sitemap-pages-1.xml</loc></sitemap>');
    expect(index).toContain('<sitemap><loc>https://cars.example.co.ke/sitemap-cars-1.xml</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod></sitemap>');
    const pages = text(await site.sitemapFile('sitemap-pages-1.xml'));
    expect(pages).toContain('<loc>https://cars.example.co.ke/</loc>');
    expect(pages).toContain('<loc>https://cars.example.co.ke/cars</loc>');
    expect(pages).not.toContain('/login');
    expect(text(await site.sitemapFile('sitemap-cars-1.xml'))).toContain(
      '<loc>https://cars.example.co.ke/car/toyota-vitz</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod>',
    );
    expect(await site.sitemapFile('sitemap-cars-2.xml')).toBeUndefined();
    expect(site.robotsTxt()).toContain('Sitemap: https://cars.example.co.ke/sitemap.xml');
  });

  it('splits every group at the URL limit; each file’s lastmod is its newest row’s', async () => {
    const { site: small, cars } = await siteWith(2);
    const day = (d: number) => new Date(Date.UTC(2026, 0, d));
    cars.rows = [
      { slug: 'a', updatedAt: day(3) },
      { slug: 'b', updatedAt: day(1) },
      { slug: 'c', updatedAt: day(2) },
      { slug: 'd', updatedAt: day(9) },
      { slug: 'e', updatedAt: day(4) },
    ];
    const index = text(await small.sitemapIndex()) ?? '';
    const files = [...index.matchAll(/<loc>https:\/\/cars\.example\.co\.ke\/([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g)].map((m) => [m[1], m[2]]);
    const carFiles = files.filter(([name]) => name.startsWith('sitemap-cars-'));
    expect(carFiles).toEqual([
      ['sitemap-cars-1.xml', day(3).toISOString()],
      ['sitemap-cars-2.xml', day(9).toISOString()],
      ['sitemap-cars-3.xml', day(4).toISOString()],
    ]);
    for (const [name] of files) {
      const urls = (text(await small.sitemapFile(name)) ?? '').match(/<url>/g) ?? [];
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(2);
    }
    expect(text(await small.sitemapFile('sitemap-cars-2.xml'))).toContain(
      `<loc>https://cars.example.co.ke/car/d</loc><lastmod>${day(9).toISOString()}</lastmod>`,
    );
    // Every static page is in some pages file.
    const pages = await Promise.all(files.filter(([name]) => name.startsWith('sitemap-pages-')).map(async ([name]) => text(await small.sitemapFile(name))));
    expect(pages.join('')).toContain('<loc>https://cars.example.co.ke/about</loc>');
  });

  it('is built once per version of the pages, and again when the version moves', async () => {
    const { site: cached, cars } = await siteWith(2);
    cars.rows = [
      { slug: 'a', updatedAt: new Date('2026-01-01T00:00:00.000Z') },
      { slug: 'b', updatedAt: new Date('2026-01-01T00:00:00.000Z') },
    ];
    await Promise.all([cached.sitemapIndex(), cached.sitemapIndex(), cached.sitemapFile('sitemap-cars-1.xml')]);
    const reads = cars.reads;
    expect(reads).toBeGreaterThan(0);
    await cached.sitemapIndex();
    await cached.sitemapFile('sitemap-cars-1.xml');
    expect(cars.reads).toBe(reads);

    cars.rows = [...cars.rows, { slug: 'c', updatedAt: new Date('2026-02-01T00:00:00.000Z') }];
    cars.version++;
    expect(text(await cached.sitemapIndex())).toContain('<loc>https://cars.example.co.ke/sitemap-cars-2.xml</loc><lastmod>2026-02-01T00:00:00.000Z</lastmod>');
    expect(cars.reads).toBeGreaterThan(reads);
  });
});
