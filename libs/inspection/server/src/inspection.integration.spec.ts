import { createModuleTestApp, insertCar, insertUser, tokenFor } from '@dealership/app-schema/testing';
import { carInspectionSummaries, inspectionCertificates } from '@dealership/inspection-data';
import { mediaUploads } from '@dealership/media-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { cars } from '@dealership/car-data';
import { MediaService } from '@dealership/media-server';
import { eq } from 'drizzle-orm';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { InspectionModule } from './inspection.module';
import { InspectionCertificateService } from './inspection-certificate.service';
import { InspectionService } from './inspection.service';
import { InspectionRouter } from './inspection.router';

describe('inspections (integration, real database)', () => {
  let handle: DatabaseHandle;
  let mediaDir: string;
  let app: NestFastifyApplication;
  const owner = { id: '', name: 'Boss', email: 'boss@dealer.test', role: 1 as const, staffRole: 'owner' as const };
  const sales = { id: '', name: 'Juma', email: 'juma@dealer.test', role: 1 as const, staffRole: 'sales' as const };
  const customer = { id: '', name: 'Amina', email: 'amina@example.com', role: 0 as const, staffRole: null };
  const callerFor = (user: TrpcContext['user']) => createCallerFactory(app.get(InspectionRouter).router)({ user, ip: '127.0.0.1' });
  const picture = (name: string) => ({ url: `/media/documents/${name}.webp`, publicId: `documents/${name}` });
  /** A minimal PDF, as a scanner writes one. */
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  /** `POST /api/inspection-certificates` as a multipart form with `file`. */
  const uploadCertificate = async (data: Buffer, fileName: string, token: string) => {
    const boundary = '----certificate-form';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return app.inject({ method: 'POST', url: '/api/inspection-certificates', payload, headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  };
  const download = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  beforeAll(async () => {
    handle = await createTestDatabase();
    owner.id = (await insertUser(handle.db, { name: 'Boss', email: 'boss@dealer.test', role: 1, staffRole: 'owner' })).id;
    sales.id = (await insertUser(handle.db, { name: 'Juma', email: 'juma@dealer.test', role: 1, staffRole: 'sales' })).id;
    customer.id = (await insertUser(handle.db, { name: 'Amina', email: 'amina@example.com' })).id;
    mediaDir = await mkdtemp(join(tmpdir(), 'inspection-'));
    app = await createModuleTestApp(handle, [InspectionModule], { env: { MEDIA_DIR: mediaDir } });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('keeps the checklist version an inspection was made over; a new version applies to later ones', async () => {
    const [seeded] = await callerFor(sales).checklists();
    expect(seeded).toMatchObject({ effectiveFrom: '2024-01-01', pointCount: 150 });
    expect(seeded.areas.map((area) => area.name)).toEqual(
      expect.arrayContaining(['Engine', 'Gearbox', 'Suspension and steering', 'Brakes', 'Electrics', 'Interior', 'Road test']),
    );
    const early = await insertCar(handle.db, { brandId: null, name: 'Toyota Axio' });
    await callerFor(sales).record({ carId: early.id, checklistId: seeded.id, inspectedOn: '2026-11-20', inspector: 'Juma', odometerKm: 60_000 });

    // Only owners edit the checklist.
    const areas = [
      { name: 'Engine', points: ['Starts from cold', 'No leaks'] },
      { name: 'Brakes', points: ['Pads'] },
    ];
    await expect(callerFor(sales).createChecklist({ effectiveFrom: '2026-12-01', areas })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const next = await callerFor(owner).createChecklist({ effectiveFrom: '2026-12-01', areas, note: 'Shorter' });
    expect(next).toMatchObject({ pointCount: 3 });
    await expect(callerFor(owner).createChecklist({ effectiveFrom: '2026-12-01', areas })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await callerFor(sales).checklistInForce({ on: '2026-11-30' })).id).toBe(seeded.id);
    expect((await callerFor(sales).checklistInForce({ on: '2026-12-02' })).id).toBe(next.id);

    // The earlier inspection still reads as 150 points; a later one is made over the new version, and only it.
    expect(await callerFor(null).report({ carId: early.id })).toMatchObject({ pointCount: 150, passed: 150 });
    const later = await insertCar(handle.db, { brandId: null, name: 'Mazda Demio' });
    await expect(
      callerFor(sales).record({ carId: later.id, checklistId: seeded.id, inspectedOn: '2026-12-03', inspector: 'Juma', odometerKm: 40_000 }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^checklistId: the checklist in force on 2026-12-03 is the version of 2026-12-01/),
    });
    await callerFor(sales).record({
      carId: later.id,
      checklistId: next.id,
      inspectedOn: '2026-12-03',
      inspector: 'Juma',
      odometerKm: 40_000,
      results: [{ point: 2, status: 'fail', note: 'Worn' }],
    });
    expect(await callerFor(null).report({ carId: later.id })).toMatchObject({
      pointCount: 3,
      passed: 2,
      failed: 1,
      areas: [
        { name: 'Engine', items: [] },
        { name: 'Brakes', items: [{ point: 'Pads', status: 'fail', note: 'Worn' }] },
      ],
    });
    await expect(
      callerFor(sales).record({
        carId: later.id,
        checklistId: next.id,
        inspectedOn: '2026-12-03',
        inspector: 'Juma',
        odometerKm: 40_000,
        results: [{ point: 3, status: 'fail' }],
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^results\.0\.point: /) });
  });

  it('refuses an odometer below the export certificate (a wound-back odometer), naming the field', async () => {
    const car = await insertCar(handle.db, { brandId: null, name: 'Nissan Note' });
    const checklist = await callerFor(sales).checklistInForce({ on: '2026-11-01' });
    const wound = callerFor(sales).record({
      carId: car.id,
      checklistId: checklist.id,
      inspectedOn: '2026-11-01',
      inspector: 'Juma',
      odometerKm: 41_000,
      exportCertificateKm: 83_000,
    });
    await expect(wound).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^odometerKm: the odometer \(41000 km\) reads less than the export certificate's mileage \(83000 km\)/),
    });
    await expect(wound).rejects.toMatchObject({ cause: { field: 'odometerKm' } });
    expect(await callerFor(sales).byCar({ carId: car.id })).toBeNull();
    await callerFor(sales).record({
      carId: car.id,
      checklistId: checklist.id,
      inspectedOn: '2026-11-01',
      inspector: 'Juma',
      odometerKm: 83_100,
      exportCertificateKm: 83_000,
    });
    expect(await callerFor(sales).byCar({ carId: car.id })).toMatchObject({ odometerKm: 83_100, exportCertificateKm: 83_000 });
  });

  it('shows buyers the summary, the attention items and the certificate only when public; a replacement takes the place of the old one', async () => {
    const car = await insertCar(handle.db, { brandId: null, name: 'Mazda CX-5' });
    expect(await callerFor(null).report({ carId: car.id })).toBeNull();
    const checklist = await callerFor(sales).checklistInForce({ on: '2026-11-15' });
    const salesToken = await tokenFor(app, sales.id);
    const uploaded = await uploadCertificate(pdf, 'PSI QISJ 2026.pdf', salesToken);
    expect(uploaded.statusCode).toBe(201);
    const certificate = uploaded.json<{ id: string; url: string }>();
    expect(certificate).toMatchObject({ contentType: 'application/pdf', fileName: 'PSI QISJ 2026.pdf', byteSize: pdf.length, url: `/api/inspection-certificates/${certificate.id}` });
    const pads = picture('pads-3c4d');
    await handle.db.insert(mediaUploads).values([pads]);
    const record = (certificatePublic: boolean) =>
      callerFor(sales).record({
        carId: car.id,
        checklistId: checklist.id,
        inspectedOn: '2026-11-15',
        inspector: 'Juma Otieno',
        odometerKm: 83_400,
        results: [
          { point: 0, status: 'pass', note: 'Papers seen by Juma' },
          { point: 55, status: 'attention', note: 'Front pads at 30%', photo: pads },
          { point: 56, status: 'attention' },
          { point: 140, status: 'attention', note: 'Slight pull to the left' },
        ],
        auctionGrade: '4.5',
        auctionInteriorGrade: 'B',
        exportCertificateKm: 83_000,
        certificateId: certificate.id,
        certificatePublic,
      });
    await record(false);
    // Private: staff download it, anyone else is told there is no such certificate.
    expect((await download(certificate.url)).statusCode).toBe(404);
    const forStaff = await download(certificate.url, salesToken);
    expect([forStaff.statusCode, forStaff.headers['content-type'], forStaff.headers['cache-control'], forStaff.rawPayload.equals(pdf)]).toEqual([200, 'application/pdf', 'private, no-store', true]);
    // The pictures are attached: the sweep of unattached uploads leaves them alone.
    expect(await handle.db.select().from(mediaUploads)).toEqual([]);

    const report = await callerFor(null).report({ carId: car.id });
    expect(report).toMatchObject({
      inspectedOn: '2026-11-15',
      pointCount: 150,
      passed: 147,
      attention: 3,
      failed: 0,
      auctionGrade: '4.5',
      auctionInteriorGrade: 'B',
      exportCertificateKm: 83_000,
      certificate: null,
    });
    expect(report?.areas.find((area) => area.name === 'Brakes')?.items).toEqual([
      { point: 'Front pad thickness', status: 'attention', note: 'Front pads at 30%', photo: pads },
      { point: 'Rear pad or shoe thickness', status: 'attention', note: null, photo: null },
    ]);
    // Never the inspector, nor a pass's note.
    expect(JSON.stringify(report)).not.toMatch(/Juma|Papers seen/);
    expect(await handle.db.select().from(carInspectionSummaries)).toContainEqual({
      carId: car.id,
      inspectedOn: '2026-11-15',
      passed: 147,
      attention: 3,
      failed: 0,
    });

    await record(true);
    expect((await callerFor(null).report({ carId: car.id }))?.certificate).toEqual(certificate);
    const forBuyers = await download(certificate.url);
    expect(forBuyers.statusCode).toBe(200);
    expect(forBuyers.headers).toMatchObject({ 'content-disposition': 'attachment; filename="PSI QISJ 2026.pdf"', 'content-security-policy': 'sandbox', 'cache-control': 'public, max-age=300' });
    expect(forBuyers.rawPayload.equals(pdf)).toBe(true);

    // A picture is re-encoded without its metadata; neither a PDF nor a picture is refused, naming the field.
    const scan = await uploadCertificate(await sharp({ create: { width: 60, height: 80, channels: 3, background: '#eee' } }).jpeg().withMetadata({ exif: { IFD0: { Copyright: 'Owner 0712 000 000' } } }).toBuffer(), 'scan.jpg', salesToken);
    expect(scan.json()).toMatchObject({ contentType: 'image/webp', fileName: 'scan.webp' });
    const scanFile = await download(scan.json<{ url: string }>().url, salesToken);
    expect(scanFile.headers['content-disposition']).toBe('inline; filename="scan.webp"');
    expect(scanFile.rawPayload.includes('Owner 0712')).toBe(false);
    const text = await uploadCertificate(Buffer.from('<html><script>alert(1)</script></html>'), 'cert.pdf', salesToken);
    expect([text.statusCode, text.json()]).toEqual([415, expect.objectContaining({ message: expect.stringMatching(/PDF or a JPEG/) })]);
    expect((await uploadCertificate(pdf, 'x.pdf', await tokenFor(app, customer.id))).statusCode).toBe(403);
    // The replacement that drops it: the certificate goes, and so does the unused picture after a day.
    await callerFor(sales).record({ carId: car.id, checklistId: checklist.id, inspectedOn: '2026-11-15', inspector: 'Juma Otieno', odometerKm: 83_400 });
    expect((await download(certificate.url, salesToken)).statusCode).toBe(404);
    await app.get(InspectionService).removeOrphans();
    expect((await download(scan.json<{ url: string }>().url, salesToken)).statusCode).toBe(200);
    await handle.db.update(inspectionCertificates).set({ uploadedAt: new Date(Date.now() - 25 * 3600_000) });
    await app.get(InspectionService).removeOrphans();
    expect((await download(scan.json<{ url: string }>().url, salesToken)).statusCode).toBe(404);
    expect((await callerFor(sales).cars()).find((row) => row.carId === car.id)).toMatchObject({ inspectedOn: '2026-11-15', attention: 0, failed: 0 });
  });

  it('lets staff record and read inspections, and nobody else', async () => {
    const car = await insertCar(handle.db, { brandId: null });
    const checklist = await callerFor(owner).checklistInForce({ on: '2026-11-01' });
    const input = { carId: car.id, checklistId: checklist.id, inspectedOn: '2026-11-01', inspector: 'Boss', odometerKm: 10 };
    await expect(callerFor(customer).record(input)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(null).record(input)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerFor(customer).byCar({ carId: car.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(customer).createChecklist({ effectiveFrom: '2027-01-01', areas: [{ name: 'Engine', points: ['x'] }] })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await callerFor(owner).record(input)).toMatchObject({ carId: car.id, passed: 150 });
    await expect(callerFor(owner).record({ ...input, carId: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("deletes a deleted car's inspection with its pictures and certificate, but not a file another inspection shows", async () => {
    const media = app.get(MediaService);
    const upload = async (background: string) => {
      const { url, publicId } = await media.upload({ data: await sharp({ create: { width: 48, height: 32, channels: 3, background } }).png().toBuffer(), fileName: 'point.png' });
      return { url, publicId };
    };
    const stored = async () => new Set((await readdir(join(mediaDir, 'documents'))).map((file) => `documents/${file.replace(/\.webp$/, '')}`));
    const [shared, own] = [await upload('#113355'), await upload('#335511')];
    const certificate = await app.get(InspectionCertificateService).store({ data: pdf, fileName: 'psi.pdf' });
    const checklist = await callerFor(sales).checklistInForce({ on: '2026-12-05' });
    const sold = await insertCar(handle.db, { brandId: null, name: 'Nissan Note Orphaned' });
    const kept = await insertCar(handle.db, { brandId: null, name: 'Nissan Tiida Sharing' });
    const base = { checklistId: checklist.id, inspectedOn: '2026-12-05', inspector: 'Juma', odometerKm: 70_000 };
    await callerFor(sales).record({
      ...base,
      carId: sold.id,
      results: [
        { point: 0, status: 'attention', note: 'Scratched', photo: shared },
        { point: 1, status: 'attention', note: 'Worn', photo: own },
      ],
      certificateId: certificate.id,
    });
    await callerFor(sales).record({ ...base, carId: kept.id, results: [{ point: 0, status: 'attention', note: 'Same part', photo: shared }] });

    // The car goes (the catalogue deletes it): its inspection loses the car, then goes with its own pictures.
    await handle.db.delete(cars).where(eq(cars.id, sold.id));
    expect(await callerFor(null).report({ carId: sold.id })).toBeNull();
    expect(await app.get(InspectionService).removeOrphans()).toBe(1);
    const files = await stored();
    expect([files.has(own.publicId), files.has(shared.publicId)]).toEqual([false, true]);
    expect(await handle.db.select({ id: inspectionCertificates.id }).from(inspectionCertificates).where(eq(inspectionCertificates.id, certificate.id))).toEqual([]);
    expect(await app.get(InspectionService).removeOrphans()).toBe(0);
    expect((await callerFor(null).report({ carId: kept.id }))?.attention).toBe(1);
  });
});
