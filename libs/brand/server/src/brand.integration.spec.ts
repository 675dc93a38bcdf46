import type { DatabaseHandle } from '@dealership/server-db';
import { createModuleTestApp, createTestDatabase, insertBrand } from '@dealership/server-db/testing';
import { createCallerFactory } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { BrandModule } from './brand.module';
import { BrandRouter } from './brand.router';

const callerFor = (r: BrandRouter['router']) => createCallerFactory(r)({ user: null, ip: '127.0.0.1' });

describe('brand module (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let caller: ReturnType<typeof callerFor>;

  beforeAll(async () => {
    handle = await createTestDatabase();
    await insertBrand(handle.db, { name: 'Toyota', description: 'Reliable.', createdAt: new Date('2026-01-01T00:00:00Z') });
    await insertBrand(handle.db, { name: 'Mercedes & Benz', createdAt: new Date('2026-01-02T00:00:00Z') });
    app = await createModuleTestApp(handle, [BrandModule]);
    caller = callerFor(app.get(BrandRouter).router);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('brand.list gives every brand in the order added, with its logo', async () => {
    const brands = await caller.list();
    expect(brands.map((b) => b.name)).toEqual(['Toyota', 'Mercedes & Benz']);
    expect(brands[0]).toMatchObject({ slug: 'toyota', description: 'Reliable.', image: [{ url: '/media/brands/toyota.webp', public_id: 'brands/toyota' }] });
    expect(brands[1].slug).toBe('mercedes-and-benz');
  });

  it('brand.bySlug finds a brand or answers NOT_FOUND', async () => {
    expect((await caller.bySlug({ slug: 'mercedes-and-benz' })).name).toBe('Mercedes & Benz');
    await expect(caller.bySlug({ slug: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Brand not found' });
  });

  it('rejects two brands whose names differ only in case (database constraint)', async () => {
    await expect(insertBrand(handle.db, { name: 'TOYOTA' })).rejects.toThrow();
  });

  it('GET /api/brand/getAll-brand answers {success, brands} without embedded cars', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/brand/getAll-brand' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.brands).toHaveLength(2);
    expect(body.brands[0]).toMatchObject({ _id: expect.any(String), name: 'Toyota', slug: 'toyota', image: [expect.objectContaining({ url: expect.any(String) })] });
    expect(body.brands[0]).not.toHaveProperty('carInvoleInThisBrand');
  });

  it('unknown /api paths answer a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/brand/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Not found' });
  });
});
