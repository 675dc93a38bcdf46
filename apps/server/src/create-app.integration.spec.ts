import { carCosts } from '@dealership/car-data';
import { loadConfig } from '@dealership/server-core';
import { type Database, DB } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { parse } from 'papaparse';
import { createApp } from './create-app';
import { restContractOptions } from './testing/rest-contract';

/** The whole server as `npm start` runs it, on a temporary DATA_DIR and a stand-in web build. */
describe('createApp (integration: the whole server on PGlite under DATA_DIR)', () => {
  let root: string;
  let app: NestFastifyApplication;
  const env = () => ({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: join(root, 'data'),
    WEB_DIST_DIR: join(root, 'web'),
    DEALER_PHONE: '+254 711 222 333',
    ADMIN_EMAIL: 'boss@dealer.test',
    ADMIN_PASSWORD: 'correct-horse-battery',
  });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'app-'));
    mkdirSync(join(root, 'web/assets'), { recursive: true });
    writeFileSync(join(root, 'web/index.html'), '<!doctype html><html><head><!--app-config--></head><body><div id="root"></div></body></html>');
    writeFileSync(join(root, 'web/assets/app-abc123.js'), 'console.log("app")');
    // The web build's precompressed copies (vite-plugin-compression2), sent as they are.
    writeFileSync(join(root, 'web/assets/app-abc123.js.br'), brotliCompressSync('console.log("app")'));
    writeFileSync(join(root, 'web/assets/app-abc123.js.gz'), gzipSync('console.log("app")'));
    // Every REST answer below is checked against the served OpenAPI document.
    app = await createApp(loadConfig(env()), restContractOptions());
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('reports health with the database up', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'up' });
  });

  it('seeds the demo catalogue on first start, with generated pictures served from /media', async () => {
    const cars = (await app.inject({ method: 'GET', url: '/api/car/getAll-car' })).json();
    expect(cars.totalCar).toBeGreaterThanOrEqual(40);
    const brands = (await app.inject({ method: 'GET', url: '/api/brand/getAll-brand' })).json();
    expect(brands.brands.length).toBeGreaterThanOrEqual(10);
    // SVG masters only: no image is encoded at start-up.
    // Three pictures per car, besides the frames of the demo's 360-degree views (issue 44).
    expect(readdirSync(join(root, 'data/media/cars')).filter((f) => f.endsWith('.svg') && !f.includes('-spin-')).length).toBe(cars.totalCar * 3);
    expect(readdirSync(join(root, 'data/media/cars')).filter((f) => f.endsWith('.webp'))).toHaveLength(0);

    const picture = await app.inject({ method: 'GET', url: cars.cars[0].documents[0].url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['cache-control']).toContain('max-age=31536000');
    expect(picture.headers['cache-control']).toContain('immutable');
    expect(picture.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    // Rendered once, then kept.
    expect(readdirSync(join(root, 'data/media/cars')).filter((f) => f.endsWith('.webp'))).toHaveLength(1);
    const again = await app.inject({ method: 'GET', url: cars.cars[0].documents[0].url });
    expect(again.rawPayload.equals(picture.rawPayload)).toBe(true);
  });

  it('answers tRPC queries from the database, singly and batched', async () => {
    const input = encodeURIComponent(JSON.stringify({ pageSize: 5, bodyType: 'SUV' }));
    const res = await app.inject({ method: 'GET', url: `/trpc/car.list?input=${input}` });
    expect(res.statusCode).toBe(200);
    const page = res.json().result.data;
    expect(page.items).toHaveLength(5);
    expect(page.items.every((c: { bodyType: string }) => c.bodyType === 'SUV')).toBe(true);

    const batch = await app.inject({ method: 'GET', url: `/trpc/brand.list,car.latest?batch=1&input=${encodeURIComponent('{}')}` });
    const [brandList, latest] = batch.json();
    expect(brandList.result.data.length).toBeGreaterThanOrEqual(10);
    expect(latest.result.data).toHaveLength(8);
  });

  it('gives tRPC input errors field messages and a 400', async () => {
    const input = encodeURIComponent(JSON.stringify({ pageSize: 1000 }));
    const res = await app.inject({ method: 'GET', url: `/trpc/car.list?input=${input}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.data.fieldErrors.pageSize[0]).toBe('pageSize must be at most 48');
  });

  it('serves the web app with the runtime config injected, for / and client routes', async () => {
    const slug = (await app.inject({ method: 'GET', url: '/api/car/getAll-car' })).json().cars[0].slug;
    for (const url of ['/', '/cars?make=Toyota', `/car/${slug}`, '/brand/toyota', '/dashboard/admin/cars', '/cart/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain(
        '<script id="app-config" type="application/json">{"dealerPhone":"+254 711 222 333","publicUrl":"http://localhost:3000"}</script>',
      );
    }
  });

  it('answers 404 (with the web app, which shows its not-found page) for unknown pages, cars and brands', async () => {
    for (const url of ['/no/such/page', '/car/no-such-car', '/brand/no-such-brand', '/blog', '/car/a/b']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a year of caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends the build's Brotli or gzip copy of an asset to a browser that accepts it, once, and the plain file to one that does not", async () => {
    const brotli = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log("app")');
    const gzip = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('console.log("app")');
    const plain = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
  });

  it('answers unknown API paths and missing files with a JSON 404, not the web app', async () => {
    for (const url of [
      '/api/nothing-here',
      '/api/car/unknown/x',
      '/missing.png',
      '/media/cars/nope.webp',
      '/media/../package.json',
      '/media/cars/..%2F..%2Fjwt-secret',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    }
    expect((await app.inject({ method: 'GET', url: '/api/nothing-here' })).json()).toEqual({ success: false, message: 'Not found' });
    // No METRICS_TOKEN: no metrics at all, not even behind a token (the web app's not-found page).
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer x' } })).statusCode).toBe(404);
  });

  it('answers malformed JSON with a 400 in the legacy shape', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
  });

  it('GET /sitemap.xml is an index of files listing the static pages and every car and brand page with lastmod; robots.txt points at it', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<sitemapindex');
    const files = [...res.body.matchAll(/<loc>http:\/\/localhost:3000(\/sitemap-[^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(files).toEqual(expect.arrayContaining(['/sitemap-pages-1.xml', '/sitemap-cars-1.xml', '/sitemap-brands-1.xml']));
    const parts = await Promise.all(files.map((url) => app.inject({ method: 'GET', url })));
    for (const part of parts) expect(part.statusCode).toBe(200);
    const body = parts.map((part) => part.body).join('');
    expect((await app.inject({ method: 'GET', url: '/sitemap-cars-99.xml' })).statusCode).toBe(404);
    const cars = (await app.inject({ method: 'GET', url: '/api/car/getAll-car' })).json().cars;
    expect(body).toContain('<loc>http://localhost:3000/</loc>');
    expect(body).toContain('<loc>http://localhost:3000/brands</loc>');
    expect(body).toContain('<loc>http://localhost:3000/brand/mercedes-benz</loc>');
    for (const car of cars) expect(body).toContain(`<loc>http://localhost:3000/car/${car.slug}</loc><lastmod>${car.updatedAt}</lastmod>`);

    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });

  it('GET /feeds/meta-vehicles.csv is the stock as a Meta ads catalogue at the root, compressed, with an ETag', async () => {
    const res = await app.inject({ method: 'GET', url: '/feeds/meta-vehicles.csv', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const [header, ...rows] = parse<string[]>(gunzipSync(res.rawPayload).toString('utf8'), { skipEmptyLines: true }).data;
    expect(header.slice(0, 4)).toEqual(['vehicle_id', 'title', 'description', 'url']);
    // One row per car for sale, its page's address from PUBLIC_URL (here the default).
    expect(rows).toHaveLength((await app.inject({ method: 'GET', url: '/api/car/getAll-car' })).json().totalCar);
    expect(rows[0][3]).toMatch(/^http:\/\/localhost:3000\/car\/[a-z0-9-]+$/);
    const again = await app.inject({ method: 'GET', url: '/feeds/meta-vehicles.csv', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    // Not under /api: the REST API has no such route.
    expect((await app.inject({ method: 'GET', url: '/api/feeds/meta-vehicles.csv' })).statusCode).toBe(404);
  });

  // Issue 46: what a car cost is the owners' alone: no public answer carries a figure of it (the
  // server-rendered car page is made from car.bySlug's answer, checked here).
  it("never shows a car's costs in a public answer: REST, tRPC, the ads feed, the sitemap", async () => {
    const [car] = (await app.inject({ method: 'GET', url: '/api/car/getAll-car' })).json().cars as { _id: string; slug: string }[];
    await app
      .get<Database>(DB)
      .insert(carCosts)
      .values([
        { carId: car._id, kind: 'purchase', currency: 'JPY', amount: 1_357_913, exchangeRate: 0.8731, amountKes: 1_185_594, supplier: 'Auction Secret', receipt: 'RCPT-97531' },
        { carId: car._id, kind: 'bodywork', amount: 86_421, amountKes: 86_421, supplier: 'Panel Beater Secret' },
      ]);
    const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
    const answers = await Promise.all(
      [
        `/api/car/getCarById-car/${car.slug}`,
        '/api/car/getAll-car',
        `/trpc/car.bySlug?input=${input({ slug: car.slug })}`,
        `/trpc/car.list?input=${input({})}`,
        '/trpc/car.latest',
        '/trpc/car.featured',
        `/trpc/car.compare?input=${input({ slugs: [car.slug] })}`,
        '/feeds/meta-vehicles.csv',
        '/sitemap.xml',
      ].map(async (url) => {
        const res = await app.inject({ method: 'GET', url });
        return { url, status: res.statusCode, body: res.body };
      }),
    );
    for (const { url, status, body } of answers) {
      // Each one an answer about the catalogue, the car among it.
      expect({ url, status, hasCar: url === '/sitemap.xml' || body.includes(car.slug) }).toEqual({ url, status: 200, hasCar: true });
      for (const figure of ['1357913', '1,357,913', '1185594', '1,185,594', '86421', '86,421', 'Auction Secret', 'RCPT-97531', 'Panel Beater Secret']) {
        expect({ url, shows: body.includes(figure) ? figure : null }).toEqual({ url, shows: null });
      }
    }
  });

  it('keeps data across a restart on the same DATA_DIR and never seeds twice', async () => {
    const before = (await app.inject({ method: 'GET', url: '/api/car/getAll-car' })).json().totalCar;
    await app.close();
    app = await createApp(loadConfig(env()), restContractOptions());
    const after = (await app.inject({ method: 'GET', url: '/api/car/getAll-car' })).json().totalCar;
    expect(after).toBe(before);
  }, 120_000);
});

describe('health with the database down', () => {
  it('answers 503 {status:"error", db:"down"}', async () => {
    const database = await createTestDatabase();
    const root = mkdtempSync(join(tmpdir(), 'app-down-'));
    const app = await createApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: root, SEED_DEMO: 'false', WEB_DIST_DIR: join(root, 'none') }), {
      database,
      ...restContractOptions(),
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await database.close();
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', db: 'down' });
    } finally {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
