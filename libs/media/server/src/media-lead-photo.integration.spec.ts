import { LEAD_PHOTO_THROTTLE } from '@dealership/server-auth';
import { createModuleTestApp } from '@dealership/app-schema/testing';
import { auditEvents } from '@dealership/audit-data';
import { mediaUploads } from '@dealership/media-data';
import { type Database, type DatabaseHandle, DB, throttleCounters } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { eq } from 'drizzle-orm';
import { UserModule } from '@dealership/user-server';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaModule } from './media.module';
import { MediaService } from './media.service';
import { multipart, photo } from './upload-fixtures';

/** `POST /api/media/lead-photo`: a buyer's photo for a request, without an account, within limits. */
describe('buyers’ photo uploads (integration)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let mediaDir: string;
  let db: Database;

  const send = async (file: { name: string; type: string; data: Buffer }, ip = '10.1.1.1') => {
    const body = multipart(file);
    return app.inject({ method: 'POST', url: '/api/media/lead-photo', headers: body.headers, payload: body.payload, remoteAddress: ip });
  };
  const pending = async () => (await db.select().from(mediaUploads)).map((row) => row.publicId);

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'lead-photo-'));
    handle = await createTestDatabase();
    // UserModule keeps the throttle counters (ThrottleStore), as in the app.
    app = await createModuleTestApp(handle, [UserModule, MediaModule], { env: { MEDIA_DIR: mediaDir }, userLookup: 'provided' });
    db = app.get<Database>(DB);
  });

  beforeEach(async () => {
    await db.delete(throttleCounters);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('takes a photo from anyone, re-encoded under leads/ and unclaimed until a request takes it', async () => {
    const res = await send({ name: 'My Fielder.jpg', type: 'image/jpeg', data: await photo('jpeg', 80, 60) });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['url', 'publicId', 'width', 'height']);
    expect(body).toMatchObject({ width: 80, height: 60, url: expect.stringMatching(/^\/media\/leads\/my-fielder-[0-9a-f]{8}-[0-9a-f]{10}\.webp$/) });
    expect(await pending()).toContain(body.publicId);
    const served = await app.inject({ method: 'GET', url: body.url });
    expect(served.headers['content-type']).toBe('image/webp');

    const media = app.get(MediaService);
    expect(await media.firstForeignLeadPhoto([{ url: body.url, publicId: body.publicId }])).toBe(-1);
    await media.attach([body.publicId]);
    // Taken by one request, it is no longer anyone's to send again.
    expect(await media.firstForeignLeadPhoto([{ url: body.url, publicId: body.publicId }])).toBe(0);
  });

  it('refuses what is not a photo, with the legacy error shape', async () => {
    const res = await send({ name: 'notes.txt', type: 'image/png', data: Buffer.from('not an image at all') });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false });
    const empty = await app.inject({ method: 'POST', url: '/api/media/lead-photo', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses catalogue pictures and the staff’s uploads as a buyer’s photos', async () => {
    const media = app.get(MediaService);
    const staff = await media.upload({ data: await photo('png'), fileName: 'staff.png' });
    expect(await media.firstForeignLeadPhoto([{ url: staff.url, publicId: staff.publicId }])).toBe(0);
    expect(await media.firstForeignLeadPhoto([{ url: '/media/cars/toyota-vitz-1a2b.webp', publicId: 'cars/toyota-vitz-1a2b' }])).toBe(0);
    expect(await media.firstForeignLeadPhoto([{ url: 'https://evil.example/leads/x.webp', publicId: 'leads/x' }])).toBe(0);
  });

  it('limits photos per address, with Retry-After, and counts each address on its own', async () => {
    const data = await photo('png', 16, 16);
    for (let i = 0; i < LEAD_PHOTO_THROTTLE.maxPerIpShort; i++)
      expect((await send({ name: `p${i}.png`, type: 'image/png', data }, '10.2.2.2')).statusCode).toBe(201);
    const refused = await send({ name: 'one-more.png', type: 'image/png', data }, '10.2.2.2');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ success: false, message: expect.stringMatching(/^Too many requests from your network/) });
    expect((await send({ name: 'again.png', type: 'image/png', data }, '10.2.2.2')).statusCode).toBe(429);
    // The trip is a security event in the activity log: one row for the two refusals of the minute.
    const trips = await handle.db.select().from(auditEvents).where(eq(auditEvents.action, 'throttled'));
    expect(trips.map((trip) => [trip.entity, trip.ip, trip.changes['limit'], trip.outcome])).toEqual([['lead', '10.2.2.2', { after: 'lead-photo' }, 'failure']]);
    expect((await send({ name: 'other.png', type: 'image/png', data }, '10.3.3.3')).statusCode).toBe(201);
  });
});
