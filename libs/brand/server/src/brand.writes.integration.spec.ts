import { LegacyCarSchema } from '@dealership/car-server';
import { createModuleTestApp, insertBrand, insertCar, insertUser, tokenFor } from '@dealership/app-schema/testing';
import { auditEvents } from '@dealership/audit-data';
import { cars } from '@dealership/car-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { desc, eq } from 'drizzle-orm';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { LegacyBrandSchema, LegacyBrandWithCarsSchema } from './brand.legacy-mapper';
import { BrandModule } from './brand.module';
import { BrandRouter } from './brand.router';

/** An image ref of our local store, as an upload gives one. */
const image = (name: string) => ({ url: `/media/documents/${name}.webp`, publicId: `documents/${name}` });
const legacyImage = (name: string) => ({ url: `/media/documents/${name}.webp`, public_id: `documents/${name}` });

describe('brand writes (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let mediaDir: string;
  let pngDataUrl: string;
  // Other bytes: storage names files by content hash, and the refused forms' uploads are taken back.
  let otherPngDataUrl: string;
  const ids: Record<string, string> = {};
  const tokens: Record<'admin' | 'customer', string> = { admin: '', customer: '' };
  const admin = { id: '', name: 'Boss', email: 'boss@dealer.test', role: 1 as const };
  const caller = () => createCallerFactory(app.get(BrandRouter).router)({ user: admin, ip: '127.0.0.1' });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>, who: 'admin' | 'customer' | 'guest' = 'admin') =>
    app.inject({ method, url, payload, headers: who === 'guest' ? {} : { authorization: `Bearer ${tokens[who]}` } });

  beforeAll(async () => {
    handle = await createTestDatabase();
    mediaDir = await mkdtemp(join(tmpdir(), 'brand-writes-'));
    const boss = await insertUser(handle.db, { name: 'Boss', email: 'boss@dealer.test', role: 1 });
    const customer = await insertUser(handle.db, { role: 0 });
    admin.id = boss.id;
    ids.toyota = (await insertBrand(handle.db, { name: 'Toyota' })).id;
    app = await createModuleTestApp(handle, [BrandModule], { env: { MEDIA_DIR: mediaDir } });
    tokens.admin = await tokenFor(app, boss.id);
    tokens.customer = await tokenFor(app, customer.id);
    const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    pngDataUrl = `data:image/png;base64,${png.toString('base64')}`;
    const other = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#0c0' } })
      .png()
      .toBuffer();
    otherPngDataUrl = `data:image/png;base64,${other.toString('base64')}`;
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  describe('tRPC', () => {
    it('brand.create saves the brand with its logos under a unique slug', async () => {
      const created = await caller().create({ name: ' Mercedes & Benz ', images: [image('merc-1a')], description: 'German.' });
      expect(created).toMatchObject({ name: 'Mercedes & Benz', slug: 'mercedes-and-benz', description: 'German.', images: [image('merc-1a')] });
      ids.mercedes = created.id;
      // Another name with the same slug gets the next free one.
      expect((await caller().create({ name: 'Mercedes and Benz', images: [image('merc-2b')] })).slug).toBe('mercedes-and-benz-2');
    });

    it('checks the name first, then the logo, with the spec messages', async () => {
      await expect(caller().create({ name: '  ', images: [] })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        cause: { issues: [expect.objectContaining({ message: 'Brand name is required' }), expect.anything()] },
      });
      await expect(caller().create({ name: 'Mazda', images: [] })).rejects.toMatchObject({
        cause: { issues: [expect.objectContaining({ message: 'Please upload Brand Image' })] },
      });
    });

    it('a duplicate name in any case is a CONFLICT, on create and on rename', async () => {
      await expect(caller().create({ name: 'TOYOTA', images: [image('t-1')] })).rejects.toMatchObject({
        code: 'CONFLICT',
        message: 'A brand named TOYOTA already exists',
      });
      await expect(caller().update({ id: ids.mercedes, name: 'toyota' })).rejects.toMatchObject({ code: 'CONFLICT' });
    });

    it('brand.update regenerates the slug on rename and replaces the logos', async () => {
      const renamed = await caller().update({ id: ids.mercedes, name: 'Mercedes-Benz', images: [image('merc-3c')] });
      expect(renamed).toMatchObject({ name: 'Mercedes-Benz', slug: 'mercedes-benz', images: [image('merc-3c')], description: 'German.' });
      await expect(caller().bySlug({ slug: 'mercedes-and-benz' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      // Same name in another case: allowed (it is the brand's own), slug unchanged.
      expect((await caller().update({ id: ids.mercedes, name: 'MERCEDES-BENZ' })).slug).toBe('mercedes-benz');
      await expect(caller().update({ id: ids.mercedes, images: [{ url: 'https://evil.example/logo.png', publicId: 'logo' }] })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: 'images.0 must be an image uploaded to this site',
      });
    });

    it('unknown ids and logos are NOT_FOUND', async () => {
      const nobody = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';
      await expect(caller().update({ id: nobody, name: 'X' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(caller().remove({ id: nobody })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(caller().removeImage({ brandId: nobody, publicId: 'documents/x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(caller().removeImage({ brandId: ids.mercedes, publicId: 'documents/x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });

    it('brand.remove keeps its cars, without a brand; every step is audited', async () => {
      const brand = await caller().create({ name: 'Isuzu', images: [image('isuzu-1'), image('isuzu-2')] });
      const dmax = await insertCar(handle.db, { name: 'Isuzu D-Max', brandId: brand.id });
      expect((await caller().removeImage({ brandId: brand.id, publicId: 'documents/isuzu-1' })).images).toEqual([image('isuzu-2')]);
      expect(await caller().remove({ id: brand.id })).toEqual({ id: brand.id });
      const [car] = await handle.db.select({ brandId: cars.brandId }).from(cars).where(eq(cars.id, dmax.id));
      expect(car).toEqual({ brandId: null });
      const events = await handle.db.select().from(auditEvents).where(eq(auditEvents.entityId, brand.id)).orderBy(desc(auditEvents.createdAt));
      expect(events.map((e) => e.action)).toEqual(['remove', 'removeImage', 'create']);
      expect(events.every((e) => e.entity === 'brand' && e.actorId === admin.id)).toBe(true);
      expect(events[2].changes).toMatchObject({ name: { after: 'Isuzu' }, slug: { after: 'isuzu' } });
      expect(events[1].changes).toEqual({ images: { before: [image('isuzu-1'), image('isuzu-2')], after: [image('isuzu-2')] } });
      expect(events[0].changes).toMatchObject({ name: { before: 'Isuzu' } });
    });
  });

  describe('REST (legacy shapes)', () => {
    it('POST /api/brand/create-brand takes data URLs through the media pipeline, and {url, public_id} JSON', async () => {
      const res = await send('POST', '/api/brand/create-brand', { name: 'Subaru', documents: [pngDataUrl, JSON.stringify(legacyImage('subaru-2b'))] });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ success: true, message: 'Brand Created Successfully' });
      const brand = LegacyBrandSchema.parse(res.json().brand);
      expect(brand).toMatchObject({ name: 'Subaru', slug: 'subaru' });
      expect(brand.image[0]).toEqual({
        url: expect.stringMatching(/^\/media\/documents\/brand-[0-9a-f]+-[0-9a-f]+\.webp$/),
        public_id: expect.stringMatching(/^documents\/brand-/),
      });
      expect(brand.image[1]).toEqual(legacyImage('subaru-2b'));
      expect(await readdir(join(mediaDir, 'documents'))).toHaveLength(1);
      ids.subaru = brand._id;
    });

    it('reads the legacy multipart form: `name`, and logos as image files or data URLs (create) and `image` files (update)', async () => {
      const boundary = '----brand-form';
      const png = await sharp({ create: { width: 6, height: 6, channels: 3, background: '#00c' } })
        .png()
        .toBuffer();
      const part = (name: string, value: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
      const file = (name: string) =>
        Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
          png,
          Buffer.from('\r\n'),
        ]);
      const form = (...parts: Buffer[]) => ({
        payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
        headers: { authorization: tokens.admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      const created = await app.inject({
        method: 'POST',
        url: '/api/brand/create-brand',
        ...form(part('name', 'Volvo'), part('documents', otherPngDataUrl), file('documents')),
      });
      expect(created.statusCode).toBe(201);
      const brand = LegacyBrandSchema.parse(created.json().brand);
      expect(brand).toMatchObject({ name: 'Volvo', slug: 'volvo' });
      expect(brand.image.map((i) => i.url)).toEqual([
        expect.stringMatching(/^\/media\/documents\/brand-/),
        expect.stringMatching(/^\/media\/documents\/logo-/),
      ]);
      const updated = await app.inject({ method: 'PUT', url: `/api/brand/update-brand/${brand._id}`, ...form(part('name', 'Volvo Cars'), file('image')) });
      expect(updated.statusCode).toBe(200);
      // Each upload is an image of its own, even of the same file: the new logo replaces both old ones.
      const renamed = LegacyBrandSchema.parse(updated.json().brand);
      expect(renamed).toMatchObject({ slug: 'volvo-cars', image: [{ url: expect.stringMatching(/^\/media\/documents\/logo-/) }] });
      expect(brand.image.map((i) => i.url)).not.toContain(renamed.image[0].url);
      expect((await send('DELETE', `/api/brand/delete-brand/${brand._id}`)).statusCode).toBe(200);
    });

    it('answers 400 naming the name first, then the image; a duplicate name is 409; nothing is stored for a refused form', async () => {
      const cases: [Record<string, unknown>, number, string][] = [
        [{ name: ' ', documents: [pngDataUrl] }, 400, 'Brand name is required'],
        [{ documents: [pngDataUrl] }, 400, 'Brand name is required'],
        [{ name: 'Mazda' }, 400, 'Please upload Brand Image'],
        [{ name: 'Mazda', documents: ['data:text/html;base64,PHNjcmlwdD4='] }, 415, expect.any(String)],
        [{ name: 'Mazda', documents: ['data:image/png,not-base64'] }, 400, 'documents.0 must be an image data URL, an image file or {url, public_id} JSON'],
        [
          { name: 'Mazda', documents: [JSON.stringify({ url: 'javascript:alert(1)', public_id: 'x' })] },
          400,
          'images.0 must be an image uploaded to this site',
        ],
        [{ name: 'subaru', documents: [otherPngDataUrl] }, 409, 'A brand named subaru already exists'],
      ];
      for (const [payload, status, message] of cases) {
        const res = await send('POST', '/api/brand/create-brand', payload);
        expect({ payload: JSON.stringify(payload).slice(0, 60), status: res.statusCode, body: res.json() }).toEqual({
          payload: JSON.stringify(payload).slice(0, 60),
          status,
          body: expect.objectContaining({ success: false, message }),
        });
      }
      // The refused forms' uploads were taken back at once.
      expect(await readdir(join(mediaDir, 'documents'))).toHaveLength(1);
    });

    it('PUT /api/brand/update-brand/{brandId} renames (slug regenerated) and replaces the logos given as `image`', async () => {
      const renamed = await send('PUT', `/api/brand/update-brand/${ids.subaru}`, { name: 'Subaru Motors' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ success: true, message: 'Brand Updated Successfully' });
      expect(LegacyBrandSchema.parse(renamed.json().brand)).toMatchObject({ name: 'Subaru Motors', slug: 'subaru-motors' });
      expect(LegacyBrandSchema.parse(renamed.json().brand).image).toHaveLength(2);
      const logos = await send('PUT', `/api/brand/update-brand/${ids.subaru}`, { name: 'Subaru Motors', image: JSON.stringify(legacyImage('subaru-3c')) });
      expect(LegacyBrandSchema.parse(logos.json().brand).image).toEqual([legacyImage('subaru-3c')]);
      // The uploaded logo no longer used is deleted from storage.
      expect(await readdir(join(mediaDir, 'documents'))).toHaveLength(0);
      expect((await send('PUT', `/api/brand/update-brand/${ids.subaru}`, { name: 'Toyota' })).statusCode).toBe(409);
      expect((await send('PUT', `/api/brand/update-brand/${ids.subaru}`, { name: '' })).json()).toMatchObject({
        success: false,
        message: 'Brand name is required',
      });
      expect((await send('PUT', '/api/brand/update-brand/6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5', { name: 'Nope' })).statusCode).toBe(404);
      expect((await send('PUT', '/api/brand/update-brand/bad-id', { name: 'Nope' })).json()).toMatchObject({
        success: false,
        message: 'brandId must be a valid id',
      });
    });

    it('DELETE /api/brand/delete-brand-image/{brandId}?image= and DELETE /api/brand/delete-brand/{brandId}', async () => {
      const car = await insertCar(handle.db, { name: 'Subaru Forester', brandId: ids.subaru });
      const res = await send('DELETE', `/api/brand/delete-brand-image/${ids.subaru}?image=documents/subaru-3c`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: 'Image deleted' });
      expect(LegacyBrandSchema.parse(res.json().brand).image).toEqual([]);
      expect((await send('DELETE', `/api/brand/delete-brand-image/${ids.subaru}?image=documents/subaru-3c`)).statusCode).toBe(404);

      const removed = await send('DELETE', `/api/brand/delete-brand/${ids.subaru}`);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ success: true, message: 'Brand Deleted Successfully' });
      expect((await send('DELETE', `/api/brand/delete-brand/${ids.subaru}`)).json()).toEqual({ success: false, message: 'Brand not found' });
      // The car lives on without a brand.
      const page = await app.inject({ method: 'GET', url: `/api/car/getCarById-car/${car.slug}` });
      expect(LegacyCarSchema.parse(page.json().car)).toMatchObject({ _id: car.id, brand: null });
      const toyota = LegacyBrandWithCarsSchema.parse((await app.inject({ method: 'GET', url: '/api/brand/getBrandBtId-brand/toyota' })).json().brand);
      expect(toyota.carInvoleInThisBrand).toEqual([]);
    });

    it('refuses guests (401) and customers (403) on every write path', async () => {
      const paths: ['POST' | 'PUT' | 'DELETE', string][] = [
        ['POST', '/api/brand/create-brand'],
        ['PUT', `/api/brand/update-brand/${ids.toyota}`],
        ['DELETE', `/api/brand/delete-brand-image/${ids.toyota}?image=brands/toyota`],
        ['DELETE', `/api/brand/delete-brand/${ids.toyota}`],
      ];
      for (const [method, url] of paths) {
        expect((await send(method, url, { name: 'X' }, 'guest')).statusCode).toBe(401);
        expect((await send(method, url, { name: 'X' }, 'customer')).statusCode).toBe(403);
      }
      expect((await caller().bySlug({ slug: 'toyota' })).images).toHaveLength(1);
    });
  });
});
