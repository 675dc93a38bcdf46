import { type CarCreateInput, CarCreateInputSchema } from '@dealership/car-schemas';
import { createModuleTestApp, insertBrand, insertCar, insertUser, tokenFor } from '@dealership/app-schema/testing';
import { auditEvents } from '@dealership/audit-data';
import { brandImages } from '@dealership/brand-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { desc, eq } from 'drizzle-orm';
import { MediaService } from '@dealership/media-server';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LegacyCarSchema } from './car.legacy-shape';
import { uploadedImage, validCarInput } from './car-input.fixture';
import { CarModule } from './car.module';
import { CarRouter } from './car.router';

const image = uploadedImage;

describe('car writes (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let mediaDir: string;
  const ids: Record<string, string> = {};
  const tokens: Record<'admin' | 'customer', string> = { admin: '', customer: '' };
  const admin = { id: '', name: 'Boss', email: 'boss@dealer.test', role: 1 as const };
  const caller = () => createCallerFactory(app.get(CarRouter).router)({ user: admin, ip: '127.0.0.1' });
  const customerCaller = () =>
    createCallerFactory(app.get(CarRouter).router)({ user: { id: ids.customer, name: 'Amina', email: 'a@x.test', role: 0 }, ip: '127.0.0.1' });

  const valid = (overrides: Partial<CarCreateInput> = {}): CarCreateInput => validCarInput(ids.toyota, overrides);

  const auditOf = async (entityId: string) =>
    handle.db.select().from(auditEvents).where(eq(auditEvents.entityId, entityId)).orderBy(desc(auditEvents.createdAt));

  beforeAll(async () => {
    handle = await createTestDatabase();
    mediaDir = await mkdtemp(join(tmpdir(), 'car-writes-'));
    const boss = await insertUser(handle.db, { name: 'Boss', email: 'boss@dealer.test', role: 1 });
    const customer = await insertUser(handle.db, { role: 0 });
    admin.id = boss.id;
    ids.customer = customer.id;
    ids.toyota = (await insertBrand(handle.db, { name: 'Toyota' })).id;
    ids.subaru = (await insertBrand(handle.db, { name: 'Subaru' })).id;
    app = await createModuleTestApp(handle, [CarModule], { env: { MEDIA_DIR: mediaDir } });
    tokens.admin = await tokenFor(app, boss.id);
    tokens.customer = await tokenFor(app, customer.id);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  describe('the create contract', () => {
    it("checks in spec §5's order with its messages, typos included", () => {
      const order: [keyof CarCreateInput, string][] = [
        ['brandId', 'Car Brand is required'],
        ['images', 'Please Provide atleast one Image'],
        ['name', 'Car name is required'],
        ['price', 'Price is required'],
        ['fuelType', 'FuelType is required'],
        ['transmission', 'Transmission is required'],
        ['engineSize', 'Engine Size is required'],
        ['mileage', 'Mileage is required'],
        ['year', 'Year of manufucture is required'],
        ['drive', 'Drive is required'],
        ['description', 'Description is required'],
      ];
      const input: Record<string, unknown> = {};
      const full = valid();
      for (const [field, message] of order) {
        expect({ field, first: CarCreateInputSchema.safeParse(input).error?.issues[0].message }).toEqual({ field, first: message });
        input[field] = full[field];
      }
      expect(CarCreateInputSchema.safeParse({ ...full, images: [] }).error?.issues[0].message).toBe('Please Provide atleast one Image');
      expect(CarCreateInputSchema.safeParse({ ...full, name: '   ' }).error?.issues[0].message).toBe('Car name is required');
      expect(CarCreateInputSchema.safeParse({ ...full, price: 0 }).error?.issues[0].message).toBe('price must be at least 1');
      expect(CarCreateInputSchema.safeParse({ ...full, fuelType: 'petrol' }).error?.issues[0].message).toBe(
        'fuelType must be one of: Petrol, Diesel, Hybrid, Plug-in Hybrid, Electric',
      );
      expect(CarCreateInputSchema.safeParse({ ...full, status: 'Gone' }).error?.issues[0].path).toEqual(['status']);
      expect(CarCreateInputSchema.safeParse({ ...full, seats: 0 }).error?.issues[0].message).toBe('seats must be at least 1');
    });
  });

  describe('tRPC', () => {
    it('car.create saves every field, Available and not featured by default, under a unique slug', async () => {
      const created = await caller().create(
        valid({ seats: 5, safetyRating: 4, accelerationSeconds: 11.5, warranty: '6 months', images: [image('vitz-front-1a2b'), image('vitz-side-3c4d')] }),
      );
      expect(created).toMatchObject({
        name: 'Toyota Vitz',
        slug: 'toyota-vitz',
        brand: { id: ids.toyota, slug: 'toyota' },
        price: 650_000,
        year: 2016,
        seats: 5,
        safetyRating: 4,
        accelerationSeconds: 11.5,
        warranty: '6 months',
        condition: 'New',
        featured: false,
        status: 'Available',
        images: [image('vitz-front-1a2b'), image('vitz-side-3c4d')],
      });
      ids.vitz = created.id;
      expect((await caller().create(valid())).slug).toBe('toyota-vitz-2');
      expect((await caller().create(valid({ name: 'TOYOTA  vitz!' }))).slug).toBe('toyota-vitz-3');
      expect((await caller().bySlug({ slug: 'toyota-vitz' })).id).toBe(ids.vitz);
    });

    it('car.update changes the given fields, regenerates the slug on rename only, and replaces the pictures', async () => {
      const priced = await caller().update({ id: ids.vitz, price: 600_000 });
      expect(priced).toMatchObject({ price: 600_000, slug: 'toyota-vitz', name: 'Toyota Vitz', seats: 5 });
      const renamed = await caller().update({ id: ids.vitz, name: 'Toyota Vitz RS', seats: null, images: [image('vitz-side-3c4d'), image('vitz-rear-5e6f')] });
      expect(renamed).toMatchObject({
        name: 'Toyota Vitz RS',
        slug: 'toyota-vitz-rs',
        seats: null,
        images: [image('vitz-side-3c4d'), image('vitz-rear-5e6f')],
      });
      await expect(caller().bySlug({ slug: 'toyota-vitz' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      // Renamed onto a taken name: the next free slug, never another car's.
      const clash = await caller().update({ id: ids.vitz, name: 'Toyota Vitz' });
      expect(clash.slug).toBe('toyota-vitz');
      const second = await caller().bySlug({ slug: 'toyota-vitz-2' });
      expect((await caller().update({ id: second.id, name: 'Toyota Vitz' })).slug).toBe('toyota-vitz-2');
    });

    it('refuses pictures that are not our own, naming the field', async () => {
      for (const foreign of [
        { url: 'https://evil.example/car.jpg', publicId: 'car' },
        { url: 'javascript:alert(1)', publicId: 'documents/x' },
        { url: '/media/documents/../../jwt-secret', publicId: 'documents/x' },
        { url: '/media/documents/a-1.webp', publicId: 'documents/b-2' },
      ]) {
        await expect(caller().create(valid({ images: [image('ok-1'), foreign] }))).rejects.toMatchObject({
          code: 'BAD_REQUEST',
          message: 'images.1 must be an image uploaded to this site',
        });
        await expect(caller().update({ id: ids.vitz, images: [foreign] })).rejects.toMatchObject({
          code: 'BAD_REQUEST',
          message: 'images.0 must be an image uploaded to this site',
        });
      }
    });

    it('answers NOT_FOUND for unknown cars, brands and pictures', async () => {
      const nobody = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';
      await expect(caller().create(valid({ brandId: nobody }))).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Brand not found' });
      await expect(caller().update({ id: nobody, price: 1 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(caller().remove({ id: nobody })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(caller().removeImage({ carId: nobody, publicId: 'documents/x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(caller().removeImage({ carId: ids.vitz, publicId: 'documents/not-on-this-car' })).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'Image not found on this car',
      });
    });

    it('car.removeImage detaches one picture; car.remove deletes the car', async () => {
      const car = await caller().create(valid({ name: 'Short Lived', images: [image('short-a-1'), image('short-b-2')] }));
      const after = await caller().removeImage({ carId: car.id, publicId: 'documents/short-a-1' });
      expect(after.images).toEqual([image('short-b-2')]);
      expect(await caller().remove({ id: car.id })).toEqual({ id: car.id });
      await expect(caller().bySlug({ slug: 'short-lived' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });

    it("refuses another car's or brand's picture (one delete would break the other), and deletes a picture with its car", async () => {
      const shared = await app
        .get(MediaService)
        .saveSvg({ svg: '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"/>', folder: 'documents', name: 'shared' });
      const files = () => readdir(join(mediaDir, 'documents'));
      const one = await caller().create(valid({ name: 'Shared One', images: [shared] }));
      // A create retried after a lost answer, or a picture copied from another car: refused, naming it.
      await expect(caller().create(valid({ name: 'Shared Two', images: [image('own-1'), shared] }))).rejects.toMatchObject({
        code: 'CONFLICT',
        message: 'images.1 belongs to another car; upload the picture again to use it here',
      });
      await expect(caller().update({ id: ids.vitz, images: [shared] })).rejects.toMatchObject({ code: 'CONFLICT' });
      await handle.db.insert(brandImages).values({ brandId: ids.subaru, url: image('subaru-logo').url, publicId: image('subaru-logo').publicId });
      await expect(caller().create(valid({ name: 'Logo Car', images: [image('subaru-logo')] }))).rejects.toMatchObject({
        code: 'CONFLICT',
        message: 'images.0 belongs to another brand; upload the picture again to use it here',
      });
      // Its own pictures, reordered, are fine.
      await caller().update({ id: one.id, images: [shared] });
      expect(await files()).toHaveLength(1);
      await caller().remove({ id: one.id });
      expect(await files()).toHaveLength(0);
    });

    it('every write is admin-only', async () => {
      await expect(customerCaller().create(valid())).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(customerCaller().remove({ id: ids.vitz })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      const guest = createCallerFactory(app.get(CarRouter).router)({ user: null, ip: '127.0.0.1' });
      await expect(guest.update({ id: ids.vitz, price: 1 })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    });

    it('records who changed what, when, with the changed fields before and after', async () => {
      const car = await caller().create(valid({ name: 'Audited Axio', images: [image('axio-1')] }));
      await caller().update({ id: car.id, price: 700_000, name: 'Audited Axio G' });
      await caller().removeImage({ carId: car.id, publicId: 'documents/axio-1' });
      await caller().remove({ id: car.id });
      const events = await auditOf(car.id);
      expect(events.map((e) => e.action)).toEqual(['remove', 'removeImage', 'update', 'create']);
      expect(events.every((e) => e.entity === 'car' && e.actorId === admin.id && e.actorName === 'Boss' && e.actorEmail === 'boss@dealer.test')).toBe(true);
      const [removed, imageRemoved, updated, created] = events;
      expect(created.changes).toMatchObject({ name: { after: 'Audited Axio' }, price: { after: 650_000 }, brand: { after: ids.toyota } });
      expect(created.changes.name).not.toHaveProperty('before');
      expect(updated.changes).toEqual({
        name: { before: 'Audited Axio', after: 'Audited Axio G' },
        slug: { before: 'audited-axio', after: 'audited-axio-g' },
        price: { before: 650_000, after: 700_000 },
      });
      expect(imageRemoved.changes).toEqual({ images: { before: [image('axio-1')], after: [] } });
      expect(removed.changes).toMatchObject({ name: { before: 'Audited Axio G' } });
      expect(removed.changes.name).not.toHaveProperty('after');
    });
  });

  describe('Sold, Reserved and featured', () => {
    it('a Sold car leaves listings, search, latest and related, but its page stays, marked Sold', async () => {
      const older = await insertCar(handle.db, { name: 'Subaru Outback', brandId: ids.subaru, createdAt: new Date('2020-01-01') });
      const sold = await caller().create(valid({ name: 'Subaru Forester XT', brandId: ids.subaru, status: 'Sold' }));
      const reserved = await caller().create(valid({ name: 'Subaru Legacy', brandId: ids.subaru, status: 'Reserved' }));
      const listed = async () => (await caller().list({ pageSize: 48 })).items.map((c) => c.id);
      expect(await listed()).not.toContain(sold.id);
      expect(await listed()).toContain(reserved.id);
      expect((await caller().list({ search: 'forester' })).total).toBe(0);
      expect((await caller().latest()).map((c) => c.id)).not.toContain(sold.id);
      expect((await caller().related({ carId: older.id, brandId: ids.subaru })).map((c) => c.id)).toEqual([reserved.id]);
      expect(await caller().bySlug({ slug: 'subaru-forester-xt' })).toMatchObject({ id: sold.id, status: 'Sold' });

      const all = LegacyCarSchema.array().parse((await app.inject({ method: 'GET', url: '/api/car/getAll-car' })).json().cars);
      expect(all.map((c) => c._id)).not.toContain(sold.id);
      const page = await app.inject({ method: 'GET', url: '/api/car/getCarById-car/subaru-forester-xt' });
      expect(LegacyCarSchema.parse(page.json().car)).toMatchObject({ _id: sold.id, status: 'Sold' });

      // Back on sale: listed again.
      await caller().update({ id: sold.id, status: 'Available' });
      expect(await listed()).toContain(sold.id);
    });

    it('car.featured gives featured cars newest first, and the newest when none is featured', async () => {
      const newest = (await caller().latest()).slice(0, 5).map((c) => c.id);
      expect((await caller().featured()).map((c) => c.id)).toEqual(newest);
      const first = await caller().create(valid({ name: 'Featured One', featured: true }));
      const second = await caller().create(valid({ name: 'Featured Two', featured: true }));
      const soldFeatured = await caller().create(valid({ name: 'Featured Sold', featured: true, status: 'Sold' }));
      expect((await caller().featured()).map((c) => c.id)).toEqual([second.id, first.id]);
      expect((await caller().featured()).map((c) => c.id)).not.toContain(soldFeatured.id);
      await caller().update({ id: second.id, featured: false });
      expect((await caller().featured()).map((c) => c.id)).toEqual([first.id]);
    });
  });

  describe('REST (legacy shapes)', () => {
    const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>, who: 'admin' | 'customer' | 'guest' = 'admin') =>
      app.inject({ method, url, payload, headers: who === 'guest' ? {} : { authorization: tokens[who] } });

    /** The legacy client's create body: legacy names, numbers as text, each picture a JSON text. */
    const legacyBody = (overrides: Record<string, unknown> = {}) => ({
      name: 'Mazda CX-5 2.5',
      description: 'Low mileage, one owner.',
      brand: ids.toyota,
      price: '2450000',
      fuelType: 'Petrol',
      transmission: 'Automatic',
      engineSize: '2500',
      mileage: '45000',
      safetyrating: '5',
      yom: '2018',
      seater: '5',
      drive: '4 WD',
      horsepower: '187',
      torque: '252',
      accelaration: '9.4',
      size: '210',
      fuelTank: '58',
      bodyType: 'SUV',
      condition: 'Foreign Used',
      featured: 'true',
      documents: [
        JSON.stringify({ url: '/media/documents/cx5-a-1.webp', public_id: 'documents/cx5-a-1' }),
        JSON.stringify({ url: '/media/documents/cx5-b-2.webp', public_id: 'documents/cx5-b-2' }),
      ],
      ...overrides,
    });

    it('POST /api/car/create-car answers 201 {success, message, car} in the legacy shape; the car joins its brand', async () => {
      const res = await send('POST', '/api/car/create-car', legacyBody());
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['success', 'message', 'car']);
      expect(body).toMatchObject({ success: true, message: 'Car Created Successfully' });
      const car = LegacyCarSchema.parse(body.car);
      expect(car).toMatchObject({
        name: 'Mazda CX-5 2.5',
        slug: 'mazda-cx-5-2-5',
        brand: { _id: ids.toyota },
        price: 2_450_000,
        yom: 2018,
        seater: 5,
        safetyrating: 5,
        accelaration: 9.4,
        size: 210,
        fuelTank: 58,
        featured: true,
        status: 'Available',
        documents: [
          { url: '/media/documents/cx5-a-1.webp', public_id: 'documents/cx5-a-1' },
          { url: '/media/documents/cx5-b-2.webp', public_id: 'documents/cx5-b-2' },
        ],
      });
      ids.cx5 = car._id;
      // One `documents` entry (a single multipart field) is a list of one.
      const single = await send(
        'POST',
        '/api/car/create-car',
        legacyBody({ documents: JSON.stringify({ url: '/media/documents/cx5-c-3.webp', public_id: 'documents/cx5-c-3' }) }),
      );
      expect(LegacyCarSchema.parse(single.json().car)).toMatchObject({ slug: 'mazda-cx-5-2-5-2', documents: [{ public_id: 'documents/cx5-c-3' }] });
    });

    it("POST /api/car/create-car reads the legacy client's multipart form: repeated `documents`, numbers as text", async () => {
      const boundary = '----car-form';
      const documents = [
        JSON.stringify({ url: '/media/documents/note-a-1.webp', public_id: 'documents/note-a-1' }),
        JSON.stringify({ url: '/media/documents/note-b-2.webp', public_id: 'documents/note-b-2' }),
      ];
      const fields = Object.entries(legacyBody({ name: 'Nissan Note', featured: 'false', documents })).flatMap(([name, value]) =>
        Array.isArray(value) ? value.map((v) => [name, v]) : [[name, value]],
      );
      const payload = `${fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('')}--${boundary}--\r\n`;
      const res = await app.inject({
        method: 'POST',
        url: '/api/car/create-car',
        payload,
        headers: { authorization: tokens.admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.statusCode).toBe(201);
      expect(LegacyCarSchema.parse(res.json().car)).toMatchObject({
        name: 'Nissan Note',
        slug: 'nissan-note',
        price: 2_450_000,
        yom: 2018,
        featured: false,
        documents: [{ public_id: 'documents/note-a-1' }, { public_id: 'documents/note-b-2' }],
      });
    });

    it('answers 400 with the first missing field in the spec order, named', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ brand: '' }, 'Car Brand is required'],
        [{ documents: undefined }, 'Please Provide atleast one Image'],
        [{ name: ' ' }, 'Car name is required'],
        [{ price: '' }, 'Price is required'],
        [{ fuelType: undefined }, 'FuelType is required'],
        [{ transmission: '' }, 'Transmission is required'],
        [{ engineSize: '' }, 'Engine Size is required'],
        [{ mileage: '' }, 'Mileage is required'],
        [{ yom: '' }, 'Year of manufucture is required'],
        [{ drive: '' }, 'Drive is required'],
        [{ description: '' }, 'Description is required'],
        [{ price: 'lots' }, 'price must be a number'],
        [{ yom: '0' }, 'yom must be at least 1'],
        [{ documents: ['not json'] }, expect.stringContaining('documents.0')],
        [{ documents: [JSON.stringify({ url: 'https://evil.example/x.jpg', public_id: 'x' })] }, 'images.0 must be an image uploaded to this site'],
      ];
      for (const [overrides, message] of cases) {
        const res = await send('POST', '/api/car/create-car', legacyBody(overrides));
        expect({ overrides, status: res.statusCode, body: res.json() }).toEqual({
          overrides,
          status: 400,
          body: expect.objectContaining({ success: false, message }),
        });
      }
      // Everything missing: the first check's message alone.
      expect((await send('POST', '/api/car/create-car', {})).json()).toMatchObject({ success: false, message: 'Car Brand is required' });
    });

    it('PUT /api/car/update-car/{id} answers {success, message, car} with the slug regenerated', async () => {
      const res = await send(
        'PUT',
        `/api/car/update-car/${ids.cx5}`,
        legacyBody({ name: 'Mazda CX-5 Touring', price: '2300000', featured: 'false', status: 'Reserved' }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: 'Car Updated Successfully' });
      expect(LegacyCarSchema.parse(res.json().car)).toMatchObject({
        _id: ids.cx5,
        slug: 'mazda-cx-5-touring',
        price: 2_300_000,
        featured: false,
        status: 'Reserved',
      });
      // Only some fields: the others stay.
      const partial = await send('PUT', `/api/car/update-car/${ids.cx5}`, { mileage: '46000' });
      expect(LegacyCarSchema.parse(partial.json().car)).toMatchObject({
        mileage: 46_000,
        price: 2_300_000,
        documents: [{ public_id: 'documents/cx5-a-1' }, { public_id: 'documents/cx5-b-2' }],
      });
      expect((await send('PUT', `/api/car/update-car/${ids.cx5}`, { description: '' })).json()).toMatchObject({
        success: false,
        message: 'Description is required',
      });
      const unknown = await send('PUT', '/api/car/update-car/6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5', { price: '1' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ success: false, message: expect.stringContaining('not found') });
      expect((await send('PUT', '/api/car/update-car/nope', { price: '1' })).json()).toMatchObject({ success: false, message: 'id must be a valid id' });
    });

    it('DELETE /api/car/delete-image/{carId}?image= detaches the picture; unknown ones are 404', async () => {
      const res = await send('DELETE', `/api/car/delete-image/${ids.cx5}?image=${encodeURIComponent('documents/cx5-a-1')}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: 'Image deleted' });
      expect(LegacyCarSchema.parse(res.json().car).documents.map((d) => d.public_id)).toEqual(['documents/cx5-b-2']);
      expect((await send('DELETE', `/api/car/delete-image/${ids.cx5}?image=documents/cx5-a-1`)).statusCode).toBe(404);
      expect((await send('DELETE', `/api/car/delete-image/${ids.cx5}`)).json()).toMatchObject({ success: false, message: 'Image publicId is required' });
    });

    it('DELETE /api/car/delete-car/{id} answers {success, message}; the car leaves its brand', async () => {
      const res = await send('DELETE', `/api/car/delete-car/${ids.cx5}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Car Deleted Successfully' });
      expect((await app.inject({ method: 'GET', url: '/api/car/getCarById-car/mazda-cx-5-touring' })).statusCode).toBe(404);
      expect((await send('DELETE', `/api/car/delete-car/${ids.cx5}`)).statusCode).toBe(404);
    });

    it('refuses guests (401) and customers (403) on every write path', async () => {
      const paths: ['POST' | 'PUT' | 'DELETE', string][] = [
        ['POST', '/api/car/create-car'],
        ['PUT', `/api/car/update-car/${ids.vitz}`],
        ['DELETE', `/api/car/delete-car/${ids.vitz}`],
        ['DELETE', `/api/car/delete-image/${ids.vitz}?image=documents/vitz-side-3c4d`],
      ];
      for (const [method, url] of paths) {
        expect((await send(method, url, legacyBody(), 'guest')).statusCode).toBe(401);
        expect((await send(method, url, legacyBody(), 'customer')).statusCode).toBe(403);
      }
      expect((await caller().bySlug({ slug: 'toyota-vitz' })).images).toHaveLength(2);
    });
  });
});
