import { LEAD_PHOTO_THROTTLE } from '@dealership/server-auth';
import { createModuleTestApp } from '@dealership/app-schema/testing';
import { mediaUploads } from '@dealership/media-data';
import { type Database, type DatabaseHandle, DB, throttleCounters } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { UserModule } from '@dealership/user-server';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaModule } from './media.module';
import { LEAD_PHOTO_MAX_PIXELS, MediaService } from './media.service';
import { multipart, photo } from './upload-fixtures';

const HOURLY_CAP = 3;

/**
 * The public photo upload (`POST /api/media/lead-photo`, anyone, no account) against a script:
 * spread over many addresses it passed every per-address limit, with no cap overall; it took the
 * staff's size limits (15 MB, 50 MP); and it wrote to a disk however full. Now: an hourly cap
 * for every address together (in the shared throttle counters), buyers' limits of 5 MB and 12 MP,
 * and a 503 while the media disk is below `MEDIA_MIN_FREE_BYTES`.
 */
describe('public photo uploads against abuse (integration, real database and disk)', () => {
  let handle: DatabaseHandle;
  let mediaDir: string;
  const apps: NestFastifyApplication[] = [];

  const start = async (env: Record<string, string>) => {
    const app = await createModuleTestApp(handle, [UserModule, MediaModule], { env: { MEDIA_DIR: mediaDir, ...env }, userLookup: 'provided' });
    apps.push(app);
    return app;
  };
  const send = (app: NestFastifyApplication, data: Buffer, ip: string) => {
    const body = multipart({ name: 'trade-in.jpg', type: 'image/jpeg', data });
    return app.inject({ method: 'POST', url: '/api/media/lead-photo', headers: body.headers, payload: body.payload, remoteAddress: ip });
  };
  const files = async () => (await readdir(join(mediaDir, 'leads')).catch(() => [] as string[])).sort();

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'public-uploads-'));
    handle = await createTestDatabase();
  });

  beforeEach(async () => {
    await handle.db.delete(throttleCounters);
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await handle?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it(`caps buyers' photos from every address together at LEAD_PHOTO_HOURLY_CAP an hour, shared by every instance: 503 with Retry-After`, async () => {
    // Two instances on one database: the cap is one count in the database, not one per process.
    const [one, two] = [await start({ LEAD_PHOTO_HOURLY_CAP: String(HOURLY_CAP) }), await start({ LEAD_PHOTO_HOURLY_CAP: String(HOURLY_CAP) })];
    const data = await photo('jpeg', 32, 24);
    for (let i = 0; i < HOURLY_CAP; i++) expect((await send(i % 2 ? two : one, data, `10.9.${i}.1`)).statusCode).toBe(201);
    // A fresh address, far within its own limits (LEAD_PHOTO_THROTTLE), is refused all the same.
    expect(LEAD_PHOTO_THROTTLE.maxPerIpShort).toBeGreaterThan(1);
    const before = await files();
    const refused = await send(two, data, '10.9.200.1');
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ success: false, message: expect.stringMatching(/unusually many requests.*try again in/) });
    expect(await files()).toEqual(before);
    // The refused attempt is not held against its address.
    const db = one.get<Database>(DB);
    const counters = await db.select().from(throttleCounters);
    expect(counters.filter((c) => c.key.includes('10.9.200.1') && c.count > 0)).toEqual([]);
  });

  it('holds buyers to 5 MB and 12 megapixels, below the staff uploads’ limits', async () => {
    const app = await start({});
    // 5.5 MB: a JPEG start and noise (the size is refused before anything is decoded).
    const big = Buffer.concat([await photo('jpeg', 32, 24), randomBytes(5.5 * 1_048_576)]);
    const tooBig = await send(app, big, '10.8.0.1');
    expect({ status: tooBig.statusCode, body: tooBig.json() }).toMatchObject({ status: 413, body: { success: false, message: 'The image is larger than 5 MB' } });

    // 13 megapixels: fine for the staff, too many for a buyer.
    const wide = await photo('jpeg', 4000, 3250);
    expect(4000 * 3250).toBeGreaterThan(LEAD_PHOTO_MAX_PIXELS);
    const tooMany = await send(app, wide, '10.8.0.2');
    expect({ status: tooMany.statusCode, body: tooMany.json() }).toMatchObject({
      status: 413,
      body: { success: false, message: 'The image has too many pixels (at most 12 megapixels)' },
    });
    const staff = await app.get(MediaService).upload({ data: wide, fileName: 'showroom.jpg' });
    // Taken (and scaled down to the site's largest width, as every staff upload).
    expect(staff.publicId).toMatch(/^documents\//);
    expect(staff.width / staff.height).toBeCloseTo(4000 / 3250, 2);
  }, 60_000);

  it('refuses uploads with 503 and a log line while the media disk is below MEDIA_MIN_FREE_BYTES, writing nothing', async () => {
    // More free space than any disk has: the check must refuse.
    const app = await start({ MEDIA_MIN_FREE_BYTES: String(2 ** 52) });
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const before = await files();
    const pendingBefore = (await handle.db.select().from(mediaUploads)).length;
    const res = await send(app, await photo('jpeg', 32, 24), '10.7.0.1');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('600');
    expect(res.json()).toMatchObject({ success: false, message: 'Uploads are paused for lack of disk space; please try again later' });
    expect(await files()).toEqual(before);
    expect((await handle.db.select().from(mediaUploads)).length).toBe(pendingBefore);
    expect(warn.mock.calls).toEqual([[expect.stringMatching(/^upload refused: \d+ bytes free under .* below MEDIA_MIN_FREE_BYTES 4503599627370496$/)]]);
    warn.mockRestore();
  });
});
