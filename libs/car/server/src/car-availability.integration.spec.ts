import { insertBrand, insertCar } from '@dealership/app-schema/testing';
import { cars } from '@dealership/car-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { eq, inArray } from 'drizzle-orm';
import { CarAvailability } from './car-availability';

describe('CarAvailability: how an order moves cars (integration, real database)', () => {
  let handle: DatabaseHandle;
  let availability: CarAvailability;
  const ids: Record<string, string> = {};

  const statusOf = async (...carIds: string[]) =>
    Object.fromEntries(
      (await handle.db.select({ id: cars.id, status: cars.status }).from(cars).where(inArray(cars.id, carIds))).map((row) => [row.id, row.status]),
    );

  beforeAll(async () => {
    handle = await createTestDatabase();
    availability = new CarAvailability(handle.db);
    const brand = await insertBrand(handle.db, { name: 'Mazda' });
    ids.demio = (await insertCar(handle.db, { brandId: brand.id, name: 'Mazda Demio', price: 900_000 })).id;
    ids.axela = (await insertCar(handle.db, { brandId: brand.id, name: 'Mazda Axela', price: 1_400_000 }, 0)).id;
    ids.sold = (await insertCar(handle.db, { brandId: brand.id, name: 'Mazda Atenza', status: 'Sold' })).id;
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('finds the cars that exist, in id order, with price, status and main picture', async () => {
    const found = await availability.find([ids.axela, ids.demio, '00000000-0000-4000-8000-000000000000']);
    expect(found.map((car) => car.id)).toEqual([ids.axela, ids.demio].sort());
    const demio = found.find((car) => car.id === ids.demio);
    expect(demio).toEqual({
      id: ids.demio,
      name: 'Mazda Demio',
      slug: 'mazda-demio',
      price: 900_000,
      status: 'Available',
      imageUrl: '/media/cars/mazda-demio-0.webp',
    });
    expect(found.find((car) => car.id === ids.axela)?.imageUrl).toBeNull();
    expect(await availability.find([])).toEqual([]);
  });

  it('says which cars may not be reserved: gone, or not Available', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const locked = await handle.db.transaction((tx) => availability.lock(tx, [ids.demio, ids.sold, missing]));
    expect(availability.unavailable([ids.demio, ids.sold, missing], locked)).toEqual([{ id: ids.sold, name: 'Mazda Atenza', status: 'Sold' }, { id: missing }]);
  });

  it("reserves, sells and releases inside the caller's transaction: its rollback undoes them", async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await availability.reserve(tx, [ids.demio]);
        await availability.sell(tx, [ids.axela]);
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    expect(await statusOf(ids.demio, ids.axela)).toEqual({ [ids.demio]: 'Available', [ids.axela]: 'Available' });

    await handle.db.transaction((tx) => availability.reserve(tx, [ids.demio, ids.axela]));
    expect(await statusOf(ids.demio, ids.axela)).toEqual({ [ids.demio]: 'Reserved', [ids.axela]: 'Reserved' });
    await handle.db.transaction((tx) => availability.sell(tx, [ids.demio]));
    await handle.db.transaction((tx) => availability.release(tx, [ids.axela]));
    expect(await statusOf(ids.demio, ids.axela)).toEqual({ [ids.demio]: 'Sold', [ids.axela]: 'Available' });
    // Nothing to move is no write at all.
    await handle.db.transaction((tx) => availability.release(tx, []));
  });

  it('keeps a sold car in the catalogue (its page stays), and moves it again only when told', async () => {
    const [sold] = await handle.db.select({ id: cars.id, status: cars.status, updatedAt: cars.updatedAt }).from(cars).where(eq(cars.id, ids.demio));
    expect(sold.status).toBe('Sold');
    // Selling it again changes nothing.
    await handle.db.transaction((tx) => availability.sell(tx, [ids.demio]));
    const [again] = await handle.db.select({ updatedAt: cars.updatedAt }).from(cars).where(eq(cars.id, ids.demio));
    expect(again.updatedAt).toEqual(sold.updatedAt);
    await handle.db.transaction((tx) => availability.release(tx, [ids.demio]));
    expect(await statusOf(ids.demio)).toEqual({ [ids.demio]: 'Available' });
  });
});
