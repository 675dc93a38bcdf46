import { CAR_STATUSES, CarPageSchema, CarStatsSchema } from '@dealership/car-schemas';
import { createModuleTestApp, insertBrand, insertCar } from '@dealership/app-schema/testing';
import { cars } from '@dealership/car-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { CarModule } from './car.module';
import { CarRouter } from './car.router';

// The back office's reads: car.manage (every car, sold ones too) and car.stats.
describe('car module: admin reads car.manage and car.stats (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  const brandIds: Record<string, string> = {};
  const callerFor = (ctx: TrpcContext) => createCallerFactory(app.get(CarRouter).router)(ctx);
  const guest = () => callerFor({ user: null, ip: '127.0.0.1' });
  const customer = () => callerFor({ user: { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50', name: 'Amina', email: 'amina@x.test', role: 0 }, ip: '127.0.0.1' });
  const admin = () => callerFor({ user: { id: '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5', name: 'Boss', email: 'boss@x.test', role: 1 }, ip: '127.0.0.1' });

  // Newest last: car.manage lists them in reverse.
  const FIXTURES = [
    { name: 'Toyota Vitz', brand: 'toyota', status: 'Available', featured: true },
    { name: 'Toyota Land Cruiser Prado', brand: 'toyota', status: 'Sold', featured: false },
    { name: 'Subaru Forester', brand: 'subaru', status: 'Reserved', featured: true },
    { name: 'Outback Wagon', brand: 'subaru', status: 'Sold', featured: true },
    { name: 'Mazda Demio', brand: 'mazda', status: 'Available', featured: false },
    { name: 'Nameless Van', brand: null, status: 'Available', featured: false },
    { name: 'Toyota Probox', brand: 'toyota', status: 'Available', featured: false },
  ] as const;
  const NEWEST_FIRST = FIXTURES.map((f) => f.name).reverse();

  beforeAll(async () => {
    handle = await createTestDatabase();
    for (const name of ['Toyota', 'Subaru', 'Mazda']) brandIds[name.toLowerCase()] = (await insertBrand(handle.db, { name })).id;
    const t0 = Date.parse('2026-02-01T00:00:00Z');
    for (const [i, { brand, ...fields }] of FIXTURES.entries()) {
      await insertCar(handle.db, { ...fields, brandId: brand ? brandIds[brand] : null, createdAt: new Date(t0 + i * 60_000) });
    }
    app = await createModuleTestApp(handle, [CarModule]);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const names = (page: { items: { name: string }[] }) => page.items.map((c) => c.name);

  describe('car.manage', () => {
    it('lists every car newest first, sold ones included (car.list leaves them out), in the car.list page shape', async () => {
      const page = await admin().manage({});
      expect(CarPageSchema.parse(page)).toEqual(page);
      expect(names(page)).toEqual(NEWEST_FIRST);
      expect(page).toMatchObject({ total: 7, page: 1, pageSize: 12, pageCount: 1 });
      expect(page.items.filter((c) => c.status === 'Sold').map((c) => c.name)).toEqual(['Outback Wagon', 'Toyota Land Cruiser Prado']);
      expect((await guest().list({})).total).toBe(5);
    });

    it('filters by status, each one exactly', async () => {
      for (const status of CAR_STATUSES) {
        const page = await admin().manage({ status });
        expect(names(page)).toEqual(NEWEST_FIRST.filter((name) => FIXTURES.find((f) => f.name === name)?.status === status));
        expect(page.total).toBe(FIXTURES.filter((f) => f.status === status).length);
      }
    });

    it('filters by brand id and by featured, true or false', async () => {
      expect(names(await admin().manage({ brandId: brandIds.toyota }))).toEqual(['Toyota Probox', 'Toyota Land Cruiser Prado', 'Toyota Vitz']);
      expect(names(await admin().manage({ featured: true }))).toEqual(['Outback Wagon', 'Subaru Forester', 'Toyota Vitz']);
      expect((await admin().manage({ featured: false })).total).toBe(4);
      expect((await admin().manage({ brandId: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50' })).total).toBe(0);
    });

    it('searches as car.list does (name, brand name; literally, any case), sold cars included', async () => {
      expect(names(await admin().manage({ search: 'PRADO' }))).toEqual(['Toyota Land Cruiser Prado']);
      // 'Outback Wagon' matches only through its brand's name, and it is sold.
      expect(names(await admin().manage({ search: 'subaru' }))).toEqual(['Outback Wagon', 'Subaru Forester']);
      expect(names(await admin().manage({ search: '  mazda ' }))).toEqual(['Mazda Demio']);
      expect((await admin().manage({ search: 'Vi_z' })).total).toBe(0);
      expect((await admin().manage({ search: '%' })).total).toBe(0);
    });

    it('combines filters', async () => {
      expect(names(await admin().manage({ brandId: brandIds.subaru, status: 'Sold', featured: true }))).toEqual(['Outback Wagon']);
      expect(names(await admin().manage({ search: 'toyota', status: 'Available', featured: false }))).toEqual(['Toyota Probox']);
    });

    it('pages without overlap, newest first across pages', async () => {
      const pages = await Promise.all([1, 2, 3].map((page) => admin().manage({ page, pageSize: 3 })));
      expect(pages.map((p) => p.items.length)).toEqual([3, 3, 1]);
      for (const page of pages) expect(page).toMatchObject({ total: 7, pageSize: 3, pageCount: 3 });
      expect(pages.flatMap(names)).toEqual(NEWEST_FIRST);
      expect((await admin().manage({ page: 4, pageSize: 3 })).items).toEqual([]);
      await expect(admin().manage({ pageSize: 49 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    });

    it('refuses malformed filters with BAD_REQUEST', async () => {
      await expect(admin().manage({ brandId: 'not-an-id' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      await expect(admin().manage({ status: 'Gone' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      await expect(admin().manage({ featured: 'yes' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      await expect(admin().manage({ search: 'vitz\u0000' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      await expect(admin().manage({ search: 'x'.repeat(101) })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    });

    it('is for admins only', async () => {
      await expect(customer().manage({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(guest().manage({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    });
  });

  describe('car.stats', () => {
    it('counts every car, the featured ones and each status', async () => {
      const stats = await admin().stats();
      expect(CarStatsSchema.parse(stats)).toEqual(stats);
      expect(stats).toEqual({ total: 7, featured: 3, byStatus: { Available: 4, Reserved: 1, Sold: 2 } });
    });

    it('follows changes and counts a status with no car as 0', async () => {
      await handle.db.delete(cars).where(eq(cars.status, 'Reserved'));
      expect(await admin().stats()).toEqual({ total: 6, featured: 2, byStatus: { Available: 4, Reserved: 0, Sold: 2 } });
    });

    it('is for admins only', async () => {
      await expect(customer().stats()).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(guest().stats()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    });
  });
});
