import { BODY_TYPES, CONDITIONS, DRIVES, FUEL_TYPES, TRANSMISSIONS } from '@dealership/car-schemas';
import { createModuleTestApp, insertBrand, insertCar, insertUser } from '@dealership/app-schema/testing';
import { brands } from '@dealership/brand-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { Global, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { toLegacyCar } from './car.legacy-shape';
import { CATALOGUE_BATCH_SIZE, CarCatalogueExport, matchesEtag, preferredCoding } from './car-catalogue-export';
import { CarModule } from './car.module';
import { CarService } from './car.service';

/** Small batches, so the catalogue takes several and their joins are exercised. */
const BATCH = 7;
/** More cars than three batches, each brand's spread over them. */
const CATALOGUE_CARS = 24;

@Global()
@Module({ providers: [{ provide: CATALOGUE_BATCH_SIZE, useValue: BATCH }], exports: [CATALOGUE_BATCH_SIZE] })
class SmallBatches {}

describe('getAll-car: the whole catalogue streamed, encoded once per version (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let exporter: CarCatalogueExport;
  let service: CarService;
  let admin: { id: string; name: string; email: string };

  /** The old handler's body, byte for byte: every listed car loaded at once, then `JSON.stringify` (Fastify's serializer). */
  const oldBody = async () => {
    const all = await service.all();
    return JSON.stringify({ success: true, totalCar: all.length, message: 'All Cars', cars: all.map(toLegacyCar) });
  };
  const get = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/api/car/getAll-car', headers });

  beforeAll(async () => {
    handle = await createTestDatabase();
    // A catalogue of its own (not the demo seed's, so demo copy stays out of car-server's tests):
    // four brands, their cars interleaved, every listed kind of car, one to four pictures each, a minute apart.
    const makers: { id: string }[] = [];
    for (const name of ['Toyota', 'Mazda', 'Subaru', 'Nissan']) makers.push(await insertBrand(handle.db, { name }));
    const start = Date.UTC(2026, 0, 1);
    for (let i = 0; i < CATALOGUE_CARS; i++) {
      const car = {
        brandId: makers[i % makers.length].id,
        name: `Catalogue Car ${i}`,
        price: 900_000 + i * 137_000,
        fuelType: FUEL_TYPES[i % FUEL_TYPES.length],
        transmission: TRANSMISSIONS[i % TRANSMISSIONS.length],
        drive: DRIVES[i % DRIVES.length],
        bodyType: BODY_TYPES[i % BODY_TYPES.length],
        condition: CONDITIONS[i % CONDITIONS.length],
        year: 2012 + (i % 12),
        mileage: 10_000 * i,
        engineSize: 1000 + 100 * (i % 20),
        ...(i % 3 === 0 ? { seats: 5, horsepower: 100 + i, safetyRating: 4 } : {}),
        createdAt: new Date(start + i * 60_000),
      };
      await insertCar(handle.db, car, 1 + (i % 4));
    }
    // The edges: a sold car (left out), a car without a brand, one without pictures, every optional spec set, and text to escape.
    const [brand] = await handle.db.select().from(brands).limit(1);
    await insertCar(handle.db, { brandId: brand.id, name: 'Sold Car', status: 'Sold' });
    await insertCar(handle.db, { brandId: null, name: 'No Brand "quoted" \\ \u2028 ünïcode' }, 0);
    await insertCar(handle.db, {
      brandId: brand.id,
      name: 'Full Specs',
      safetyRating: 5,
      seats: 7,
      horsepower: 201,
      torque: 381,
      accelerationSeconds: 9.7,
      groundClearanceMm: 220,
      fuelTankLitres: 87,
      warranty: '1 year',
      featured: true,
      status: 'Reserved',
    });
    admin = await insertUser(handle.db, { name: 'Boss', email: 'boss@dealer.test', role: 1 });
    app = await createModuleTestApp(handle, [SmallBatches, CarModule]);
    exporter = app.get(CarCatalogueExport);
    service = app.get(CarService);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('answers the old implementation’s bytes exactly, in every coding', async () => {
    const expected = await oldBody();
    const identity = await get();
    expect(identity.statusCode).toBe(200);
    expect(identity.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(expected);
    // The first request streamed the body as it was built; once built, its length is known.
    const again = await get();
    expect(again.body).toBe(expected);
    expect(Number(again.headers['content-length'])).toBe(Buffer.byteLength(expected));

    const gzip = await get({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(expected);
    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(expected);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.headers.vary).toBe('accept-encoding');

    const parsed = JSON.parse(expected);
    expect(parsed.totalCar).toBe(parsed.cars.length);
    expect(parsed.cars.map((c: { name: string }) => c.name)).not.toContain('Sold Car');
  });

  it('answers 304 to If-None-Match with the current ETag, and the body to any other', async () => {
    const first = await get({ 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get({ 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect((await get({ 'if-none-match': `"other", ${etag.slice(2)}` })).statusCode).toBe(304);
    expect((await get({ 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('encodes once per version: requests in any coding reuse it, until a write changes the ETag', async () => {
    const before = String((await get()).headers.etag);
    const builds = exporter.builds;
    await get({ 'accept-encoding': 'gzip' });
    await get({ 'accept-encoding': 'br' });
    await get();
    expect(exporter.builds).toBe(builds);

    const [car] = await service.all();
    await service.update({ id: car.id, price: car.price + 1 }, admin);
    const afterUpdate = await get({ 'if-none-match': before });
    expect(afterUpdate.statusCode).toBe(200);
    expect(afterUpdate.headers.etag).not.toBe(before);
    expect(afterUpdate.body).toBe(await oldBody());
    expect(exporter.builds).toBe(builds + 1);

    // A brand's rename (its cars embed it), and a delete (no row's updated_at moves): new ETags too.
    const renamed = String(afterUpdate.headers.etag);
    await handle.db
      .update(brands)
      .set({ name: 'Renamed Brand', updatedAt: new Date() })
      .where(eq(brands.id, car.brand?.id ?? ''));
    const afterRename = await get();
    expect(afterRename.headers.etag).not.toBe(renamed);
    expect(afterRename.body).toContain('"name":"Renamed Brand"');
    expect(afterRename.body).toBe(await oldBody());
    await service.remove(car.id, admin);
    const afterRemove = await get();
    expect(afterRemove.headers.etag).not.toBe(afterRename.headers.etag);
    expect(afterRemove.body).not.toContain(car.id);
    expect(afterRemove.body).toBe(await oldBody());
  });

  it('builds once for 10 parallel requests of a new version, all of them answered the same bytes', async () => {
    const brand = await insertBrand(handle.db, { name: 'Parallel Motors' });
    await insertCar(handle.db, { brandId: brand.id, name: 'Parallel One' });
    const builds = exporter.builds;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => get({ 'accept-encoding': i % 2 ? 'gzip' : 'br' })));
    expect(exporter.builds).toBe(builds + 1);
    const expected = await oldBody();
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      expect(body.toString('utf8')).toBe(expected);
    }
    expect(new Set(answers.map((res) => res.headers.etag)).size).toBe(1);
  });

  it('runs one build at a time while the catalogue changes between requests, each answer whole', async () => {
    const brand = await insertBrand(handle.db, { name: 'Busy Motors' });
    const builds = exporter.builds;
    // Requests and writes interleaved, none awaited: each write moves the version under the requests before it.
    const answers: ReturnType<typeof get>[] = [];
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 4; i++) {
      answers.push(...Array.from({ length: 3 }, () => get({ 'accept-encoding': 'gzip' })));
      writes.push(insertCar(handle.db, { brandId: brand.id, name: `Busy ${i}` }));
    }
    await Promise.all(writes);
    for (const res of await Promise.all(answers)) {
      expect(res.statusCode).toBe(200);
      const body = JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as { totalCar: number; cars: unknown[] };
      expect(body.cars).toHaveLength(body.totalCar);
    }
    // Versions changed under the requests: several builds, never two at once. (PGlite runs one
    // transaction at a time anyway; on a PostgreSQL server, `npm run test:postgres`, they would overlap.)
    expect(exporter.builds).toBeGreaterThan(builds);
    expect(exporter.mostBuildsRunning).toBe(1);
  });

  it('keeps searches per request, filtered, in the old shape', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/car/getAll-car?searchQuery=${encodeURIComponent('ÜNÏCODE')}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeUndefined();
    const all = await service.all('ÜNÏCODE');
    // Streamed: `totalCar` after the cars (it counts those sent), the same object to a JSON reader.
    expect(res.body).toBe(JSON.stringify({ success: true, message: 'All Cars', cars: all.map(toLegacyCar), totalCar: all.length }));
    expect(res.json().totalCar).toBe(1);
  });

  it('reads Accept-Encoding and If-None-Match as HTTP does', () => {
    expect(preferredCoding(undefined)).toBe('identity');
    expect(preferredCoding('gzip, deflate, br')).toBe('br');
    expect(preferredCoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredCoding('br;q=0.5, gzip;q=1')).toBe('gzip');
    expect(preferredCoding('*')).toBe('br');
    expect(preferredCoding('identity, deflate')).toBe('identity');
    expect(matchesEtag('*', 'W/"a"')).toBe(true);
    expect(matchesEtag('"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag('W/"b", W/"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag('"b"', 'W/"a"')).toBe(false);
  });
});
