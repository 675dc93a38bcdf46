import { SPIN_MAX_FRAMES, SPIN_MIN_FRAMES } from '@dealership/car-schemas';
import { createModuleTestApp, insertBrand, insertUser } from '@dealership/app-schema/testing';
import type { ImageRef } from '@dealership/media-schemas';
import { MediaService } from '@dealership/media-server';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase, eventually } from '@dealership/server-db/testing';
import { createCallerFactory } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { validCarInput } from './car-input.fixture';
import { CarModule } from './car.module';
import { CarRouter } from './car.router';
import { CatalogueChanges } from './catalogue-changes';

describe("a car's 360-degree view (integration, real database)", () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let mediaDir: string;
  let brandId = '';
  const admin = { id: '', name: 'Boss', email: 'boss@dealer.test', role: 1 as const };
  const caller = () => createCallerFactory(app.get(CarRouter).router)({ user: admin, ip: '127.0.0.1' });
  const customerUser = { id: '', name: 'Amina', email: 'a@x.test', role: 0 as const };
  const customer = () => createCallerFactory(app.get(CarRouter).router)({ user: customerUser, ip: '127.0.0.1' });
  const anonymous = () => createCallerFactory(app.get(CarRouter).router)({ user: null, ip: '127.0.0.1' });

  let frameImage: Buffer;
  /** `count` frames uploaded as staff upload them (decoded, re-encoded as WebP, recorded as pending). */
  const upload = async (count: number): Promise<ImageRef[]> => {
    const media = app.get(MediaService);
    const frames: ImageRef[] = [];
    for (let i = 0; i < count; i++) {
      const { url, publicId } = await media.upload({ data: frameImage, fileName: `frame-${String(i).padStart(2, '0')}.png` });
      frames.push({ url, publicId });
    }
    return frames;
  };
  const stored = async () => new Set((await readdir(join(mediaDir, 'documents'))).map((file) => `documents/${file.replace(/\.webp$/, '')}`));

  beforeAll(async () => {
    handle = await createTestDatabase();
    mediaDir = await mkdtemp(join(tmpdir(), 'car-spin-'));
    const boss = await insertUser(handle.db, { name: 'Boss', email: 'boss@dealer.test', role: 1 });
    const customer = await insertUser(handle.db, { role: 0 });
    admin.id = boss.id;
    brandId = (await insertBrand(handle.db, { name: 'Toyota' })).id;
    app = await createModuleTestApp(handle, [CarModule], { env: { MEDIA_DIR: mediaDir } });
    customerUser.id = customer.id;
    // The sets are read through the cache (CarSpinService) once the catalogue's generation is heard: every read below goes through it.
    await eventually(
      async () => app.get(CatalogueChanges).version,
      (version) => version !== undefined,
    );
    frameImage = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#3a6ea5' } })
      .png()
      .toBuffer();
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('staff set a spin set in order, replace it (the frames let go of leave storage), clear it, and it goes with the car', async () => {
    const car = await caller().create(validCarInput(brandId, { name: 'Toyota Prado' }));
    expect(await anonymous().spin({ carId: car.id })).toEqual({ frames: [] });

    const first = await upload(SPIN_MIN_FRAMES);
    expect((await caller().setSpin({ carId: car.id, frames: first })).frames).toEqual(first);
    // The public reads it in turning order; the frames are attached: the sweep of unused uploads leaves them.
    expect((await anonymous().spin({ carId: car.id })).frames.map((frame) => frame.publicId)).toEqual(first.map((frame) => frame.publicId));
    await app.get(MediaService).sweepUnattached(new Date(Date.now() + 2 * 24 * 3600_000));
    for (const frame of first) expect((await stored()).has(frame.publicId)).toBe(true);

    // Reordered, half replaced: the order is the new one, the dropped frames' files are deleted.
    const fresh = await upload(12);
    const second = [...first.slice(0, 12).reverse(), ...fresh];
    await caller().setSpin({ carId: car.id, frames: second });
    expect((await anonymous().spin({ carId: car.id })).frames).toEqual(second);
    const files = await stored();
    expect(first.slice(12).filter((frame) => files.has(frame.publicId))).toEqual([]);
    expect(second.every((frame) => files.has(frame.publicId))).toBe(true);

    expect(await caller().clearSpin({ carId: car.id })).toEqual({ frames: [] });
    expect(await anonymous().spin({ carId: car.id })).toEqual({ frames: [] });
    const afterClear = await stored();
    expect(second.filter((frame) => afterClear.has(frame.publicId))).toEqual([]);

    // Deleting the car deletes its frames' rows (cascade) and files.
    const third = await upload(SPIN_MIN_FRAMES);
    await caller().setSpin({ carId: car.id, frames: third });
    await caller().remove({ id: car.id });
    expect(await anonymous().spin({ carId: car.id })).toEqual({ frames: [] });
    const afterRemove = await stored();
    expect(third.filter((frame) => afterRemove.has(frame.publicId))).toEqual([]);
  });

  it("keeps a file that is both a car's picture and one of its frames when the picture goes, and the other way round", async () => {
    const [front, side] = await upload(2);
    const car = await caller().create(validCarInput(brandId, { name: 'Toyota Harrier', images: [front, side] }));
    const frames = [front, ...(await upload(SPIN_MIN_FRAMES - 1))];
    await caller().setSpin({ carId: car.id, frames });
    // The front picture leaves the gallery: the spin set still shows its file.
    await caller().removeImage({ carId: car.id, publicId: front.publicId });
    expect((await stored()).has(front.publicId)).toBe(true);
    // The spin set goes: the gallery's side picture, never a frame, stays; the front file, now held by nothing, goes.
    await caller().clearSpin({ carId: car.id });
    const files = await stored();
    expect([files.has(side.publicId), files.has(front.publicId)]).toEqual([true, false]);
  });

  it('refuses fewer than 24 or more than 72 frames, foreign pictures and another car’s, with a 400 or 409 naming the field', async () => {
    const car = await caller().create(validCarInput(brandId, { name: 'Toyota Vitz' }));
    const frames = await upload(SPIN_MIN_FRAMES);
    for (const count of [SPIN_MIN_FRAMES - 1, SPIN_MAX_FRAMES + 1]) {
      const list = Array.from({ length: count }, (_, i) => frames[i % frames.length]);
      const error = await caller()
        .setSpin({ carId: car.id, frames: list })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        code: 'BAD_REQUEST',
        cause: { issues: [{ path: ['frames'], message: expect.stringMatching(/^frames: a 360-degree view/) }] },
      });
    }
    const foreign = [...frames.slice(1), { url: 'https://evil.example/x.webp', publicId: 'documents/x' }];
    await expect(caller().setSpin({ carId: car.id, frames: foreign })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: `frames.${SPIN_MIN_FRAMES - 1} must be an image uploaded to this site`,
      cause: { field: `frames.${SPIN_MIN_FRAMES - 1}` },
    });
    await expect(caller().setSpin({ carId: car.id, frames: [...frames.slice(1), frames[1]] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });

    // A picture another car shows cannot be one of this car's frames (deleting either would break the other).
    const other = await caller().create(validCarInput(brandId, { name: 'Toyota Axio' }));
    await expect(caller().setSpin({ carId: car.id, frames: [other.images[0], ...frames.slice(1)] })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'frames.0 belongs to another car; upload the picture again to use it here',
    });
    await expect(caller().setSpin({ carId: '00000000-0000-4000-8000-000000000000', frames })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await anonymous().spin({ carId: car.id })).toEqual({ frames: [] });
  });

  it('lists only the cars with a 360-degree view when asked (the home page\'s "detailed 360-degree views" link)', async () => {
    const [withSpin, without] = [
      await caller().create(validCarInput(brandId, { name: 'Toyota Harrier' })),
      await caller().create(validCarInput(brandId, { name: 'Toyota Fielder' })),
    ];
    await caller().setSpin({ carId: withSpin.id, frames: await upload(SPIN_MIN_FRAMES) });
    const listed = await anonymous().list({ spin: true, pageSize: 48 });
    expect(listed.items.map((car) => car.name)).toEqual(['Toyota Harrier']);
    expect(listed.total).toBe(1);
    expect((await anonymous().list({ pageSize: 48 })).items.map((car) => car.id)).toEqual(expect.arrayContaining([withSpin.id, without.id]));
  });

  // The HTTP statuses of each role are the authorization matrix's (apps/server); here, the procedures' own refusals.
  it('only staff set or clear a spin set; anyone reads it', async () => {
    const car = await caller().create(validCarInput(brandId, { name: 'Toyota Hilux' }));
    const frames = await upload(SPIN_MIN_FRAMES);
    await expect(anonymous().setSpin({ carId: car.id, frames })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(customer().setSpin({ carId: car.id, frames })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(customer().clearSpin({ carId: car.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await customer().spin({ carId: car.id })).toEqual({ frames: [] });
    await caller().setSpin({ carId: car.id, frames });
    expect((await anonymous().spin({ carId: car.id })).frames).toHaveLength(SPIN_MIN_FRAMES);
  });
});
