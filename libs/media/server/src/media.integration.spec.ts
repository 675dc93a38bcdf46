import { createModuleTestApp } from '@dealership/app-schema/testing';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaModule } from './media.module';
import { MediaService } from './media.service';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="navy"/></svg>';

/** `GET /media/*` served by the media module itself, on the storage port (local disk here). */
describe('media module: GET /media/* (integration)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let mediaDir: string;

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'media-'));
    handle = await createTestDatabase();
    app = await createModuleTestApp(handle, [MediaModule], { env: { MEDIA_DIR: mediaDir } });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('serves a stored picture as WebP, rendered on first request and cached for a year', async () => {
    const ref = await app.get(MediaService).saveSvg({ svg: SVG, folder: 'cars', name: 'Toyota Vitz' });
    expect(ref.url).toMatch(/^\/media\/cars\/toyota-vitz-[0-9a-f]{10}\.webp$/);
    const res = await app.inject({ method: 'GET', url: ref.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');

    expect(await app.get(MediaService).removeUnlessHeld([ref.publicId])).toBe(1);
    expect(await readdir(join(mediaDir, 'cars'))).toHaveLength(0);
    expect((await app.inject({ method: 'GET', url: ref.url })).statusCode).toBe(404);
  });

  it('answers a JSON 404 for missing files and paths outside the media folder', async () => {
    for (const url of ['/media/cars/nope-0123456789.webp', '/media/../package.json', '/media/cars/..%2F..%2Fsecret']) {
      const res = await app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect(res.json()).toEqual({ success: false, message: 'Not found' });
    }
  });
});
