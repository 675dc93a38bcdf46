import { createModuleTestApp, insertBrand, insertCar } from '@dealership/app-schema/testing';
import { CatalogueChanges } from './catalogue-changes';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase, eventually } from '@dealership/server-db/testing';
import { SiteService } from '@dealership/server-site';
import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { createCallerFactory } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sql } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CarLandingService, FIXED_LANDING_PATHS } from './car-landing.service';
import { CarModule } from './car.module';
import { CarRouter } from './car.router';

/** The site's page lookup and sitemap as the server has them (its REST routes are the server app's). */
@Module({ imports: [DiscoveryModule], providers: [SiteService] })
class SitePagesModule {}

/** The landing pages' figures (car.landing), their 404s (first-load status) and their sitemap entries, on a real database. */
describe('car landing pages (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let mediaDir: string;
  let site: SiteService;
  const ids: Record<string, string> = {};
  const caller = () => createCallerFactory(app.get(CarRouter).router)({ user: null, ip: '127.0.0.1' });

  beforeAll(async () => {
    handle = await createTestDatabase();
    mediaDir = await mkdtemp(join(tmpdir(), 'car-landing-'));
    ids.toyota = (await insertBrand(handle.db, { name: 'Toyota' })).id;
    ids.nissan = (await insertBrand(handle.db, { name: 'Nissan' })).id;
    // A brand whose slug is one of the landing words: its models have no landing page.
    ids.body = (await insertBrand(handle.db, { name: 'Body' })).id;
    const prado = { brandId: ids.toyota, model: 'Land Cruiser Prado', bodyType: 'SUV' as const };
    await insertCar(handle.db, { ...prado, name: 'Toyota Land Cruiser Prado TX', price: 4_800_000, mileage: 90_000, condition: 'Foreign Used' });
    await insertCar(handle.db, { ...prado, name: 'Toyota Land Cruiser Prado VX', price: 7_200_000, mileage: 30_001, condition: 'New' });
    // Sold: in no figure, but its model stays known.
    await insertCar(handle.db, { ...prado, name: 'Toyota Land Cruiser Prado Sold', price: 100_000, mileage: 1, status: 'Sold' });
    await insertCar(handle.db, { brandId: ids.toyota, model: 'Harrier', bodyType: 'SUV', name: 'Toyota Harrier', price: 2_950_000, mileage: 61_000, condition: 'Foreign Used' });
    await insertCar(handle.db, { brandId: ids.toyota, model: 'Mark X', bodyType: 'Sedan', name: 'Toyota Mark X Sold', price: 1_200_000, status: 'Sold' });
    await insertCar(handle.db, { brandId: ids.nissan, model: 'Note', bodyType: 'Hatchback', name: 'Nissan Note', price: 850_000, mileage: 70_000, condition: 'Locally Used' });
    await insertCar(handle.db, { brandId: ids.nissan, model: 'Note', bodyType: 'Hatchback', name: 'Nissan Note e-Power', price: 1_000_000, mileage: 45_000, condition: 'Foreign Used' });
    await insertCar(handle.db, { brandId: ids.body, model: 'Shell', bodyType: 'Van', name: 'Body Shell', price: 600_000, mileage: 10_000 });
    app = await createModuleTestApp(handle, [CarModule, SitePagesModule], { env: { MEDIA_DIR: mediaDir } });
    site = app.get(SiteService);
    await eventually(
      async () => app.get(CatalogueChanges).version,
      (version) => version !== undefined,
    );
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('states each page’s figures from its listed cars: how many, the price range and the average mileage', async () => {
    expect(await caller().landing({ page: 'body', bodyType: 'suv' })).toEqual({
      brand: null,
      model: null,
      count: 3,
      priceMin: 2_950_000,
      priceMax: 7_200_000,
      averageMileage: 60_334, // (90,000 + 30,001 + 61,000) / 3, rounded
      // The words are the server's, so the page's first load carries none of them.
      words: { heading: 'SUVs for Sale in Kenya', one: 'SUV', many: 'SUVs', path: '/cars/body/suv', trail: [], label: 'SUVs' },
      intro: 'We have 3 SUVs in stock in Mombasa, priced from KES 2,950,000 to KES 7,200,000, with 60,334 km on the clock on average.',
      // Cut to the meta description's length on the server.
      description: expect.stringMatching(/^We have 3 SUVs in stock in Mombasa, .* Import on your behalf/),
    });
    // Up to the band's price, inclusive: the 1,000,000 Note is under 1 million.
    expect(await caller().landing({ page: 'budget', budget: '1-million' })).toMatchObject({ count: 3, priceMin: 600_000, priceMax: 1_000_000, averageMileage: 41_667 });
    expect(await caller().landing({ page: 'budget', budget: '1.5-million' })).toMatchObject({ count: 3 });
    expect(await caller().landing({ page: 'condition', condition: 'foreign-used' })).toMatchObject({ count: 4, priceMin: 600_000, priceMax: 4_800_000 });
    expect(await caller().landing({ page: 'model', brand: 'toyota', model: 'land-cruiser-prado' })).toMatchObject({
      brand: { name: 'Toyota', slug: 'toyota' },
      model: 'Land Cruiser Prado',
      count: 2,
      priceMin: 4_800_000,
      priceMax: 7_200_000,
      averageMileage: 60_001,
      words: {
        heading: 'Toyota Land Cruiser Prado for Sale in Kenya',
        path: '/cars/toyota/land-cruiser-prado',
        trail: [{ label: 'Toyota', to: '/brand/toyota' }],
        label: 'Land Cruiser Prado',
      },
    });
  });

  it('answers a known page without cars with zeros and no range: a body type nobody has, a model whose cars are all sold', async () => {
    expect(await caller().landing({ page: 'body', bodyType: 'station-wagon' })).toMatchObject({
      brand: null,
      model: null,
      count: 0,
      priceMin: null,
      priceMax: null,
      averageMileage: null,
      intro: 'We have no Station Wagons in stock right now.',
    });
    expect(await caller().landing({ page: 'model', brand: 'toyota', model: 'mark-x' })).toMatchObject({
      brand: { name: 'Toyota', slug: 'toyota' },
      model: 'Mark X',
      count: 0,
      priceMin: null,
      priceMax: null,
      averageMileage: null,
    });
    // The inspected cars' page (issue 44): none inspected here yet, so it says so and leads on.
    expect(await caller().landing({ page: 'inspected' })).toMatchObject({
      count: 0,
      words: { heading: 'Inspected Cars for Sale in Kenya', path: '/cars/inspected' },
      intro: 'We have no inspected cars in stock right now.',
    });
  });

  it('answers NOT_FOUND for an unknown combination', async () => {
    for (const input of [
      { page: 'body', bodyType: 'tank' },
      { page: 'body', bodyType: 'SUV' },
      { page: 'budget', budget: '4-million' },
      { page: 'budget', budget: '1.50-million' },
      { page: 'condition', condition: 'used' },
      { page: 'model', brand: 'toyota', model: 'no-such-model' },
      { page: 'model', brand: 'nissan', model: 'harrier' },
      { page: 'model', brand: 'no-such-brand', model: 'note' },
      { page: 'model', brand: 'toyota', model: "'; drop table cars; --" },
      { page: 'model', brand: 'body', model: 'shell' },
    ] as const) {
      await expect(caller().landing(input)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    await expect(caller().landing({ page: 'model', brand: 'toyota', model: 'x'.repeat(81) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('model must be at most 80 characters'),
    });
  });

  it('gives a first load of a landing page 200, and 404 for an unknown combination', async () => {
    for (const url of ['/cars/body/suv', '/cars/body/station-wagon', '/cars/under/1.5-million', '/cars/new/', '/cars/locally-used?page=2', '/cars/inspected', '/cars/toyota/land-cruiser-prado', '/cars/toyota/mark-x'])
      expect([url, await site.firstLoadStatus(url)]).toEqual([url, 200]);
    for (const url of ['/cars/body/tank', '/cars/under/4-million', '/cars/under', '/cars/used', '/cars/toyota', '/cars/toyota/corolla', '/cars/nope/note', '/cars/body/shell', '/cars/toyota/%00', '/cars/toyota/vitz/x'])
      expect([url, await site.firstLoadStatus(url)]).toEqual([url, 404]);
  });

  it('lists the fixed landing pages and every model with listed cars in the sitemap, never a shadowed or sold-out model', async () => {
    const index = (await site.sitemapIndex()).toString();
    expect(index).toContain('/sitemap-landings-1.xml</loc>');
    const file = (await site.sitemapFile('sitemap-landings-1.xml'))?.toString() ?? '';
    const locs = [...file.matchAll(/<loc>[^<]*?(\/cars\/[^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      [...FIXED_LANDING_PATHS, '/cars/nissan/note', '/cars/toyota/harrier', '/cars/toyota/land-cruiser-prado'].sort(),
    );
    expect(FIXED_LANDING_PATHS).toEqual(
      expect.arrayContaining(['/cars/body/suv', '/cars/body/station-wagon', '/cars/under/1.5-million', '/cars/new', '/cars/foreign-used', '/cars/locally-used', '/cars/inspected']),
    );
    expect(FIXED_LANDING_PATHS).toHaveLength(7 + 5 + 3 + 1);
    // A model page carries its cars' last change.
    expect(file).toMatch(/\/cars\/nissan\/note<\/loc><lastmod>\d{4}-\d\d-\d\dT/);
  });

  it('reads the sitemap’s landing pages in keyset batches in path order', async () => {
    const landings = app.get(CarLandingService);
    const all = await landings.sitemapEntries(undefined, 1000);
    const paged: string[] = [];
    let after: string | undefined;
    for (;;) {
      const batch = await landings.sitemapEntries(after, 4);
      paged.push(...batch.map((entry) => entry.path));
      if (batch.length < 4) break;
      after = batch[batch.length - 1].slug;
    }
    expect(paged).toEqual(all.map((entry) => entry.path));
    expect(paged).toHaveLength(16 + 3);
  });

  it('keeps the figures per catalogue generation: a silent write is not seen, any change is', async () => {
    const before = await caller().landing({ page: 'body', bodyType: 'hatchback' });
    expect(before.count).toBe(2);
    await handle.db.execute(sql.raw('ALTER TABLE cars DISABLE TRIGGER cars_catalogue_changed'));
    try {
      await handle.db.execute(sql`update cars set price = 900000 where name = 'Nissan Note e-Power'`);
    } finally {
      await handle.db.execute(sql.raw('ALTER TABLE cars ENABLE TRIGGER cars_catalogue_changed'));
    }
    // Served from memory: the write told nobody.
    expect(await caller().landing({ page: 'body', bodyType: 'hatchback' })).toEqual(before);
    // A write the triggers report (here, from outside the repositories) reaches the figures.
    await handle.db.execute(sql`update cars set status = 'Sold' where name = 'Nissan Note'`);
    const after = await eventually(
      () => caller().landing({ page: 'body', bodyType: 'hatchback' }),
      (landing) => landing.count === 1,
    );
    expect(after).toMatchObject({ count: 1, priceMin: 900_000, priceMax: 900_000, averageMileage: 45_000 });
  });
});
