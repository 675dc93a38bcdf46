import { type CarCreateInput, CarSchema, CarStaffSchema } from '@dealership/car-schemas';
import { createModuleTestApp, insertBrand, insertCar, insertUser, tokenFor } from '@dealership/app-schema/testing';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LegacyCarSchema } from './car.legacy-shape';
import { validCarInput } from './car-input.fixture';
import { CarModule } from './car.module';
import { CarRouter } from './car.router';

describe('car vehicle data (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let mediaDir: string;
  let adminToken = '';
  const ids: Record<string, string> = {};
  const admin = { id: '', name: 'Boss', email: 'boss@dealer.test', role: 1 as const };
  const adminCaller = () => createCallerFactory(app.get(CarRouter).router)({ user: admin, ip: '127.0.0.1' });
  const publicCaller = () => createCallerFactory(app.get(CarRouter).router)({ user: null, ip: '127.0.0.1' });

  const valid = (overrides: Partial<CarCreateInput> = {}): CarCreateInput => validCarInput(ids.toyota, { name: 'Toyota Vitz 1.0 F', ...overrides });

  beforeAll(async () => {
    handle = await createTestDatabase();
    mediaDir = await mkdtemp(join(tmpdir(), 'car-vehicle-'));
    const boss = await insertUser(handle.db, { name: 'Boss', email: 'boss@dealer.test', role: 1 });
    admin.id = boss.id;
    ids.toyota = (await insertBrand(handle.db, { name: 'Toyota' })).id;
    ids.nissan = (await insertBrand(handle.db, { name: 'Nissan' })).id;
    await insertCar(handle.db, { name: 'Toyota Land Cruiser Prado TX', model: 'Land Cruiser Prado', brandId: ids.toyota });
    await insertCar(handle.db, { name: 'Toyota Land Cruiser Prado VX', model: 'Land Cruiser Prado', brandId: ids.toyota });
    await insertCar(handle.db, { name: 'Toyota Land Cruiser Prado Sold', model: 'Land Cruiser Prado', brandId: ids.toyota, status: 'Sold' });
    await insertCar(handle.db, { name: 'Toyota Land Cruiser V8', model: 'Land Cruiser V8', brandId: ids.toyota });
    await insertCar(handle.db, { name: 'Toyota Harrier', model: 'Harrier', brandId: ids.toyota });
    await insertCar(handle.db, { name: 'Nissan Note', model: 'Note', brandId: ids.nissan });
    await insertCar(handle.db, { name: 'Odd Car', model: '', brandId: ids.toyota });
    app = await createModuleTestApp(handle, [CarModule], { env: { MEDIA_DIR: mediaDir } });
    adminToken = await tokenFor(app, boss.id);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  const names = (cars: { name: string }[]) => cars.map((c) => c.name).sort();

  it('car.list filters by model slug with the brand (sold cars left out); an unknown model matches nothing', async () => {
    const prado = await publicCaller().list({ brands: ['toyota'], model: 'land-cruiser-prado' });
    expect(names(prado.items)).toEqual(['Toyota Land Cruiser Prado TX', 'Toyota Land Cruiser Prado VX']);
    expect(prado.items.every((car) => car.model === 'Land Cruiser Prado')).toBe(true);
    expect((await publicCaller().list({ make: 'Toyota', model: 'LAND-CRUISER-V8' })).total).toBe(1);
    expect((await publicCaller().list({ brands: ['nissan'], model: 'harrier' })).total).toBe(0);
    expect((await publicCaller().list({ brands: ['toyota'], model: 'no-such-model' })).total).toBe(0);
    await expect(publicCaller().list({ model: 'x'.repeat(81) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('model must be at most 80'),
    });
  });

  it('car.models lists a brand’s models with their listed cars, most first, by slug or id; none for an unknown brand', async () => {
    const expected = [
      { model: 'Land Cruiser Prado', slug: 'land-cruiser-prado', count: 2 },
      { model: 'Harrier', slug: 'harrier', count: 1 },
      { model: 'Land Cruiser V8', slug: 'land-cruiser-v8', count: 1 },
    ];
    expect(await publicCaller().models({ brand: 'toyota' })).toEqual(expected);
    expect(await publicCaller().models({ brand: ids.toyota })).toEqual(expected);
    expect(await publicCaller().models({ brand: 'no-such-brand' })).toEqual([]);
    await expect(publicCaller().models({ brand: ' ' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('brand is required') });
  });

  it('car.create keeps the model given, or reads it from the name; car.update changes it', async () => {
    const given = await adminCaller().create(valid({ name: 'Toyota Mark X 250G', model: 'Mark X' }));
    expect(given.model).toBe('Mark X');
    expect(CarStaffSchema.parse(given)).toEqual(given);
    const read = await adminCaller().create(valid({ name: 'Toyota Land Cruiser Prado TX-L 2.8' }));
    expect(read.model).toBe('Land Cruiser Prado');
    const updated = await adminCaller().update({ id: read.id, model: 'Land Cruiser' });
    expect(updated.model).toBe('Land Cruiser');
    // Renaming does not move a model staff set.
    expect((await adminCaller().update({ id: read.id, name: 'Toyota Prado TZ' })).model).toBe('Land Cruiser');
    expect((await publicCaller().list({ brands: ['toyota'], model: 'mark-x' })).items.map((c) => c.id)).toEqual([given.id]);
    await expect(adminCaller().update({ id: read.id, model: 'x'.repeat(81) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('model'),
    });
  });

  it('legacy create-car (no model field) reads the model from the name, and the legacy shape gains no field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/car/create-car',
      headers: { authorization: adminToken },
      payload: {
        name: 'Nissan X-Trail 2.0 ST',
        description: 'One owner.',
        brand: ids.nissan,
        price: '2100000',
        fuelType: 'Petrol',
        transmission: 'Automatic',
        engineSize: '2000',
        mileage: '60000',
        yom: '2017',
        drive: '4 WD',
        bodyType: 'SUV',
        documents: [JSON.stringify({ url: '/media/documents/xtrail-1.webp', public_id: 'documents/xtrail-1' })],
      },
    });
    expect(res.statusCode).toBe(201);
    const legacy = LegacyCarSchema.parse(res.json().car);
    expect(legacy).not.toHaveProperty('model');
    expect((await publicCaller().bySlug({ slug: legacy.slug })).model).toBe('X-Trail');
    const byId = await app.inject({ method: 'GET', url: `/api/car/getCarById-car/${legacy.slug}` });
    expect(Object.keys(byId.json().car)).toEqual(Object.keys(LegacyCarSchema.shape));
  });

  describe('colours, stock number, chassis number, fuel', () => {
    const VIN = 'JTEBU3FJ20K123456';

    it('car.create saves colours, stock number and chassis number; staff read the whole chassis number, the public only its last 6', async () => {
      const created = await adminCaller().create(
        valid({
          name: 'Toyota Prado Stock',
          exteriorColour: ' Pearl White ',
          interiorColour: 'Beige',
          stockNumber: ' pr-2019-01 ',
          chassisNumber: 'jteb u3fj20k123456',
        }),
      );
      expect(created).toMatchObject({
        exteriorColour: 'Pearl White',
        interiorColour: 'Beige',
        stockNumber: 'PR-2019-01',
        chassisNumber: VIN,
        chassisNumberEnd: '123456',
      });
      expect(await adminCaller().forStaff({ slug: created.slug })).toEqual(created);

      const publicCar = await publicCaller().bySlug({ slug: created.slug });
      expect(publicCar).toMatchObject({ stockNumber: 'PR-2019-01', chassisNumberEnd: '123456', exteriorColour: 'Pearl White' });
      expect(Object.keys(publicCar).sort()).toEqual(Object.keys(CarSchema.shape).sort());
      // The whole number is nowhere in a public answer: the page, lists, search, compare, related, legacy REST.
      const answers = [
        publicCar,
        await publicCaller().list({ search: 'Prado Stock' }),
        await publicCaller().compare({ slugs: [created.slug] }),
        await publicCaller().related({ carId: created.id, brandId: ids.toyota }),
        await publicCaller().latest(),
        (await app.inject({ method: 'GET', url: `/api/car/getCarById-car/${created.slug}` })).body,
        (await app.inject({ method: 'GET', url: '/api/car/getAll-car' })).body,
      ];
      for (const answer of answers) expect(typeof answer === 'string' ? answer : JSON.stringify(answer)).not.toContain(VIN.slice(0, 11));
      const legacy = (await app.inject({ method: 'GET', url: `/api/car/getCarById-car/${created.slug}` })).json().car;
      expect(Object.keys(legacy)).toEqual(Object.keys(LegacyCarSchema.shape));
      // Staff only: a guest asking for the staff view is refused.
      await expect(publicCaller().forStaff({ slug: created.slug })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    });

    it('gives a car saved without a stock number the next free ST- number, skipping one typed by hand', async () => {
      const first = await adminCaller().create(valid({ name: 'Toyota Auto Number' }));
      expect(first.stockNumber).toMatch(/^ST-\d{5}$/);
      const next = Number(first.stockNumber.slice(3)) + 1;
      const handTyped = `ST-${String(next).padStart(5, '0')}`;
      await adminCaller().create(valid({ name: 'Toyota Hand Number', stockNumber: handTyped }));
      const after = await adminCaller().create(valid({ name: 'Toyota Auto Number Two' }));
      expect(after.stockNumber).toBe(`ST-${String(next + 1).padStart(5, '0')}`);
    });

    it('refuses a stock number another car holds, on create and update, with a 409 naming stockNumber', async () => {
      const one = await adminCaller().create(valid({ name: 'Toyota Unique One', stockNumber: 'UNQ-1' }));
      const two = await adminCaller().create(valid({ name: 'Toyota Unique Two', stockNumber: 'UNQ-2' }));
      const conflict = { code: 'CONFLICT', message: 'Another car has this stock number', cause: expect.objectContaining({ field: 'stockNumber' }) };
      await expect(adminCaller().create(valid({ name: 'Toyota Unique Three', stockNumber: 'unq-1' }))).rejects.toMatchObject(conflict);
      await expect(adminCaller().update({ id: two.id, stockNumber: 'UNQ-1' })).rejects.toMatchObject(conflict);
      // Its own number, saved again, is no conflict; a free one is taken.
      expect((await adminCaller().update({ id: one.id, stockNumber: 'UNQ-1', price: 700_000 })).stockNumber).toBe('UNQ-1');
      expect((await adminCaller().update({ id: two.id, stockNumber: 'UNQ-22' })).stockNumber).toBe('UNQ-22');
      await expect(adminCaller().update({ id: two.id, stockNumber: 'UNQ 2' })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('stockNumber may hold only letters, digits and hyphens'),
      });
    });

    it('accepts a 17-character VIN or a Japanese chassis number, refuses others naming chassisNumber, and clears it with null', async () => {
      const japanese = await adminCaller().create(valid({ name: 'Toyota Axio Chassis', chassisNumber: 'nze161-1234567' }));
      expect(japanese).toMatchObject({ chassisNumber: 'NZE161-1234567', chassisNumberEnd: '234567' });
      for (const bad of ['JTEBU3FJ20K12345', 'JTEBU3FJ20K1234567', 'JTEBU3FJ20I123456', 'NZE161 1234567X', 'not a number']) {
        await expect(adminCaller().update({ id: japanese.id, chassisNumber: bad })).rejects.toMatchObject({
          code: 'BAD_REQUEST',
          message: expect.stringContaining('chassisNumber must be a 17-character VIN or a Japanese chassis number'),
        });
      }
      const cleared = await adminCaller().update({ id: japanese.id, chassisNumber: null, exteriorColour: '' });
      expect(cleared).toMatchObject({ chassisNumber: null, chassisNumberEnd: null, exteriorColour: null });
      await expect(adminCaller().update({ id: japanese.id, exteriorColour: 'x'.repeat(41) })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('exteriorColour must be at most 40 characters'),
      });
    });

    it('takes Hybrid, Plug-in Hybrid and Electric fuel, and filters by them', async () => {
      const leaf = await adminCaller().create(valid({ name: 'Nissan Leaf 40 kWh', brandId: ids.nissan, fuelType: 'Electric' }));
      await adminCaller().create(valid({ name: 'Toyota Aqua Hybrid', fuelType: 'Hybrid' }));
      await adminCaller().create(valid({ name: 'Mitsubishi Outlander PHEV', fuelType: 'Plug-in Hybrid' }));
      expect((await publicCaller().list({ fuelType: 'Electric' })).items.map((c) => c.id)).toEqual([leaf.id]);
      expect(names((await publicCaller().list({ fuelType: 'Hybrid' })).items)).toEqual(['Toyota Aqua Hybrid']);
      expect(names((await publicCaller().list({ fuelType: 'Plug-in Hybrid' })).items)).toEqual(['Mitsubishi Outlander PHEV']);
      await expect(publicCaller().list({ fuelType: 'Steam' as never })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('fuelType'),
      });
    });

    it('takes no engine size (0) for an electric car only, on create and update, naming engineSize', async () => {
      const leaf = await adminCaller().create(valid({ name: 'Nissan Leaf 62 kWh', brandId: ids.nissan, fuelType: 'Electric', engineSize: 0 }));
      expect(leaf.engineSize).toBe(0);
      const refused = { code: 'BAD_REQUEST', message: expect.stringContaining('engineSize: only an electric car may have no engine size (0 cc)') };
      await expect(adminCaller().create(valid({ name: 'Toyota Vitz 0 cc', fuelType: 'Petrol', engineSize: 0 }))).rejects.toMatchObject(refused);
      // Changing the fuel of a car without an engine size, or taking a petrol car's away, is refused too.
      await expect(adminCaller().update({ id: leaf.id, fuelType: 'Hybrid' })).rejects.toMatchObject(refused);
      const vitz = await adminCaller().create(valid({ name: 'Toyota Vitz 1.0', fuelType: 'Petrol', engineSize: 1000 }));
      await expect(adminCaller().update({ id: vitz.id, engineSize: 0 })).rejects.toMatchObject(refused);
      expect((await adminCaller().update({ id: leaf.id, fuelType: 'Hybrid', engineSize: 1800 })).engineSize).toBe(1800);
      await expect(adminCaller().create(valid({ name: 'Nissan Leaf -1', fuelType: 'Electric', engineSize: -1 }))).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('engineSize must not be negative'),
      });
    });

    it('legacy writes work without the new fields and leave them as they were; their answers gain none', async () => {
      const car = await adminCaller().create(
        valid({ name: 'Toyota Legacy Kept', exteriorColour: 'Red', stockNumber: 'LEG-1', chassisNumber: VIN.replace('123456', '654321') }),
      );
      const res = await app.inject({
        method: 'PUT',
        url: `/api/car/update-car/${car.id}`,
        headers: { authorization: adminToken },
        payload: { mileage: '81000', stockNumber: 'HACK-1' },
      });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json().car)).toEqual(Object.keys(LegacyCarSchema.shape));
      expect(res.body).not.toContain('654321');
      expect(await adminCaller().forStaff({ slug: car.slug })).toMatchObject({
        mileage: 81_000,
        exteriorColour: 'Red',
        stockNumber: 'LEG-1',
        chassisNumberEnd: '654321',
      });
    });
  });
});
