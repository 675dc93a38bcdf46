import { MediaService } from '@dealership/media-server';
import { createModuleTestApp, insertBrand, insertCar, insertUser, truncateAll } from '@dealership/app-schema/testing';
import { auditEvents } from '@dealership/audit-data';
import { cars } from '@dealership/car-data';
import { leads } from '@dealership/lead-data';
import { mediaUploads } from '@dealership/media-data';
import { outboxMessages } from '@dealership/message-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import { UserModule } from '@dealership/user-server';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { getTRPCErrorShape, TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { nairobiToday, oldestImportableYear } from '@dealership/lead-schemas';
import { ContentService } from '@dealership/content-server';
import { DEFAULT_OPENING_HOURS, defaultSiteContent, siteContentFields } from '@dealership/content-schemas';
import { LeadModule } from './lead.module';
import { LeadRouter } from './lead.router';

describe('leads (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let mediaDir: string;
  const admin = { id: '', name: 'Boss', email: 'boss@dealer.test', role: 1 as const };
  let ipSequence = 0;
  /** Each test's visitors come from their own address, so the limits of one test leave the others alone. */
  const visitorIp = () => `10.0.0.${++ipSequence}`;
  const callerFor = (user: TrpcContext['user'], ip = visitorIp()) => createCallerFactory(app.get(LeadRouter).router)({ user, ip });
  const enquiry = { name: 'Amina W.', phone: '0712 345 678', consent: true, message: 'Is it still available?' };
  const financing = { price: 1_500_000, deposit: 300_000, months: 48, incomeBand: 'KES 100,000-250,000' as const };
  /** The next day after today (Nairobi's) that falls on `weekday` (0 Sunday ... 6 Saturday). */
  const nextDay = (weekday: number) => {
    const day = new Date(`${nairobiToday()}T00:00:00Z`);
    do day.setUTCDate(day.getUTCDate() + 1);
    while (day.getUTCDay() !== weekday);
    return day.toISOString().slice(0, 10);
  };
  /** The error as the browser receives it (through the app's error formatter): its field messages and named field. */
  const answerOf = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!(error instanceof TRPCError)) throw new Error('expected the call to be refused');
    const { router } = app.get(LeadRouter);
    return getTRPCErrorShape({ config: router._def._config, error, type: 'mutation', path: 'lead.create', input: undefined, ctx: undefined });
  };

  beforeAll(async () => {
    handle = await createTestDatabase();
    mediaDir = await mkdtemp(join(tmpdir(), 'lead-photos-'));
    app = await createModuleTestApp(handle, [UserModule, LeadModule], { userLookup: 'provided', env: { MEDIA_DIR: mediaDir } });
  });

  /** A photo as a buyer's upload leaves it: re-encoded under leads/, unclaimed. */
  const buyerPhoto = async (name: string) => {
    const data = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const { url, publicId } = await app.get(MediaService).upload({ data, fileName: `${name}.png` }, 'leads');
    return { url, publicId };
  };
  const pendingUploads = async () => (await handle.db.select().from(mediaUploads)).map((row) => row.publicId);

  beforeEach(async () => {
    await truncateAll(handle);
    admin.id = (await insertUser(handle.db, { name: 'Boss', email: 'boss@dealer.test', role: 1 })).id;
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('stores a visitor enquiry about a car with the phone as +254; the staff see it newest first with the car', async () => {
    const brand = await insertBrand(handle.db, { name: 'Toyota' });
    const car = await insertCar(handle.db, { brandId: brand.id, name: 'Toyota Vitz' });
    const visitor = callerFor(null);
    const { id } = await visitor.create({ ...enquiry, email: 'Amina@Mail.co.ke', carId: car.id });
    await visitor.create({ name: 'Otieno', phone: '+254 110 123 456', consent: true, message: 'Do you take trade-ins?' });

    const inbox = await callerFor(admin).list({});
    expect(inbox).toMatchObject({ total: 2, newCount: 2, page: 1 });
    expect(inbox.items.map((lead) => lead.name)).toEqual(['Otieno', 'Amina W.']);
    expect(inbox.items[1]).toEqual({
      id,
      kind: 'enquiry',
      name: 'Amina W.',
      phone: '+254712345678',
      email: 'amina@mail.co.ke',
      emailVerified: false,
      message: 'Is it still available?',
      car: { id: car.id, name: 'Toyota Vitz', slug: 'toyota-vitz' },
      preferredDate: null,
      preferredTime: null,
      details: null,
      status: 'New',
      note: null,
      // No salesperson on the staff: it waits in the pool, unanswered.
      assignee: null,
      firstResponseAt: null,
      followUpOn: null,
      sourcePage: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(inbox.items[0].phone).toBe('+254110123456');
    // The staff's mark: an account with the lead's email (in any case) has confirmed it.
    await insertUser(handle.db, { email: 'AMINA@mail.co.ke', emailVerifiedAt: new Date() });
    expect((await callerFor(admin).list({})).items.map((lead) => lead.emailVerified)).toEqual([false, true]);

    // A deleted car leaves the lead, without its car.
    await handle.db.delete(cars).where(eq(cars.id, car.id));
    expect((await callerFor(admin).list({})).items[1].car).toBeNull();
  });

  it('refuses bad input with a 400 naming the field, and an unknown car', async () => {
    const visitor = callerFor(null);
    await expect(visitor.create({ ...enquiry, phone: '12345' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Enter a Kenyan phone number'),
    });
    await expect(visitor.create({ ...enquiry, message: ' ' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Message is required'),
    });
    await expect(visitor.create({ ...enquiry, carId: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'carId: this car is no longer listed',
    });
    expect(await handle.db.select().from(leads)).toEqual([]);
  });

  it("gives each bad field's message on that field, as the form shows it", async () => {
    const visitor = callerFor(null);
    const fieldErrorsOf = async (input: Parameters<typeof visitor.create>[0]) => (await answerOf(visitor.create(input))).data;
    expect(await fieldErrorsOf({ ...enquiry, name: '  ' })).toMatchObject({ httpStatus: 400, fieldErrors: { name: ['Name is required'] } });
    expect(await fieldErrorsOf({ ...enquiry, phone: '0712 345' })).toMatchObject({
      fieldErrors: { phone: ['Enter a Kenyan phone number, e.g. 0712 345 678'] },
    });
    expect(await fieldErrorsOf({ ...enquiry, phone: '+1 415 555 0100' })).toMatchObject({
      fieldErrors: { phone: ['Enter a Kenyan phone number, e.g. 0712 345 678'] },
    });
    expect(await fieldErrorsOf({ ...enquiry, email: 'amina@' })).toMatchObject({ fieldErrors: { email: ['Enter a valid email address'] } });
    expect(await fieldErrorsOf({ ...enquiry, message: 'x'.repeat(2001) })).toMatchObject({
      fieldErrors: { message: ['Message must be at most 2000 characters'] },
    });
    expect(await fieldErrorsOf({ ...enquiry, preferredDate: '2020-01-01' })).toMatchObject({
      fieldErrors: { preferredDate: ['Preferred date cannot be in the past'] },
    });
    expect(await fieldErrorsOf({ ...enquiry, kind: 'spam' as never })).toMatchObject({
      fieldErrors: { kind: [expect.stringContaining('kind must be one of')] },
    });
    expect(await fieldErrorsOf({ ...enquiry, carId: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50' })).toMatchObject({ httpStatus: 400, field: 'carId' });
    expect(await handle.db.select().from(leads)).toEqual([]);
  });

  it('stores the phone as +254 however the visitor writes it, and the preferred day', async () => {
    const visitor = callerFor(null);
    const writings = ['0712345678', '712345678', '+254712345678', '254712345678', '+254 (0)712 345 678', '0110 123 456'];
    for (const phone of writings) await callerFor(null).create({ ...enquiry, phone });
    await visitor.create({ ...enquiry, name: 'With a day', preferredDate: '2099-01-31' });
    const stored = await handle.db.select({ phone: leads.phone, preferredDate: leads.preferredDate, name: leads.name }).from(leads);
    expect(stored.map((row) => row.phone).sort()).toEqual([...Array(6).fill('+254712345678'), '+254110123456'].sort());
    expect(stored.find((row) => row.name === 'With a day')?.preferredDate).toBe('2099-01-31');
  });

  it('answers a bot that fills the honeypot like a person, and stores nothing', async () => {
    const answer = await callerFor(null).create({ ...enquiry, website: 'http://spam.example' });
    expect(answer).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await handle.db.select().from(leads)).toEqual([]);
  });

  it('limits requests per address: the 6th in ten minutes is refused, another address is not', async () => {
    const ip = visitorIp();
    for (let i = 0; i < 5; i++) await callerFor(null, ip).create({ ...enquiry, message: `Question ${i}` });
    await expect(callerFor(null, ip).create(enquiry)).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Too many requests from your network\. Please try again in 10 minutes/),
    });
    // The wait goes out as Retry-After (the tRPC transport reads it from the cause, as for logins).
    const refusal = await callerFor(null, ip)
      .create(enquiry)
      .catch((error: unknown) => error);
    expect((refusal as { cause?: { retryAfterSeconds?: number } }).cause?.retryAfterSeconds).toBeGreaterThan(590);
    await expect(callerFor(null).create(enquiry)).resolves.toEqual({ id: expect.any(String) });
    expect(await handle.db.select().from(leads)).toHaveLength(6);
    // The trip is a security event in the activity log: one row for the two refusals of the minute.
    const trips = await handle.db.select().from(auditEvents).where(eq(auditEvents.action, 'throttled'));
    expect(trips).toEqual([
      expect.objectContaining({ entity: 'lead', entityId: null, actorName: 'A visitor', outcome: 'failure', ip, changes: { limit: { after: 'lead' }, reason: { after: expect.stringMatching(/^Too many requests/) } } }),
    ]);
  });

  it('filters the inbox by kind and status; the staff move a lead along with a note, in the activity log', async () => {
    const visitor = callerFor(null);
    const first = await visitor.create(enquiry);
    await visitor.create({ ...enquiry, kind: 'financing', message: 'Can I pay over 48 months?', details: financing });
    const staff = callerFor(admin);

    const contacted = await staff.setStatus({ id: first.id, status: 'Contacted', note: 'Called, visiting on Saturday' });
    expect(contacted).toMatchObject({ id: first.id, status: 'Contacted', note: 'Called, visiting on Saturday' });
    expect((await staff.setStatus({ id: first.id, status: 'Won' })).note).toBe('Called, visiting on Saturday');

    expect((await staff.list({ status: 'Won' })).items.map((lead) => lead.id)).toEqual([first.id]);
    expect((await staff.list({ kind: 'financing' })).items.map((lead) => lead.message)).toEqual(['Can I pay over 48 months?']);
    expect(await staff.list({ kind: 'financing', status: 'Won' })).toMatchObject({ total: 0, newCount: 1 });

    const log = await handle.db.select().from(auditEvents).where(eq(auditEvents.entityId, first.id));
    expect(log.map((event) => [event.entity, event.action, event.recordLabel])).toEqual([
      ['lead', 'setStatus', 'Amina W. (+254712345678)'],
      ['lead', 'setStatus', 'Amina W. (+254712345678)'],
    ]);
    await expect(staff.setStatus({ id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50', status: 'Lost' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Lead not found',
    });
  });

  it('books a test drive of a car in a slot within opening hours; the staff see its day and time', async () => {
    const brand = await insertBrand(handle.db, { name: 'Mazda' });
    const car = await insertCar(handle.db, { brandId: brand.id, name: 'Mazda CX-5' });
    const tuesday = nextDay(2);
    await callerFor(null).create({
      kind: 'test-drive',
      name: 'Baraka',
      phone: '0722 000 111',
      consent: true,
      carId: car.id,
      preferredDate: tuesday,
      preferredTime: '10:30',
    });
    const [lead] = (await callerFor(admin).list({ kind: 'test-drive' })).items;
    expect(lead).toMatchObject({
      kind: 'test-drive',
      name: 'Baraka',
      message: '',
      car: { id: car.id, name: 'Mazda CX-5' },
      preferredDate: tuesday,
      preferredTime: '10:30',
      details: null,
    });
  });

  it('books test drives in the opening hours the staff keep, and tells the buyer their phone', async () => {
    const brand = await insertBrand(handle.db, { name: 'Subaru' });
    const car = await insertCar(handle.db, { brandId: brand.id, name: 'Subaru Forester' });
    const content = app.get(ContentService);
    const defaults = siteContentFields(defaultSiteContent((await content.current()).phone));
    const hours = { ...DEFAULT_OPENING_HOURS, wednesday: { closed: true, open: '08:00', close: '17:00' }, saturday: { closed: false, open: '08:00', close: '15:30' } };
    await content.update({ ...defaults, hours, phone: '+254 733 444 555' }, admin);
    try {
      const visitor = callerFor(null);
      const drive = { kind: 'test-drive' as const, name: 'Baraka', phone: '0722 000 111', consent: true, carId: car.id, preferredDate: nextDay(6), preferredTime: '14:30' };
      // After 13:00 on a Saturday: refused in the default hours, taken in the edited ones.
      const { id } = await visitor.create(drive);
      const [sms] = await handle.db.select().from(outboxMessages).where(eq(outboxMessages.topic, 'lead.buyer'));
      expect(sms.reference).toBe(id);
      expect(JSON.stringify(sms)).toContain('Questions? Call +254 733 444 555.');
      expect((await answerOf(visitor.create({ ...drive, preferredDate: nextDay(3), preferredTime: '10:00' }))).data).toMatchObject({
        httpStatus: 400,
        fieldErrors: { preferredDate: [expect.stringContaining('Preferred date is a Wednesday, when we are closed. We open Mon-Tue 08:00-17:00')] },
      });
    } finally {
      await content.update(defaults, admin);
    }
  });

  it('refuses a test drive without its car, on a Sunday or outside opening hours, naming the field', async () => {
    const brand = await insertBrand(handle.db, { name: 'Mazda' });
    const car = await insertCar(handle.db, { brandId: brand.id, name: 'Mazda CX-5' });
    const visitor = callerFor(null);
    const drive = { kind: 'test-drive' as const, name: 'Baraka', phone: '0722 000 111', consent: true, carId: car.id, preferredDate: nextDay(3), preferredTime: '09:00' };
    const fieldErrorsOf = async (input: Parameters<typeof visitor.create>[0]) => (await answerOf(visitor.create(input))).data;
    expect(await fieldErrorsOf({ ...drive, preferredTime: '17:30' })).toMatchObject({
      httpStatus: 400,
      fieldErrors: { preferredTime: ['Preferred time is outside our hours. We open Mon-Fri 08:00-17:00 and Sat 08:00-13:00: choose a time in those hours'] },
    });
    expect(await fieldErrorsOf({ ...drive, preferredDate: nextDay(6), preferredTime: '13:00' })).toMatchObject({
      fieldErrors: { preferredTime: [expect.stringContaining('outside our hours')] },
    });
    expect(await fieldErrorsOf({ ...drive, preferredDate: nextDay(0) })).toMatchObject({
      fieldErrors: { preferredDate: [expect.stringContaining('Preferred date is a Sunday')] },
    });
    expect(await fieldErrorsOf({ ...drive, carId: undefined as never })).toMatchObject({ fieldErrors: { carId: ['carId: choose the car to test drive'] } });
    expect(await fieldErrorsOf({ ...drive, preferredTime: undefined as never })).toMatchObject({
      fieldErrors: { preferredTime: ['Preferred time is required'] },
    });
    expect(await handle.db.select().from(leads)).toEqual([]);
  });

  it('stores a trade-in, an import request and a financing application with their own fields', async () => {
    const brand = await insertBrand(handle.db, { name: 'Toyota' });
    const car = await insertCar(handle.db, { brandId: brand.id, name: 'Toyota Prado' });
    const oldest = oldestImportableYear();
    // A buyer's upload (POST /api/media/lead-photo stores it so), not yet taken by a request.
    const photo = await buyerPhoto('fielder-side');
    expect(await pendingUploads()).toContain(photo.publicId);
    await callerFor(null).create({
      kind: 'trade-in',
      ...enquiry,
      message: '',
      details: { make: 'Toyota', model: 'Fielder', year: 2015, mileage: 98_000, condition: 'Good', askingPrice: 850_000, photos: [photo] },
    });
    await callerFor(null).create({
      kind: 'import',
      ...enquiry,
      message: 'Pearl white if possible',
      details: { make: 'Mazda', model: 'CX-5', yearFrom: oldest, yearTo: oldest + 2, budget: 3_200_000, colour: 'White' },
    });
    await callerFor(null).create({ kind: 'financing', ...enquiry, carId: car.id, details: financing });

    const staff = callerFor(admin);
    // Taken by the request: the sweep of unclaimed photos leaves it, and no other request can take it.
    expect(await pendingUploads()).not.toContain(photo.publicId);
    await expect(
      callerFor(null).create({
        kind: 'trade-in',
        ...enquiry,
        details: { make: 'Toyota', model: 'Fielder', year: 2015, mileage: 98_000, condition: 'Good', photos: [photo] },
      }),
    ).rejects.toMatchObject({ message: 'details.photos: each photo must be one you uploaded with this form' });
    expect((await staff.list({ kind: 'trade-in' })).items[0]).toMatchObject({
      kind: 'trade-in',
      message: '',
      details: { make: 'Toyota', model: 'Fielder', year: 2015, mileage: 98_000, condition: 'Good', askingPrice: 850_000, photos: [photo] },
      preferredTime: null,
    });
    expect((await staff.list({ kind: 'import' })).items[0]).toMatchObject({
      message: 'Pearl white if possible',
      details: { make: 'Mazda', model: 'CX-5', yearFrom: oldest, yearTo: oldest + 2, budget: 3_200_000, colour: 'White' },
    });
    expect((await staff.list({ kind: 'financing' })).items[0]).toMatchObject({ car: { id: car.id, name: 'Toyota Prado' }, details: financing });
  });

  it("refuses each kind's bad fields with a 400 that names them, and a trade-in photo from elsewhere", async () => {
    const visitor = callerFor(null);
    const fieldErrorsOf = async (input: Parameters<typeof visitor.create>[0]) => (await answerOf(visitor.create(input))).data;
    const oldest = oldestImportableYear();
    const tradeIn = { make: 'Toyota', model: 'Fielder', year: 2015, mileage: 98_000, condition: 'Good' as const };
    expect(await fieldErrorsOf({ kind: 'trade-in', ...enquiry, details: { ...tradeIn, mileage: '' } })).toMatchObject({
      httpStatus: 400,
      fieldErrors: { details: ['Mileage is required'] },
    });
    expect(await fieldErrorsOf({ kind: 'trade-in', ...enquiry, details: { ...tradeIn, condition: 'Mint' as never } })).toMatchObject({
      fieldErrors: { details: ['Condition must be one of: Excellent, Good, Fair, Needs work'] },
    });
    const foreign = { ...tradeIn, photos: [await buyerPhoto('mine'), { url: 'https://evil.example/pixel.jpg', publicId: 'documents/pixel' }] };
    expect(await fieldErrorsOf({ kind: 'trade-in', ...enquiry, details: foreign })).toMatchObject({ httpStatus: 400, field: 'details.photos.1' });
    await expect(visitor.create({ kind: 'trade-in', ...enquiry, details: foreign })).rejects.toMatchObject({
      message: 'details.photos: each photo must be one you uploaded with this form',
    });
    // A catalogue picture or the staff's upload is not a buyer's photo either.
    const staffUpload = await app.get(MediaService).upload({
      data: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888888' } })
        .png()
        .toBuffer(),
    });
    expect(
      await fieldErrorsOf({ kind: 'trade-in', ...enquiry, details: { ...tradeIn, photos: [{ url: staffUpload.url, publicId: staffUpload.publicId }] } }),
    ).toMatchObject({
      field: 'details.photos.0',
    });
    expect(
      await fieldErrorsOf({
        kind: 'import',
        ...enquiry,
        details: { make: 'Mazda', model: 'CX-5', yearFrom: oldest - 1, yearTo: oldest + 1, budget: 3_200_000 },
      }),
    ).toMatchObject({
      fieldErrors: {
        details: [`Kenya admits used cars first registered less than eight years before they arrive: the oldest year you can import now is ${oldest}`],
      },
    });
    expect(await fieldErrorsOf({ kind: 'financing', ...enquiry, details: { ...financing, months: 96 } })).toMatchObject({
      fieldErrors: { details: ['Months must be from 12 to 72'] },
    });
    expect(await fieldErrorsOf({ kind: 'financing', ...enquiry, details: { ...financing, deposit: 2_000_000 } })).toMatchObject({
      fieldErrors: { details: ['Deposit must be less than the price'] },
    });
    expect(await handle.db.select().from(leads)).toEqual([]);
  });

  it('answers a bot filling the honeypot of any kind like a person, and stores nothing', async () => {
    await callerFor(null).create({ kind: 'financing', ...enquiry, details: financing, website: 'http://spam.example' });
    expect(await handle.db.select().from(leads)).toEqual([]);
  });

  it('lets only admins read the inbox or move leads', async () => {
    const customer = { ...admin, role: 0 as const };
    await expect(callerFor(customer).list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(null).list({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerFor(null).setStatus({ id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50', status: 'Won' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
