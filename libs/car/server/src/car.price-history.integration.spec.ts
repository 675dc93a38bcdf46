import { createModuleTestApp, insertBrand, insertCar, insertUser } from '@dealership/app-schema/testing';
import { carPriceChanges, cars } from '@dealership/car-data';
import { PRICE_CUT_RECENT_DAYS } from '@dealership/car-schemas';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq, sql } from 'drizzle-orm';
import { CarModule } from './car.module';
import { CarRouter } from './car.router';

// Issue 44: every price change kept (when, from, to, who); a recent cut told on the car's page and
// listed by "Recently reduced"; a rise ends it. Through the real router and database.
describe('car price history (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  const staff = { id: '', name: 'Amina Staff', email: 'amina@dealer.test', role: 1 as const };
  const caller = () => createCallerFactory(app.get(CarRouter).router)({ user: staff, ip: '127.0.0.1' });
  const visitor = () => createCallerFactory(app.get(CarRouter).router)({ user: null, ip: '127.0.0.1' });
  const reducedSlugs = async () => (await visitor().list({ sort: 'reduced' })).items.map((car) => car.slug);

  beforeAll(async () => {
    handle = await createTestDatabase();
    staff.id = (await insertUser(handle.db, { name: staff.name, email: staff.email, role: 1 })).id;
    app = await createModuleTestApp(handle, [CarModule]);
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('keeps each change with who made it; cuts in a row add up on the page and in "Recently reduced"; a rise ends them', async () => {
    const brand = await insertBrand(handle.db, { name: 'Mazda' });
    const car = await insertCar(handle.db, { brandId: brand.id, name: 'Mazda CX-5 2.5 Signature', price: 3_450_000 });
    const never = await insertCar(handle.db, { brandId: brand.id, name: 'Mazda Demio', price: 900_000 });
    expect((await visitor().bySlug({ slug: car.slug })).priceReduction).toBeNull();

    // Another field changes: no price change is kept.
    await caller().update({ id: car.id, description: 'One owner.' });
    expect(await caller().priceHistory({ carId: car.id })).toEqual([]);

    await caller().update({ id: car.id, price: 3_400_000 });
    await caller().update({ id: car.id, price: 3_300_000 });
    const cut = (await visitor().bySlug({ slug: car.slug })).priceReduction;
    expect(cut).toEqual({ amount: 150_000, on: expect.any(String) });
    expect(Date.now() - Date.parse(cut?.on ?? '')).toBeLessThan(60_000);
    expect(await caller().priceHistory({ carId: car.id })).toEqual([
      { oldPrice: 3_400_000, newPrice: 3_300_000, changedAt: expect.any(String), changedBy: 'Amina Staff' },
      { oldPrice: 3_450_000, newPrice: 3_400_000, changedAt: expect.any(String), changedBy: 'Amina Staff' },
    ]);
    expect(await reducedSlugs()).toEqual([car.slug]);
    expect(await reducedSlugs()).not.toContain(never.slug);

    // A rise: no longer "reduced", and the history keeps all three.
    await caller().update({ id: car.id, price: 3_350_000 });
    expect((await visitor().bySlug({ slug: car.slug })).priceReduction).toBeNull();
    expect(await reducedSlugs()).toEqual([]);
    expect(await caller().priceHistory({ carId: car.id })).toHaveLength(3);

    // A cut long ago is not told, and the next cut counts alone.
    await caller().update({ id: car.id, price: 3_250_000 });
    await handle.db
      .update(cars)
      .set({ priceReducedAt: sql`now() - make_interval(days => ${PRICE_CUT_RECENT_DAYS + 1})` })
      .where(eq(cars.id, car.id));
    expect((await visitor().bySlug({ slug: car.slug })).priceReduction).toBeNull();
    expect(await reducedSlugs()).toEqual([]);
    await caller().update({ id: car.id, price: 3_200_000 });
    expect((await visitor().bySlug({ slug: car.slug })).priceReduction).toMatchObject({ amount: 50_000 });
  });

  it('is for staff only, names an unknown car, and goes with the car', async () => {
    const brand = await insertBrand(handle.db, { name: 'Honda' });
    const car = await insertCar(handle.db, { brandId: brand.id, name: 'Honda HR-V', price: 2_000_000 });
    await caller().update({ id: car.id, price: 1_900_000 });
    await expect(visitor().priceHistory({ carId: car.id })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(caller().priceHistory({ carId: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await caller().remove({ id: car.id });
    expect(await handle.db.select().from(carPriceChanges).where(eq(carPriceChanges.carId, car.id))).toEqual([]);
  });
});
