import { type CarCreateInput, CarSchema } from '@dealership/car-schemas';
import type { DatabaseHandle } from '@dealership/server-db';
import { createModuleTestApp, createTestDatabase, insertBrand, insertCar, insertUser, tokenFor } from '@dealership/server-db/testing';
import { LegacyCarSchema } from '@dealership/server-legacy-rest';
import { createCallerFactory } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validCarInput } from './car-input.fixture';
import { CarModule } from './car.module';
import { CarRouter } from './car.router';

describe('car vehicle data: model (integration, real database)', () => {
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
    await expect(publicCaller().list({ model: 'x'.repeat(81) })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('model must be at most 80') });
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
    expect(CarSchema.parse(given)).toEqual(given);
    const read = await adminCaller().create(valid({ name: 'Toyota Land Cruiser Prado TX-L 2.8' }));
    expect(read.model).toBe('Land Cruiser Prado');
    const updated = await adminCaller().update({ id: read.id, model: 'Land Cruiser' });
    expect(updated.model).toBe('Land Cruiser');
    // Renaming does not move a model staff set.
    expect((await adminCaller().update({ id: read.id, name: 'Toyota Prado TZ' })).model).toBe('Land Cruiser');
    expect((await publicCaller().list({ brands: ['toyota'], model: 'mark-x' })).items.map((c) => c.id)).toEqual([given.id]);
    await expect(adminCaller().update({ id: read.id, model: 'x'.repeat(81) })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('model') });
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
});
