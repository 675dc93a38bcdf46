import { SPIN_VIDEO_FRAMES } from '@dealership/car-schemas';
import { createModuleTestApp, insertBrand, insertUser, tokenFor } from '@dealership/app-schema/testing';
import { SpinVideoService } from '@dealership/media-server';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { validCarInput } from './car-input.fixture';
import { CarModule } from './car.module';
import { CarRouter } from './car.router';

/** A multipart form with one file under `file`. */
function form(data: Buffer, name: string, type: string) {
  const boundary = `----spin${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A car's 360-degree view from a walk-around video (issue 44), end to end: the media domain's
 * `POST /api/media/spin-video` runs the real ffmpeg the server finds, stores the frames as
 * uploads, and the car domain's `car.setSpin` takes them. Here, not in media-server, because the
 * car router is the proof the frames are usable, and the car lib may use media's (not the reverse).
 */
describe('spin frames from a video (integration: real ffmpeg, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let work: string;
  let mediaDir: string;
  let video: Buffer;
  const staff = { id: '', name: 'Salim', email: 'salim@dealer.test', role: 1 as const };
  let staffToken = '';
  let customerToken = '';
  const send = (file: ReturnType<typeof form>, token: string | null, query = '') =>
    app.inject({
      method: 'POST',
      url: `/api/media/spin-video${query}`,
      headers: { ...file.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: file.payload,
    });
  const documents = async () => (await readdir(join(mediaDir, 'documents')).catch(() => [] as string[])).sort();

  beforeAll(async () => {
    handle = await createTestDatabase();
    work = await mkdtemp(join(tmpdir(), 'car-spin-video-'));
    mediaDir = join(work, 'media');
    const boss = await insertUser(handle.db, { name: 'Salim', email: 'salim@dealer.test', role: 1 });
    const customer = await insertUser(handle.db, { role: 0 });
    staff.id = boss.id;
    app = await createModuleTestApp(handle, [CarModule], { env: { MEDIA_DIR: mediaDir } });
    staffToken = await tokenFor(app, boss.id);
    customerToken = await tokenFor(app, customer.id);
    // Three seconds of ffmpeg's test pattern (a counter moves in it), made by the ffmpeg the server runs.
    const ffmpeg = await app.get(SpinVideoService).requireFfmpeg();
    const path = join(work, 'walk-around.mp4');
    await promisify(execFile)(ffmpeg.path, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=3:size=640x360:rate=30',
      '-pix_fmt',
      'yuv420p',
      path,
    ]);
    video = await readFile(path);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('takes 36 frames as staff, stored as WebP pictures the media store serves, which car.setSpin accepts', async () => {
    const status = await app.inject({ method: 'GET', url: '/api/media/spin-video', headers: { authorization: `Bearer ${staffToken}` } });
    expect(status.json()).toEqual({ available: true, reason: null, maxBytes: 104_857_600, maxSeconds: 60 });

    const started = performance.now();
    const res = await send(form(video, 'walk-around.mp4', 'video/mp4'), staffToken);
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(201);
    const { frames } = res.json() as { frames: { url: string; publicId: string }[] };
    expect(frames).toHaveLength(SPIN_VIDEO_FRAMES);
    // Each picture of the moving pattern is a file of its own (names carry a content hash).
    expect(new Set(frames.map((frame) => frame.url)).size).toBe(SPIN_VIDEO_FRAMES);
    for (const frame of [frames[0], frames[SPIN_VIDEO_FRAMES - 1]]) {
      expect(frame.url).toMatch(/^\/media\/documents\/spin-frame-\d+-[0-9a-f]{8}-[0-9a-f]{10}\.webp$/);
      const served = await app.inject({ method: 'GET', url: frame.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 360 });
    }
    // No video and no frame left in the temporary folder.
    expect((await readdir(tmpdir())).filter((name) => name.startsWith('spin-video-'))).toEqual([]);
    process.stdout.write(`spin video: ${SPIN_VIDEO_FRAMES} frames from a 3 s 640x360 MP4 in ${Math.round(elapsed)} ms\n`);

    const caller = createCallerFactory(app.get(CarRouter).router)({ user: staff, ip: '127.0.0.1' });
    const car = await caller.create(validCarInput((await insertBrand(handle.db, { name: 'Toyota' })).id, { name: 'Toyota Prado' }));
    expect((await caller.setSpin({ carId: car.id, frames })).frames).toEqual(frames);
  }, 60_000);

  it('refuses a text file named .mp4, naming file, and stores nothing', async () => {
    const before = await documents();
    const res = await send(form(Buffer.from('Not a video, only text named like one.\n'), 'walk-around.mp4', 'video/mp4'), staffToken);
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 415, body: { success: false, message: 'file must be an MP4, MOV or WebM video' } });
    const badCount = await send(form(video, 'walk-around.mp4', 'video/mp4'), staffToken, '?frames=200');
    expect(badCount.statusCode).toBe(400);
    expect(badCount.json().message).toMatch(/^frames/);
    expect(await documents()).toEqual(before);
  });

  it('is for staff: a guest gets 401 and a customer 403', async () => {
    const file = form(video, 'walk-around.mp4', 'video/mp4');
    expect((await send(file, null)).statusCode).toBe(401);
    expect((await send(file, customerToken)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/media/spin-video', headers: { authorization: `Bearer ${customerToken}` } })).statusCode).toBe(403);
  });
});
