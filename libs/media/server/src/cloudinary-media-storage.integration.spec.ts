import { createModuleTestApp, insertUser, tokenFor } from '@dealership/app-schema/testing';
import { mediaUploads } from '@dealership/media-data';
import { type Database, type DatabaseHandle, DB } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { LegacyUploadResponseSchema } from './image.legacy-mapper';
import { MEDIA_STORAGE, type MediaStorage } from './media-storage';
import { MediaModule } from './media.module';
import { MediaService } from './media.service';
import { multipart, photo } from './upload-fixtures';

const CLOUD = 'dealer';
const API_KEY = '123456789012345';
const API_SECRET = 'stub-secret-abcdefghijklmnop';

interface StubCall {
  path: string;
  fields: Record<string, string>;
  signatureValid: boolean;
}

/** Fields of a `multipart/form-data` body (the SDK sends every value, the file too, as a field). */
function formFields(body: string, contentType: string): Record<string, string> {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const part of body.split(`--${boundary}`)) {
    const match = /^\r\nContent-Disposition: form-data; name="([^"]+)"(?:; filename="[^"]*")?\r\n(?:Content-Type: [^\r]*\r\n)?\r\n([\s\S]*)\r\n$/.exec(part);
    if (match) fields[match[1]] = match[2];
  }
  return fields;
}

/** Cloudinary's request signature: sha1 of the sorted `key=value` pairs joined by `&`, then the secret. */
function expectedSignature(fields: Record<string, string>): string {
  const signed = Object.entries(fields)
    .filter(([key, value]) => !['file', 'signature', 'api_key', 'cloud_name', 'resource_type'].includes(key) && value !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  return createHash('sha1')
    .update(signed + API_SECRET)
    .digest('hex');
}

/**
 * A loopback stand-in for Cloudinary's upload API: `/v1_1/<cloud>/image/upload` and `/destroy`,
 * checking each request's signature; `failWith` makes it answer that status instead.
 */
function startStub() {
  const calls: StubCall[] = [];
  const state: { failWith?: number } = {};
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const fields = formFields(Buffer.concat(chunks).toString('latin1'), request.headers['content-type'] ?? '');
      const signatureValid = fields.signature === expectedSignature(fields) && fields.api_key === API_KEY;
      calls.push({ path: request.url ?? '', fields, signatureValid });
      const answer = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (state.failWith) return answer(state.failWith, { error: { message: 'Internal stub failure' } });
      if (!signatureValid) return answer(401, { error: { message: 'Invalid Signature' } });
      if (request.url === `/v1_1/${CLOUD}/image/upload`) {
        const publicId = fields.folder ? `${fields.folder}/${fields.public_id}` : fields.public_id;
        const format = fields.format || 'webp';
        return answer(200, {
          public_id: publicId,
          version: 1700000000,
          format,
          resource_type: 'image',
          secure_url: `https://res.cloudinary.com/${CLOUD}/image/upload/v1700000000/${publicId}.${format}`,
          url: `http://res.cloudinary.com/${CLOUD}/image/upload/v1700000000/${publicId}.${format}`,
        });
      }
      if (request.url === `/v1_1/${CLOUD}/image/destroy`) return answer(200, { result: 'ok' });
      return answer(404, { error: { message: 'Unknown stub path' } });
    });
  });
  return { server, calls, state };
}

