import { createModuleTestApp, insertUser, tokenFor } from '@dealership/app-schema/testing';
import { mediaUploads } from '@dealership/media-data';
import { type Database, type DatabaseHandle, DB } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq, sql } from 'drizzle-orm';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { LegacyUploadResponseSchema } from './image.legacy-mapper';
import { MediaModule } from './media.module';
import { MediaService } from './media.service';
import { hasGpsDirectory, jpegWithGpsAndOrientation, multipart, photo, pngBomb, pngPolyglot } from './upload-fixtures';

const MAX_BYTES = 2 * 1024 * 1024;

/** `POST /api/media/upload` and `DELETE /api/car/delete-image?image=` on local storage. */
describe('media uploads (integration)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let mediaDir: string;
  let db: Database;
  let admin: Record<string, string>;
  let customer: Record<string, string>;

  const upload = (file: { name: string; type: string; data: Buffer; field?: string }, headers = admin) => {
    const body = multipart(file);
    return app.inject({ method: 'POST', url: '/api/media/upload', headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const documents = async () => (await readdir(join(mediaDir, 'documents')).catch(() => [] as string[])).sort();
  const pending = async () => (await db.select().from(mediaUploads)).map((row) => row.publicId).sort();

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'media-upload-'));
    handle = await createTestDatabase();
    app = await createModuleTestApp(handle, [MediaModule], { env: { MEDIA_DIR: mediaDir, MEDIA_MAX_BYTES: String(MAX_BYTES) } });
    db = app.get<Database>(DB);
    admin = { authorization: `Bearer ${await tokenFor(app, (await insertUser(db, { role: 1 })).id)}` };
    customer = { authorization: `Bearer ${await tokenFor(app, (await insertUser(db)).id)}` };
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it.each(['jpeg', 'png', 'webp', 'avif'] as const)('accepts a %s photo, stores it as WebP in documents and records it as unattached', async (format) => {
    const res = await upload({ name: `Front View.${format}`, type: `image/${format}`, data: await photo(format, 64, 48) });
    expect(res.statusCode).toBe(201);
    const body = LegacyUploadResponseSchema.parse(res.json());
    expect(Object.keys(body)).toEqual(['success', 'url', 'public_id', 'width', 'height']);
    expect(body).toMatchObject({ success: true, width: 64, height: 48 });
    expect(body.url).toMatch(/^\/media\/documents\/front-view-[0-9a-f]{8}-[0-9a-f]{10}\.webp$/);
    expect(body.public_id).toBe(body.url.replace('/media/', '').replace(/\.webp$/, ''));
    expect(await pending()).toContain(body.public_id);

    const served = await app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    // The srcset variants come from the local storage's first-request rendering.
    const variant = await app.inject({ method: 'GET', url: body.url.replace(/\.webp$/, '.w320.webp') });
    expect(variant.statusCode).toBe(200);
  });

  it('turns the photo upright and strips EXIF (GPS, camera) from what it stores', async () => {
    const original = await jpegWithGpsAndOrientation(60, 40);
    const before = await sharp(original).metadata();
    expect(before).toMatchObject({ width: 60, height: 40, orientation: 6 });
    expect(before.exif?.toString('latin1')).toContain('SecretCam');
    expect(hasGpsDirectory(before.exif)).toBe(true);

    const res = await upload({ name: 'IMG_0001.JPG', type: 'image/jpeg', data: original });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ width: 40, height: 60 });
    const stored = (await app.inject({ method: 'GET', url: res.json().url })).rawPayload;
    const after = await sharp(stored).metadata();
    expect(after).toMatchObject({ format: 'webp', width: 40, height: 60 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(stored.toString('latin1')).not.toContain('SecretCam');
    expect(stored.toString('latin1')).not.toMatch(/EXIF|Exif/);
  });

  describe('refuses hostile files with a 4xx and a message, and stays healthy', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
    const cases: [string, () => Promise<{ name: string; type: string; data: Buffer }>, number, RegExp][] = [
      [
        'text named .jpg',
        async () => ({ name: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('Just some text pretending to be a JPEG photo.\n') }),
        415,
        /JPEG, PNG, WebP or AVIF/,
      ],
      ['SVG with a script', async () => ({ name: 'logo.svg', type: 'image/svg+xml', data: Buffer.from(svg) }), 415, /JPEG, PNG, WebP or AVIF/],
      ['SVG declared as PNG', async () => ({ name: 'logo.png', type: 'image/png', data: Buffer.from(svg) }), 415, /JPEG, PNG, WebP or AVIF/],
      [
        'HTML page',
        async () => ({ name: 'index.html', type: 'text/html', data: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>') }),
        415,
        /JPEG, PNG, WebP or AVIF/,
      ],
      ['PNG polyglot (HTML and script in a chunk)', async () => ({ name: 'cute.png', type: 'image/png', data: await pngPolyglot() }), 415, /markup or script/],
      [
        'JPEG header with garbage after it',
        async () => ({ name: 'broken.jpg', type: 'image/jpeg', data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]) }),
        400,
        /could not be read/,
      ],
      ['16000x16000 PNG bomb', async () => ({ name: 'bomb.png', type: 'image/png', data: pngBomb(16_000) }), 413, /too many pixels/],
      [
        'file over MEDIA_MAX_BYTES',
        async () => ({ name: 'huge.jpg', type: 'image/jpeg', data: Buffer.concat([await photo('jpeg'), Buffer.alloc(MAX_BYTES + 1)]) }),
        413,
        /larger than 2 MB/,
      ],
    ];

    it.each(cases)('%s', async (_name, make, status, message) => {
      const file = await make();
      const filesBefore = await documents();
      const pendingBefore = await pending();
      const rssBefore = process.memoryUsage().rss;
      const started = performance.now();
      const res = await upload(file);
      const elapsed = performance.now() - started;
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { success: false, message: expect.stringMatching(message) } });
      expect(elapsed).toBeLessThan(1_000);
      // Nothing decoded into memory (a 16000x16000 decode would take 256 MB or more).
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(150 * 1024 * 1024);
      expect(await documents()).toEqual(filesBefore);
      expect(await pending()).toEqual(pendingBefore);
      // Still serving, and still taking good uploads.
      expect((await upload({ name: 'ok.png', type: 'image/png', data: await photo('png', 8, 8) })).statusCode).toBe(201);
    });

    it('two files in one request: the first is taken, and the request still ends', async () => {
      const first = multipart({ name: 'a.png', type: 'image/png', data: await photo('png', 12, 12) });
      const boundary = first.headers['content-type'].split('boundary=')[1];
      const second = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n`),
        await photo('png', 14, 14),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const payload = Buffer.concat([first.payload.subarray(0, first.payload.length - `--${boundary}--\r\n`.length), second]);
      const res = await app.inject({ method: 'POST', url: '/api/media/upload', headers: { ...admin, ...first.headers }, payload });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ width: 12, height: 12 });
    });

    it('a request without the file field, or not multipart at all', async () => {
      const wrongField = await upload({ field: 'image', name: 'a.png', type: 'image/png', data: await photo('png', 8, 8) });
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json()).toEqual({ success: false, message: 'Send one image as multipart/form-data in a field named file' });
      const json = await app.inject({ method: 'POST', url: '/api/media/upload', headers: admin, payload: { file: 'x' } });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toEqual({ success: false, message: 'Send one image as multipart/form-data in a field named file' });
    });
  });

  it('is for admins only: a guest gets 401 and a customer 403, and nothing is stored', async () => {
    const filesBefore = await documents();
    const file = { name: 'a.png', type: 'image/png', data: await photo('png', 8, 8) };
    const guest = await upload(file, {});
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ success: false });
    const asCustomer = await upload(file, customer);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toEqual({ success: false, message: 'Admin access required' });
    expect((await app.inject({ method: 'DELETE', url: '/api/car/delete-image?image=documents/x', headers: customer })).statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url: '/api/car/delete-image?image=documents/x' })).statusCode).toBe(401);
    expect(await documents()).toEqual(filesBefore);
  });

  describe('unattached uploads', () => {
    const fresh = async (name: string) => {
      const res = await upload({ name, type: 'image/png', data: await photo('png', 10 + Math.floor(Math.random() * 50), 10) });
      expect(res.statusCode).toBe(201);
      return res.json() as { url: string; public_id: string };
    };
    const onDisk = async (publicId: string) => (await documents()).some((f) => f.startsWith(`${publicId.split('/')[1]}.`));

    it('DELETE /api/car/delete-image?image= removes an unattached upload from storage and the table; again is fine', async () => {
      const image = await fresh('to delete');
      await app.inject({ method: 'GET', url: image.url.replace(/\.webp$/, '.w320.webp') });
      expect(await onDisk(image.public_id)).toBe(true);
      const res = await app.inject({ method: 'DELETE', url: `/api/car/delete-image?image=${encodeURIComponent(image.public_id)}`, headers: admin });
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 200, body: { success: true, message: 'Image deleted' } });
      expect(await onDisk(image.public_id)).toBe(false);
      expect(await pending()).not.toContain(image.public_id);
      expect((await app.inject({ method: 'GET', url: image.url })).statusCode).toBe(404);
      const again = await app.inject({ method: 'DELETE', url: `/api/car/delete-image?image=${encodeURIComponent(image.public_id)}`, headers: admin });
      expect(again.statusCode).toBe(200);
    });

    it('leaves an attached image alone, and names a missing image parameter', async () => {
      const image = await fresh('attached');
      await app.get(MediaService).attach([image.public_id]);
      expect(await pending()).not.toContain(image.public_id);
      const res = await app.inject({ method: 'DELETE', url: `/api/car/delete-image?image=${encodeURIComponent(image.public_id)}`, headers: admin });
      expect(res.statusCode).toBe(200);
      expect(await onDisk(image.public_id)).toBe(true);

      const missing = await app.inject({ method: 'DELETE', url: '/api/car/delete-image', headers: admin });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ success: false, message: expect.stringContaining('image') });
      const control = await app.inject({ method: 'DELETE', url: `/api/car/delete-image?image=${encodeURIComponent('documents/a\u0000b')}`, headers: admin });
      expect({ status: control.statusCode, body: control.json() }).toMatchObject({
        status: 400,
        body: { success: false, message: 'image must not contain control characters' },
      });
    });

    it('the same photo uploaded twice is two images: removing the unattached one keeps the attached one', async () => {
      const data = await photo('jpeg', 40, 30);
      const first = (await upload({ name: 'twin.jpg', type: 'image/jpeg', data })).json();
      const second = (await upload({ name: 'twin.jpg', type: 'image/jpeg', data })).json();
      expect(second.public_id).not.toBe(first.public_id);
      await app.get(MediaService).attach([first.public_id]);
      await app.inject({ method: 'DELETE', url: `/api/car/delete-image?image=${encodeURIComponent(second.public_id)}`, headers: admin });
      expect(await onDisk(second.public_id)).toBe(false);
      expect(await onDisk(first.public_id)).toBe(true);
      expect((await app.inject({ method: 'GET', url: first.url })).statusCode).toBe(200);
    });

    it('the sweep removes unattached uploads older than a day, and only those', async () => {
      const old = await fresh('old');
      const recent = await fresh('recent');
      const attachedOld = await fresh('attached old');
      await app.get(MediaService).attach([attachedOld.public_id]);
      await db
        .update(mediaUploads)
        .set({ createdAt: sql`now() - interval '25 hours'` })
        .where(eq(mediaUploads.publicId, old.public_id));

      expect(await app.get(MediaService).sweepUnattached()).toBe(1);
      expect(await onDisk(old.public_id)).toBe(false);
      expect(await pending()).not.toContain(old.public_id);
      expect(await onDisk(recent.public_id)).toBe(true);
      expect(await pending()).toContain(recent.public_id);
      expect(await onDisk(attachedOld.public_id)).toBe(true);

      // Two days on, the recent one goes too.
      expect(await app.get(MediaService).sweepUnattached(new Date(Date.now() + 2 * 24 * 3600 * 1000))).toBeGreaterThanOrEqual(1);
      expect(await onDisk(recent.public_id)).toBe(false);
    });
  });
});
