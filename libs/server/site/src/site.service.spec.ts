import { APP_CONFIG, loadConfig } from '@dealership/server-core';
import { Global, Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { type SitePages, SitePagesOf } from './site-pages';
import { SiteModule } from './site.module';
import { SiteService } from './site.service';

/** A feature's contribution as the car module makes it, with two cars. */
@SitePagesOf('car')
@Injectable()
class TwoCars implements SitePages {
  async exists(slug: string) {
    if (slug.includes('\u0000')) throw new Error('invalid byte sequence for encoding "UTF8": 0x00');
    return slug === 'toyota-vitz' || slug === 'a b';
  }
  async sitemapEntries() {
    return [{ slug: 'toyota-vitz', updatedAt: new Date('2026-01-02T03:04:05.000Z') }];
  }
}

describe('SiteService', () => {
  let site: SiteService;

  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://cars.example.co.ke', JWT_SECRET: 'x'.repeat(32) });
    @Global()
    @Module({ providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] })
    class ConfigModule {}
    const moduleRef = await Test.createTestingModule({ imports: [ConfigModule, SiteModule], providers: [TwoCars] }).compile();
    await moduleRef.init();
    site = moduleRef.get(SiteService);
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

  it('lists the sitemap pages and the features’ detail pages with their last change', async () => {
    const xml = await site.sitemapXml();
    expect(xml).toContain('<loc>https://cars.example.co.ke/</loc>');
    expect(xml).toContain('<loc>https://cars.example.co.ke/cars</loc>');
    expect(xml).not.toContain('/login');
    expect(xml).toContain('<loc>https://cars.example.co.ke/car/toyota-vitz</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod>');
    expect(site.robotsTxt()).toContain('Sitemap: https://cars.example.co.ke/sitemap.xml');
  });
});
