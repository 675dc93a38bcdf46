import { createModuleTestApp, insertBrand, insertCar } from '@dealership/app-schema/testing';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CarModule } from './car.module';
import { CarRouter } from './car.router';

const callerFor = (r: CarRouter['router']) => createCallerFactory(r)({ user: null, ip: '127.0.0.1' });
const DAY = 86_400_000;

describe('car.recentlySold: the "Recently sold" strip of /cars (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let caller: ReturnType<typeof callerFor>;

  beforeAll(async () => {
    handle = await createTestDatabase();
    const toyota = await insertBrand(handle.db, { name: 'Toyota' });
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    await insertCar(handle.db, { name: 'Toyota Vitz', brandId: toyota.id, status: 'Sold', updatedAt: ago(2) });
    await insertCar(handle.db, { name: 'Toyota Prado', brandId: toyota.id, status: 'Sold', updatedAt: ago(1) });
    // Sold too long ago, still for sale, or reserved: not in the strip.
    await insertCar(handle.db, { name: 'Toyota Corolla', brandId: toyota.id, status: 'Sold', updatedAt: ago(31) });
    await insertCar(handle.db, { name: 'Toyota Harrier', brandId: toyota.id, updatedAt: ago(1) });
    await insertCar(handle.db, { name: 'Toyota Noah', brandId: toyota.id, status: 'Reserved', updatedAt: ago(1) });
    for (let n = 0; n < 8; n += 1) await insertCar(handle.db, { name: `Toyota Sold ${n}`, brandId: toyota.id, status: 'Sold', updatedAt: ago(10 + n) });
    app = await createModuleTestApp(handle, [CarModule]);
    caller = callerFor(app.get(CarRouter).router);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('lists the cars sold in the last 30 days, the latest first, at most 8, each marked Sold', async () => {
    const sold = await caller.recentlySold();
    expect(sold.map((car) => car.name)).toEqual(['Toyota Prado', 'Toyota Vitz', ...[0, 1, 2, 3, 4, 5].map((n) => `Toyota Sold ${n}`)]);
    expect(sold.every((car) => car.status === 'Sold')).toBe(true);
    expect(sold[0].slug).toBe('toyota-prado');
  });

  it('keeps a sold car out of the catalogue while its page still answers, marked Sold', async () => {
    const listed = await caller.list({});
    expect(listed.items.map((car) => car.name)).not.toContain('Toyota Prado');
    expect((await caller.bySlug({ slug: 'toyota-prado' })).status).toBe('Sold');
  });
});
