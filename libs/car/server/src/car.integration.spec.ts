import { CarSchema } from '@dealership/car-schemas';
import { createModuleTestApp, insertBrand, insertCar } from '@dealership/app-schema/testing';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { LegacyCarSchema } from './car.legacy-shape';
import { CarModule } from './car.module';
import { CarRouter } from './car.router';

// Every optional spec set, so each one's legacy name is checked against its domain name.
const PRADO_SPECS = {
  safetyRating: 5,
  seats: 7,
  horsepower: 201,
  torque: 381,
  accelerationSeconds: 9.5,
  groundClearanceMm: 220,
  fuelTankLitres: 87,
  warranty: '1 year',
};

const callerFor = (r: CarRouter['router']) => createCallerFactory(r)({ user: null, ip: '127.0.0.1' });

describe('car module (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let caller: ReturnType<typeof callerFor>;
  const ids: Record<string, string> = {};
  const brandIds: Record<string, string> = {};

  beforeAll(async () => {
    handle = await createTestDatabase();
    const { db } = handle;
    const toyota = await insertBrand(db, { name: 'Toyota' });
    const subaru = await insertBrand(db, { name: 'Subaru' });
    const mercedes = await insertBrand(db, { name: 'Mercedes & Benz' });
    Object.assign(brandIds, { toyota: toyota.id, subaru: subaru.id, mercedes: mercedes.id });
    const t0 = Date.parse('2026-01-01T00:00:00Z');
    const at = (minutes: number) => new Date(t0 + minutes * 60_000);
    const fixtures = [
      { key: 'vitz', name: 'Toyota Vitz', brandId: toyota.id, price: 500_000, bodyType: 'Hatchback', year: 2015, mileage: 90_000, createdAt: at(1) },
      {
        key: 'prado',
        name: 'Toyota Land Cruiser Prado',
        brandId: toyota.id,
        price: 5_000_000,
        bodyType: 'SUV',
        year: 2019,
        mileage: 40_000,
        condition: 'Foreign Used',
        createdAt: at(2),
        ...PRADO_SPECS,
      },
      {
        key: 'forester',
        name: 'Subaru Forester',
        brandId: subaru.id,
        price: 1_000_000,
        bodyType: 'SUV',
        year: 2016,
        mileage: 70_000,
        fuelType: 'Diesel',
        createdAt: at(3),
      },
      {
        key: 'percent',
        name: 'Promo 100% Deal',
        brandId: subaru.id,
        price: 250_000,
        bodyType: 'Sedan',
        year: 2010,
        mileage: 150_000,
        condition: 'Locally Used',
        createdAt: at(4),
      },
      {
        key: 'underscore',
        name: 'Model_X Special',
        brandId: mercedes.id,
        price: 4_000_001,
        bodyType: 'Coupe',
        year: 2022,
        mileage: 10,
        condition: 'New',
        transmission: 'Manual',
        createdAt: at(5),
      },
      { key: 'regex', name: 'Odd .*( name', brandId: null, price: 2_000_000, bodyType: 'Van', year: 2012, mileage: 120_000, createdAt: at(6) },
    ] as const;
    for (const { key, ...fields } of fixtures) ids[key] = (await insertCar(db, fields)).id;

    app = await createModuleTestApp(handle, [CarModule]);
    caller = callerFor(app.get(CarRouter).router);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const names = (cars: { name: string }[]) => cars.map((c) => c.name);

  describe('tRPC car.list', () => {
    it('lists newest first with the brand and pictures, and a total', async () => {
      const page = await caller.list({});
      expect(page.total).toBe(6);
      expect(page.pageCount).toBe(1);
      expect(names(page.items)).toEqual(['Odd .*( name', 'Model_X Special', 'Promo 100% Deal', 'Subaru Forester', 'Toyota Land Cruiser Prado', 'Toyota Vitz']);
      const vitz = page.items.find((c) => c.name === 'Toyota Vitz');
      expect(vitz?.brand).toEqual({
        id: brandIds.toyota,
        name: 'Toyota',
        slug: 'toyota',
        images: [{ url: '/media/brands/toyota.webp', publicId: 'brands/toyota' }],
      });
      expect(vitz?.images).toHaveLength(2);
      expect(vitz?.images[0].url).toMatch(/-0\.webp$/);
      expect(typeof vitz?.price).toBe('number');
      expect(page.items[0].brand).toBeNull();
      // The domain contract's names, exactly: no legacy name (`_id`, `documents`, `yom`, ...) leaks into tRPC.
      for (const car of page.items) expect(Object.keys(car).sort()).toEqual(Object.keys(CarSchema.shape).sort());
      expect(CarSchema.array().parse(page.items)).toEqual(page.items);
    });

    it('paginates with a bounded page size', async () => {
      const first = await caller.list({ pageSize: 4 });
      const second = await caller.list({ pageSize: 4, page: 2 });
      expect(first.items).toHaveLength(4);
      expect(second.items).toHaveLength(2);
      expect(first.pageCount).toBe(2);
      expect(new Set([...names(first.items), ...names(second.items)]).size).toBe(6);
      await expect(caller.list({ pageSize: 49 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    });

    it('searches name, brand and body type case-insensitively', async () => {
      expect(names((await caller.list({ search: 'VITZ' })).items)).toEqual(['Toyota Vitz']);
      expect(names((await caller.list({ search: 'subaru' })).items).sort()).toEqual(['Promo 100% Deal', 'Subaru Forester']);
      expect(names((await caller.list({ search: 'suv' })).items).sort()).toEqual(['Subaru Forester', 'Toyota Land Cruiser Prado']);
    });

    it('matches search text literally: %, _ and regex characters are not wildcards', async () => {
      expect(names((await caller.list({ search: '%' })).items)).toEqual(['Promo 100% Deal']);
      expect(names((await caller.list({ search: '_' })).items)).toEqual(['Model_X Special']);
      expect(names((await caller.list({ search: '.*(' })).items)).toEqual(['Odd .*( name']);
      expect((await caller.list({ search: 'Vi_z' })).total).toBe(0);
      expect((await caller.list({ search: '\\' })).total).toBe(0);
    });

    it('filters by brand ids or slugs; no brand selected passes every car', async () => {
      expect((await caller.list({ brands: [] })).total).toBe(6);
      expect(names((await caller.list({ brands: [brandIds.toyota] })).items).sort()).toEqual(['Toyota Land Cruiser Prado', 'Toyota Vitz']);
      expect((await caller.list({ brands: ['toyota', 'mercedes-and-benz'] })).total).toBe(3);
      expect((await caller.list({ brands: 'subaru,toyota' })).total).toBe(4);
      expect((await caller.list({ brands: ['no-such-brand'] })).total).toBe(0);
    });

    it('filters by make (brand name, any case)', async () => {
      expect((await caller.list({ make: 'toyota' })).total).toBe(2);
      expect((await caller.list({ make: 'Mercedes & Benz' })).total).toBe(1);
    });

    it('includes both ends of a price range', async () => {
      expect(names((await caller.list({ priceRange: '250K-500K' })).items).sort()).toEqual(['Promo 100% Deal', 'Toyota Vitz']);
      expect(names((await caller.list({ priceRange: '500K-1M' })).items).sort()).toEqual(['Subaru Forester', 'Toyota Vitz']);
      expect(names((await caller.list({ priceRange: '4M-5M' })).items).sort()).toEqual(['Model_X Special', 'Toyota Land Cruiser Prado']);
      expect(names((await caller.list({ priceMin: 2_000_000, priceMax: 2_000_000 })).items)).toEqual(['Odd .*( name']);
      await expect(caller.list({ priceMin: 5, priceMax: 1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      await expect(caller.list({ priceRange: '1-2' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    });

    it('filters by body type, condition, fuel, transmission, year and mileage', async () => {
      expect((await caller.list({ bodyType: 'SUV' })).total).toBe(2);
      expect(names((await caller.list({ condition: 'New' })).items)).toEqual(['Model_X Special']);
      expect(names((await caller.list({ fuelType: 'Diesel' })).items)).toEqual(['Subaru Forester']);
      expect(names((await caller.list({ transmission: 'Manual' })).items)).toEqual(['Model_X Special']);
      expect((await caller.list({ yearMin: 2016, yearMax: 2019 })).total).toBe(2);
      expect(names((await caller.list({ mileageMax: 40_000 })).items).sort()).toEqual(['Model_X Special', 'Toyota Land Cruiser Prado']);
      await expect(caller.list({ bodyType: 'Tank' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    });

    it('sorts by price, year and mileage', async () => {
      const prices = (await caller.list({ sort: 'price_asc' })).items.map((c) => c.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      const desc = (await caller.list({ sort: 'price_desc' })).items.map((c) => c.price);
      expect(desc).toEqual([...prices].reverse());
      expect((await caller.list({ sort: 'year_desc' })).items[0].year).toBe(2022);
      expect((await caller.list({ sort: 'mileage_asc' })).items[0].mileage).toBe(10);
    });
  });

  describe('tRPC car.bySlug, car.related, car.latest', () => {
    it('finds a car by slug, or answers NOT_FOUND', async () => {
      expect((await caller.bySlug({ slug: 'toyota-vitz' })).name).toBe('Toyota Vitz');
      await expect(caller.bySlug({ slug: 'no-such-car' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });

    it('gives the cars to compare in the order asked, skipping unknown slugs and repeats', async () => {
      const compared = await caller.compare({ slugs: ['subaru-forester', 'no-such-car', 'toyota-vitz', 'subaru-forester'] });
      expect(names(compared)).toEqual(['Subaru Forester', 'Toyota Vitz']);
      expect(compared[1]).toEqual(await caller.bySlug({ slug: 'toyota-vitz' }));
      await expect(caller.compare({ slugs: ['a', 'b', 'c', 'd', 'e'] })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('at most 4'),
      });
      await expect(caller.compare({ slugs: [] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    });

    it('relates cars of the same brand, never the car itself', async () => {
      const related = await caller.related({ carId: ids.vitz, brandId: brandIds.toyota });
      expect(names(related)).toEqual(['Toyota Land Cruiser Prado']);
    });

    it('gives the newest cars for the home page and five for its carousel', async () => {
      const latest = await caller.latest();
      expect(latest.map((c) => c.name)).toEqual([
        'Odd .*( name',
        'Model_X Special',
        'Promo 100% Deal',
        'Subaru Forester',
        'Toyota Land Cruiser Prado',
        'Toyota Vitz',
      ]);
      const featured = await caller.featured();
      expect(featured.map((c) => c.name)).toEqual(latest.slice(0, 5).map((c) => c.name));
    });
  });

  describe('REST (legacy shapes)', () => {
    const get = (url: string) => app.inject({ method: 'GET', url });
    // Strict: a missing or an extra field fails, so the legacy shape stays exactly the contract's.
    const legacyCars = (cars: unknown) => LegacyCarSchema.array().parse(cars);

    it('GET /api/car/getAll-car: every car newest first, brand populated', async () => {
      const res = await get('/api/car/getAll-car');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, totalCar: 6 });
      const cars = legacyCars(body.cars);
      expect(cars).toHaveLength(6);
      expect(cars[0].name).toBe('Odd .*( name');
      expect(cars[0].brand).toBeNull();
      const prado = cars.find((c) => c.slug === 'toyota-land-cruiser-prado');
      expect(Object.keys(prado?.brand ?? {}).sort()).toEqual(['_id', 'image', 'name', 'slug']);
      expect(prado?.brand).toEqual({
        _id: brandIds.toyota,
        name: 'Toyota',
        slug: 'toyota',
        image: [{ url: '/media/brands/toyota.webp', public_id: 'brands/toyota' }],
      });
      expect(prado).toMatchObject({
        _id: ids.prado,
        price: 5_000_000,
        yom: 2019,
        documents: expect.any(Array),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(prado?.documents).toHaveLength(2);
      expect(prado?.documents[0]).toEqual({ url: expect.stringMatching(/-0\.webp$/), public_id: expect.stringMatching(/^cars\/.+-0$/) });
    });

    it('GET /api/car/getAll-car?searchQuery= filters on the server, literally', async () => {
      const body = (await get(`/api/car/getAll-car?searchQuery=${encodeURIComponent('100%')}`)).json();
      expect(legacyCars(body.cars).map((c) => c.name)).toEqual(['Promo 100% Deal']);
      expect((await get('/api/car/getAll-car?searchQuery=')).json().totalCar).toBe(6);
    });

    it('GET /api/car/getCarById-car/{slug}: the car, or 404 {success:false, message}', async () => {
      const ok = await get('/api/car/getCarById-car/toyota-vitz');
      expect(ok.statusCode).toBe(200);
      const body = ok.json();
      expect(body).toMatchObject({ success: true, car: { name: 'Toyota Vitz', brand: { _id: brandIds.toyota } } });
      expect(LegacyCarSchema.parse(body.car)).toMatchObject({ _id: ids.vitz, yom: 2015, mileage: 90_000, bodyType: 'Hatchback' });
      const missing = await get('/api/car/getCarById-car/no-such-car');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, message: expect.stringContaining('not found') });
    });

    it('GET /api/car/related-car/{carId}/{brandId}: same brand only; malformed ids get 400', async () => {
      const ok = await get(`/api/car/related-car/${ids.prado}/${brandIds.toyota}`);
      expect(ok.json()).toEqual({ success: true, cars: [expect.objectContaining({ name: 'Toyota Vitz' })] });
      expect(legacyCars(ok.json().cars).map((c) => c._id)).toEqual([ids.vitz]);
      const bad = await get(`/api/car/related-car/not-an-id/${brandIds.toyota}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ success: false, message: expect.stringContaining('carId') });
    });

    it("keeps the contract's key order, byte for byte, with every legacy field name", async () => {
      const car = (await get('/api/car/getCarById-car/toyota-land-cruiser-prado')).json().car;
      expect(Object.keys(car)).toEqual([
        '_id',
        'name',
        'slug',
        'description',
        'price',
        'brand',
        'fuelType',
        'transmission',
        'engineSize',
        'mileage',
        'safetyrating',
        'yom',
        'seater',
        'drive',
        'horsepower',
        'torque',
        'accelaration',
        'size',
        'fuelTank',
        'warranty',
        'condition',
        'bodyType',
        'documents',
        'createdAt',
        'updatedAt',
        'featured',
        'status',
      ]);
      expect(Object.keys(car.brand)).toEqual(['_id', 'name', 'slug', 'image']);
      expect(Object.keys(car.documents[0])).toEqual(['url', 'public_id']);
      expect(Object.keys(car.brand.image[0])).toEqual(['url', 'public_id']);
      // Each domain field under its legacy name.
      const domain = await caller.bySlug({ slug: 'toyota-land-cruiser-prado' });
      expect(domain).toMatchObject({ ...PRADO_SPECS, year: 2019 });
      expect(car).toMatchObject({
        safetyrating: 5,
        seater: 7,
        horsepower: 201,
        torque: 381,
        accelaration: 9.5,
        size: 220,
        fuelTank: 87,
        warranty: '1 year',
        yom: 2019,
      });
      expect(car.documents).toEqual(domain.images.map((image) => ({ url: image.url, public_id: image.publicId })));
      // The same order in the lists.
      const listed = (await get('/api/car/getAll-car')).json().cars.find((c: { _id: string }) => c._id === ids.prado);
      expect(JSON.stringify(listed)).toBe(JSON.stringify(car));
    });
  });
});
