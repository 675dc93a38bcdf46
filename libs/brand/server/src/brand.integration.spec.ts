import { BrandSchema } from '@dealership/brand-schemas';
import { createModuleTestApp, insertBrand, insertCar } from '@dealership/app-schema/testing';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { LegacyBrandSchema, LegacyBrandWithCarsSchema } from './brand.legacy-mapper';
import { BrandModule } from './brand.module';
import { BrandRouter } from './brand.router';

const callerFor = (r: BrandRouter['router']) => createCallerFactory(r)({ user: null, ip: '127.0.0.1' });

const at = (minutes: number) => new Date(Date.parse('2024-01-01T00:00:00Z') + minutes * 60_000);

describe('brand module (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let caller: ReturnType<typeof callerFor>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    handle = await createTestDatabase();
    const toyota = await insertBrand(handle.db, { name: 'Toyota', description: 'Reliable.', createdAt: at(0) });
    const mercedes = await insertBrand(handle.db, { name: 'Mercedes & Benz', createdAt: at(24 * 60) });
    const vitz = await insertCar(handle.db, { name: 'Toyota Vitz', brandId: toyota.id, createdAt: at(10) });
    const prado = await insertCar(handle.db, { name: 'Toyota Prado', brandId: toyota.id, createdAt: at(20) });
    await insertCar(handle.db, { name: 'Mercedes C200', brandId: mercedes.id, createdAt: at(30) });
    Object.assign(ids, { toyota: toyota.id, mercedes: mercedes.id, vitz: vitz.id, prado: prado.id });
    app = await createModuleTestApp(handle, [BrandModule]);
    caller = callerFor(app.get(BrandRouter).router);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('brand.list gives every brand in the order added, with its logo', async () => {
    const brands = await caller.list();
    expect(brands.map((b) => b.name)).toEqual(['Toyota', 'Mercedes & Benz']);
    expect(brands[0]).toMatchObject({
      id: ids.toyota,
      slug: 'toyota',
      description: 'Reliable.',
      images: [{ url: '/media/brands/toyota.webp', publicId: 'brands/toyota' }],
    });
    expect(brands[1].slug).toBe('mercedes-and-benz');
    // The domain contract's names, exactly: no legacy name (`_id`, `image`) leaks into tRPC.
    for (const brand of brands) expect(Object.keys(brand).sort()).toEqual(Object.keys(BrandSchema.shape).sort());
  });

  it('brand.bySlug finds a brand or answers NOT_FOUND', async () => {
    expect((await caller.bySlug({ slug: 'mercedes-and-benz' })).name).toBe('Mercedes & Benz');
    await expect(caller.bySlug({ slug: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Brand not found' });
  });

  it('rejects two brands whose names differ only in case (database constraint)', async () => {
    await expect(insertBrand(handle.db, { name: 'TOYOTA' })).rejects.toThrow();
  });

  it('GET /api/brand/getAll-brand answers {success, brands} without embedded cars', async () => {
    const res = await get('/api/brand/getAll-brand');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    // Strict: no embedded cars (`carInvoleInThisBrand`) nor any other extra field.
    const brands = LegacyBrandSchema.array().parse(body.brands);
    expect(brands).toHaveLength(2);
    expect(brands[0]).toMatchObject({
      _id: ids.toyota,
      name: 'Toyota',
      slug: 'toyota',
      description: 'Reliable.',
      image: [{ url: '/media/brands/toyota.webp', public_id: 'brands/toyota' }],
    });
    expect(body.brands[0]).not.toHaveProperty('carInvoleInThisBrand');
  });

  describe('GET /api/brand/getBrandBtId-brand/{slug}', () => {
    it('answers {success, brand} with its cars as legacy cars, newest first, including one added a moment ago', async () => {
      const before = await get('/api/brand/getBrandBtId-brand/toyota');
      expect(before.statusCode).toBe(200);
      expect(before.json()).toMatchObject({ success: true, brand: { _id: ids.toyota, name: 'Toyota', slug: 'toyota' } });
      const brand = LegacyBrandWithCarsSchema.parse(before.json().brand);
      expect(brand.carInvoleInThisBrand.map((c) => c._id)).toEqual([ids.prado, ids.vitz]);
      expect(brand.carInvoleInThisBrand.every((c) => c.brand?._id === ids.toyota)).toBe(true);

      const fresh = await insertCar(handle.db, { name: 'Toyota Fresh Arrival', brandId: ids.toyota });
      const after = LegacyBrandWithCarsSchema.parse((await get('/api/brand/getBrandBtId-brand/toyota')).json().brand);
      expect(after.carInvoleInThisBrand.map((c) => c.name)).toEqual(['Toyota Fresh Arrival', 'Toyota Prado', 'Toyota Vitz']);
      expect(after.carInvoleInThisBrand[0]).toMatchObject({ _id: fresh.id, slug: 'toyota-fresh-arrival', brand: { _id: ids.toyota, slug: 'toyota' } });
    });

    it("answers 404 {success:false, message:'Brand not found'} for an unknown slug and 400 for a malformed one", async () => {
      const missing = await get('/api/brand/getBrandBtId-brand/no-such-brand');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, message: 'Brand not found' });
      const malformed = await get('/api/brand/getBrandBtId-brand/Bad%20Slug');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ success: false, message: expect.any(String) });
    });
  });

  it("keeps the contract's key order, byte for byte, with every legacy field name", async () => {
    const listed = (await get('/api/brand/getAll-brand')).json().brands[0];
    expect(Object.keys(listed)).toEqual(['_id', 'name', 'slug', 'description', 'image', 'createdAt', 'updatedAt']);
    expect(Object.keys(listed.image[0])).toEqual(['url', 'public_id']);
    const bySlug = (await get('/api/brand/getBrandBtId-brand/toyota')).json().brand;
    expect(Object.keys(bySlug)).toEqual(['_id', 'name', 'slug', 'description', 'image', 'createdAt', 'updatedAt', 'carInvoleInThisBrand']);
    const { carInvoleInThisBrand: _cars, ...brandOnly } = bySlug;
    expect(JSON.stringify(brandOnly)).toBe(JSON.stringify(listed));
  });

  it('unknown /api paths answer a JSON 404', async () => {
    const res = await get('/api/brand/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Not found' });
  });
});