describe('Cloudinary storage against a loopback stub (integration)', () => {
  const stub = startStub();
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let db: Database;
  let admin: Record<string, string>;
  let mediaDir: string;
  const previousUrl = process.env.CLOUDINARY_URL;

  const upload = async (name = 'Front.png') => {
    const body = multipart({ name, type: 'image/png', data: await photo('png', 40, 30) });
    return app.inject({ method: 'POST', url: '/api/media/upload', headers: { ...admin, ...body.headers }, payload: body.payload });
  };
  const pending = async () => (await db.select().from(mediaUploads)).map((row) => row.publicId).sort();

  beforeAll(async () => {
    await new Promise<void>((resolve) => stub.server.listen(0, '127.0.0.1', resolve));
    const port = (stub.server.address() as AddressInfo).port;
    const cloudinaryUrl = `cloudinary://${API_KEY}:${API_SECRET}@${CLOUD}?upload_prefix=http://127.0.0.1:${port}`;
    // The SDK reads CLOUDINARY_URL once, when first loaded (on the first upload), to choose http
    // or https for `upload_prefix`; the app reads its own copy through the validated config.
    process.env.CLOUDINARY_URL = cloudinaryUrl;
    mediaDir = await mkdtemp(join(tmpdir(), 'media-cloudinary-'));
    handle = await createTestDatabase();
    app = await createModuleTestApp(handle, [MediaModule], { env: { CLOUDINARY_URL: cloudinaryUrl, MEDIA_DIR: mediaDir } });
    db = app.get<Database>(DB);
    admin = { authorization: await tokenFor(app, (await insertUser(db, { role: 1 })).id) };
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await new Promise((resolve) => stub.server.close(resolve));
    await rm(mediaDir, { recursive: true, force: true });
    if (previousUrl === undefined) delete process.env.CLOUDINARY_URL;
    else process.env.CLOUDINARY_URL = previousUrl;
  });

  beforeEach(() => {
    stub.calls.length = 0;
    stub.state.failWith = undefined;
  });

  it('uploads the re-encoded WebP with a signed request into documents and answers secure_url and public_id', async () => {
    const res = await upload('Front View.png');
    expect(res.statusCode).toBe(201);
    const body = LegacyUploadResponseSchema.parse(res.json());
    expect(body.public_id).toMatch(/^documents\/front-view-[0-9a-f]{8}-[0-9a-f]{10}$/);
    expect(body).toEqual({
      success: true,
      url: `https://res.cloudinary.com/${CLOUD}/image/upload/v1700000000/${body.public_id}.webp`,
      public_id: body.public_id,
      width: 40,
      height: 30,
    });

    expect(stub.calls).toHaveLength(1);
    const [call] = stub.calls;
    expect(call.path).toBe(`/v1_1/${CLOUD}/image/upload`);
    expect(call.signatureValid).toBe(true);
    expect(call.fields).toMatchObject({ folder: 'documents', api_key: API_KEY, timestamp: expect.stringMatching(/^\d+$/) });
    expect(call.fields).not.toHaveProperty('api_secret');
    const sent = Buffer.from(call.fields.file.replace(/^data:image\/webp;base64,/, ''), 'base64');
    expect(await sharp(sent).metadata()).toMatchObject({ format: 'webp', width: 40, height: 30 });

    expect(await pending()).toEqual([body.public_id]);
    expect(app.get(MediaService).isOwnImage({ url: body.url, publicId: body.public_id })).toBe(true);
    // Cloudinary serves its own urls: nothing under /media.
    expect(await app.get<MediaStorage>(MEDIA_STORAGE).localFile(`${body.public_id}.webp`)).toBeUndefined();
  });

  it('destroys an unattached upload with a signed request on DELETE /api/car/delete-image?image=', async () => {
    const { public_id: publicId } = (await upload('to delete.png')).json() as { public_id: string };
    stub.calls.length = 0;
    const res = await app.inject({ method: 'DELETE', url: `/api/car/delete-image?image=${encodeURIComponent(publicId)}`, headers: admin });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 200, body: { success: true, message: 'Image deleted' } });
    expect(stub.calls).toEqual([
      { path: `/v1_1/${CLOUD}/image/destroy`, fields: expect.objectContaining({ public_id: publicId, invalidate: 'true' }), signatureValid: true },
    ]);
    expect(await pending()).not.toContain(publicId);
  });

  it('keeps generated pictures (the seed) and files already on disk local: no call out, served at /media', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="navy"/></svg>';
    const ref = await app.get(MediaService).saveSvg({ svg, folder: 'cars', name: 'Demo Car' });
    expect(ref.url).toMatch(/^\/media\/cars\/demo-car-[0-9a-f]{10}\.webp$/);
    const served = await app.inject({ method: 'GET', url: ref.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await app.get(MediaService).removeUnlessHeld([ref.publicId])).toBe(1);
    expect(await readdir(join(mediaDir, 'cars'))).toEqual([]);
    expect(stub.calls).toEqual([]);
  });

  it.each([500, 502, 503])('a %i from Cloudinary is a 502 to our client with a message, and nothing is recorded', async (status) => {
    const before = await pending();
    stub.state.failWith = status;
    const res = await upload('failing.png');
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 502,
      body: { success: false, message: 'The image store is not answering, please try again shortly' },
    });
    expect(stub.calls).toHaveLength(1);
    expect(await pending()).toEqual(before);
  });

  it('a failed destroy is a 502 and keeps the upload recorded, so the sweep tries again', async () => {
    const { public_id: publicId } = (await upload('kept.png')).json() as { public_id: string };
    stub.state.failWith = 500;
    const res = await app.inject({ method: 'DELETE', url: `/api/car/delete-image?image=${encodeURIComponent(publicId)}`, headers: admin });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ success: false });
    expect(await pending()).toContain(publicId);
  });
});
