import { CarSchema } from '@dealership/car-schemas';
import { insertBrand, insertCar } from '@dealership/app-schema/testing';
import { brandImages } from '@dealership/brand-data';
import { cars } from '@dealership/car-data';
import { CatalogueChanges } from './catalogue-changes';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { asc, eq } from 'drizzle-orm';
import { carJson } from './car-json';
import { CarRepository, findCars, toCar } from './car.repository';

describe('carJson: the car as PostgreSQL builds it (integration, real database)', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await createTestDatabase();
    const toyota = await insertBrand(handle.db, { name: 'Toyota' });
    // A brand with two logos (their order kept) and one with none.
    await handle.db.insert(brandImages).values({ brandId: toyota.id, url: '/media/brands/toyota-2.webp', publicId: 'brands/toyota-2', position: 1 });
    const bare = await insertBrand(handle.db, { name: 'Bare' });
    await handle.db.delete(brandImages).where(eq(brandImages.brandId, bare.id));
    // Every optional column set, and every one empty; a sold car; a car without brand.
    await insertCar(
      handle.db,
      {
        brandId: toyota.id,
        name: 'Land Cruiser Prado',
        safetyRating: 5,
        seats: 7,
        horsepower: 201,
        torque: 500,
        accelerationSeconds: 9.7,
        groundClearanceMm: 215,
        fuelTankLitres: 87,
        warranty: '1 year / 20,000 km',
        featured: true,
        status: 'Reserved',
        createdAt: new Date('2026-03-01T08:09:10.123Z'),
      },
      4,
    );
    await insertCar(handle.db, { brandId: bare.id, name: 'Plain "quoted" \\ car \u00e9', status: 'Sold' }, 0);
    await insertCar(handle.db, { brandId: null, name: 'No Brand' }, 1);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('equals the relational query, key for key and in the same key order, for every kind of car', async () => {
    const reference = (await findCars(handle.db, undefined, [asc(cars.slug)])).map(toCar);
    const built = (await handle.db.select({ car: carJson }).from(cars).orderBy(asc(cars.slug))).map((row) => row.car);
    expect(reference).toHaveLength(3);
    expect(built).toEqual(reference);
    // JSON text equal too: the same keys in the same order, so answers do not change byte for byte.
    expect(JSON.stringify(built)).toBe(JSON.stringify(reference));
    for (const car of built) expect(CarSchema.parse(car)).toEqual(car);
  });

  it('keeps a timestamp to the millisecond, as toISOString writes it', async () => {
    const [row] = await handle.db.select({ car: carJson }).from(cars).where(eq(cars.slug, 'land-cruiser-prado'));
    expect(row.car.createdAt).toBe('2026-03-01T08:09:10.123Z');
  });

  it('serves the repository: a car by slug and by id, a page in its order', async () => {
    const repository = new CarRepository(handle.db, new CatalogueChanges());
    const prado = await repository.bySlug('land-cruiser-prado');
    expect(prado).toMatchObject({ name: 'Land Cruiser Prado', brand: { name: 'Toyota' } });
    expect(prado?.images.map((i) => i.publicId)).toEqual([0, 1, 2, 3].map((n) => `cars/land-cruiser-prado-${n}`));
    expect(prado?.brand?.images.map((i) => i.publicId)).toEqual(['brands/toyota', 'brands/toyota-2']);
    expect(await repository.byId(prado?.id ?? '')).toEqual(prado);
    expect(await repository.bySlug('nothing-here')).toBeUndefined();
    const page = await repository.list({ sort: 'price_asc', page: 1, pageSize: 12 } as never);
    expect(page.items.map((c) => c.name).sort()).toEqual(['Land Cruiser Prado', 'No Brand']);
    expect(page.items.find((c) => c.name === 'No Brand')?.brand).toBeNull();
  });
});
