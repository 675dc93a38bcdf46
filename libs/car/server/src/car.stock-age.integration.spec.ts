import { createModuleTestApp, insertBrand, insertCar } from '@dealership/app-schema/testing';
import { carCosts, cars } from '@dealership/car-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory } from '@dealership/server-trpc';
import type { AuthUser } from '@dealership/shared-schemas';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { CarModule } from './car.module';
import { CarRouter } from './car.router';

const DAY = 86_400_000;

// The owner's stock age report (issue 28): the cars in stock, oldest first, those over 90 days counted.
describe('stock age (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  const owner: AuthUser = { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50', name: 'Owner', email: 'owner@dealer.test', role: 1, staffRole: 'owner' };
  const as = (user: AuthUser) => createCallerFactory(app.get(CarRouter).router)({ user, ip: '127.0.0.1' });

  beforeAll(async () => {
    handle = await createTestDatabase();
    app = await createModuleTestApp(handle, [CarModule]);
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('lists the cars in stock oldest first with their days in stock, leaves sold ones out, and is for owners only', async () => {
    const brand = await insertBrand(handle.db, { name: 'Subaru' });
    const aged = await insertCar(handle.db, { brandId: brand.id, name: 'Subaru Forester 2015' });
    const fresh = await insertCar(handle.db, { brandId: brand.id, name: 'Subaru Outback 2019' });
    const sold = await insertCar(handle.db, { brandId: brand.id, name: 'Subaru Impreza 2014' });
    await handle.db
      .update(cars)
      .set({ createdAt: new Date(Date.now() - 120 * DAY) })
      .where(eq(cars.id, aged.id));
    await handle.db
      .update(cars)
      .set({ createdAt: new Date(Date.now() - 200 * DAY), status: 'Sold' })
      .where(eq(cars.id, sold.id));

    const report = await as(owner).stockAge();
    expect(report).toMatchObject({ inStock: 2, over90Days: 1 });
    expect(report.cars.map((car) => [car.name, car.days])).toEqual([
      ['Subaru Forester 2015', 120],
      ['Subaru Outback 2019', 0],
    ]);
    expect(report.cars.map((car) => car.id)).not.toContain(sold.id);
    expect(report.cars[1].id).toBe(fresh.id);
    // By age band, with what the cars cost as recorded (issue 46): the fresh one has no cost yet.
    const forester = await insertCar(handle.db, { brandId: brand.id, name: 'Subaru Forester 2016', price: 1_800_000 });
    await handle.db
      .update(cars)
      .set({ createdAt: new Date(Date.now() - 45 * DAY) })
      .where(eq(cars.id, forester.id));
    await handle.db.insert(carCosts).values([
      { carId: aged.id, kind: 'purchase', amount: 900_000, amountKes: 900_000 },
      { carId: aged.id, kind: 'duty', amount: 250_000, amountKes: 250_000 },
      { carId: forester.id, kind: 'purchase', amount: 1_200_000, amountKes: 1_200_000 },
      { carId: sold.id, kind: 'purchase', amount: 700_000, amountKes: 700_000 },
    ]);
    const [prices] = await Promise.all([handle.db.select({ id: cars.id, price: cars.price }).from(cars)]);
    const price = (id: string) => prices.find((p) => p.id === id)?.price ?? 0;
    expect((await as(owner).stockAge()).bands).toEqual([
      { label: '0-30 days', cars: 1, costKes: 0, withoutCosts: 1, askingKes: price(fresh.id) },
      { label: '31-60 days', cars: 1, costKes: 1_200_000, withoutCosts: 0, askingKes: 1_800_000 },
      { label: '61-90 days', cars: 0, costKes: 0, withoutCosts: 0, askingKes: 0 },
      { label: '90+ days', cars: 1, costKes: 1_150_000, withoutCosts: 0, askingKes: price(aged.id) },
    ]);
    await expect(as({ ...owner, staffRole: 'sales' }).stockAge()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
