import { createModuleTestApp, insertBrand, insertCar, insertUser } from '@dealership/app-schema/testing';
import { carSpinFrames } from '@dealership/car-data';
import { CatalogueChanges } from './catalogue-changes';
import { CarSpinService } from './car-spin.service';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase, eventually } from '@dealership/server-db/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq, sql } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { CarModule } from './car.module';
import { CAR_PAGE_CACHE_BYTES, CarService, cachedCarBytes } from './car.service';
import { PRICE_CUT_RECENT_DAYS } from '@dealership/car-schemas';

const serverUrl = globalThis.__TEST_DATABASE_URL__;

/**
 * car.bySlug answers from memory per catalogue generation (CarService, CatalogueChanges): these
 * tests show that it does cache, and that no write, wherever it is made, leaves a stale car served.
 */
describe('the car page cache (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let mediaDir: string;
  let service: CarService;
  let changes: CatalogueChanges;
  let slug: string;
  let carId: string;
  let brandId: string;
  let adminId: string;

  const priceOf = async () => (await service.bySlug(slug)).price;
  /** A write no trigger reports: what a cache without invalidation would never see. */
  const silentPriceUpdate = async (price: number) => {
    await handle.db.execute(sql.raw('ALTER TABLE cars DISABLE TRIGGER cars_catalogue_changed'));
    try {
      await handle.db.execute(sql`update cars set price = ${price} where id = ${carId}`);
    } finally {
      await handle.db.execute(sql.raw('ALTER TABLE cars ENABLE TRIGGER cars_catalogue_changed'));
    }
  };

  beforeAll(async () => {
    handle = await createTestDatabase();
    mediaDir = await mkdtemp(join(tmpdir(), 'car-cache-'));
    brandId = (await insertBrand(handle.db, { name: 'Toyota' })).id;
    adminId = (await insertUser(handle.db, { role: 1 })).id;
    const car = await insertCar(handle.db, { brandId, name: 'Toyota Prado 2019', price: 5_000_000 });
    slug = car.slug;
    carId = car.id;
    app = await createModuleTestApp(handle, [CarModule], { env: { MEDIA_DIR: mediaDir } });
    service = app.get(CarService);
    changes = app.get(CatalogueChanges);
    await eventually(
      async () => changes.version,
      (version) => version !== undefined,
    );
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('answers a car page from memory while the catalogue has not changed', async () => {
    const first = await service.bySlug(slug);
    await silentPriceUpdate(4_000_000);
    // The silent write is not seen: the answer came from the cache.
    expect(await service.bySlug(slug)).toBe(first);
    // Any change moves the generation, and the car is read again.
    changes.changed();
    expect(await priceOf()).toBe(4_000_000);
  });

  it('keeps at most CAR_PAGE_CACHE_BYTES of cars, dropping the least recently read', async () => {
    // Cars with the longest description allowed: far fewer of them than CAR_PAGE_CACHE_SIZE fill it.
    const description = 'Full service history, one owner. '.repeat(600).slice(0, 20_000);
    const big = [];
    for (let i = 0; i < 120; i++) big.push(await insertCar(handle.db, { brandId, name: `Long Story ${i}`, description }, 1));
    const first = await service.bySlug(big[0].slug);
    const perCar = cachedCarBytes(first);
    const fits = Math.floor(CAR_PAGE_CACHE_BYTES / perCar);
    expect(fits).toBeLessThan(big.length);
    for (const car of big) await service.bySlug(car.slug);
    expect(service.pageCacheBytes).toBeLessThanOrEqual(CAR_PAGE_CACHE_BYTES);
    expect(service.pageCacheBytes).toBeGreaterThan(CAR_PAGE_CACHE_BYTES - 2 * perCar);
    // The oldest was dropped (read again, it is a new object); the newest is still the cached one.
    const newest = await service.bySlug(big[big.length - 1].slug);
    expect(await service.bySlug(big[big.length - 1].slug)).toBe(newest);
    expect(await service.bySlug(big[0].slug)).not.toBe(first);
  });

  it('keeps the cached car frozen, so no caller can change it for the next reader', async () => {
    const car = await service.bySlug(slug);
    expect(() => {
      (car as { price: number }).price = 1;
    }).toThrow(TypeError);
    expect(() => (car.images as unknown[]).push({})).toThrow(TypeError);
  });

  it("sees this process's own writes at once", async () => {
    await priceOf();
    await service.update({ id: carId, price: 4_100_000 }, { id: adminId, name: 'Boss', email: 'boss@dealer.test' });
    expect(await priceOf()).toBe(4_100_000);
  });

  it('sees a write made elsewhere (another instance, a script, psql) through the tables’ notifications', async () => {
    await priceOf();
    if (serverUrl) {
      // Another connection, as another instance would write.
      const url = new URL(serverUrl);
      const [{ name }] = ((await handle.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows;
      url.pathname = `/${name}`;
      const other = new Client({ connectionString: url.toString() });
      await other.connect();
      try {
        await other.query('update cars set price = $1 where id = $2', [4_200_000, carId]);
      } finally {
        await other.end();
      }
    } else {
      // PGlite has this process's connection only: a write outside the repositories.
      await handle.db.execute(sql`update cars set price = ${4_200_000} where id = ${carId}`);
    }
    expect(await eventually(priceOf, (price) => price === 4_200_000)).toBe(4_200_000);
  });

  it('sees a spin set changed outside this process (another instance) through its table’s notifications', async () => {
    const spins = app.get(CarSpinService);
    expect((await spins.spin(carId)).frames).toEqual([]);
    // Written outside the repositories, as another instance's write arrives: only the trigger tells.
    await handle.db.insert(carSpinFrames).values(
      Array.from({ length: 24 }, (_, position) => ({ carId, position, url: `/media/cars/prado-spin-${position}.webp`, publicId: `cars/prado-spin-${position}` })),
    );
    expect((await eventually(() => spins.spin(carId), (spin) => spin.frames.length === 24)).frames).toHaveLength(24);
    await handle.db.delete(carSpinFrames).where(eq(carSpinFrames.carId, carId));
    expect((await eventually(() => spins.spin(carId), (spin) => spin.frames.length === 0)).frames).toEqual([]);
  });

  it('reads a cached car again once its "Reduced by" is no longer recent, with no write to tell it', async () => {
    // A cut that turns 60 days old two seconds from now, written where the cache hears it.
    await handle.db.execute(
      sql`update cars set price_reduced_at = now() - make_interval(days => ${PRICE_CUT_RECENT_DAYS}) + interval '2 seconds', price_reduced_by = 100000 where id = ${carId}`,
    );
    const cut = await eventually(
      async () => (await service.bySlug(slug)).priceReduction,
      (reduction) => reduction !== null,
    );
    expect(cut).toMatchObject({ amount: 100_000 });
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    expect((await service.bySlug(slug)).priceReduction).toBeNull();
  });

  it("sees a brand's rename on its cars", async () => {
    await service.bySlug(slug);
    await handle.db.execute(sql`update brands set name = 'Toyota Kenya' where id = ${brandId}`);
    const car = await eventually(
      () => service.bySlug(slug),
      (value) => value.brand?.name === 'Toyota Kenya',
    );
    expect(car.brand?.name).toBe('Toyota Kenya');
  });

  it('reads the database every time while notifications are not heard', async () => {
    await priceOf();
    changes.setListening(false);
    try {
      await silentPriceUpdate(4_300_000);
      expect(await priceOf()).toBe(4_300_000);
      await silentPriceUpdate(4_400_000);
      expect(await priceOf()).toBe(4_400_000);
    } finally {
      changes.setListening(true);
    }
  });
});
