import { createModuleTestApp, insertUser } from '@dealership/app-schema/testing';
import { auditEvents } from '@dealership/audit-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { asc, eq } from 'drizzle-orm';
import { TestimonialModule } from './testimonial.module';
import { TestimonialRouter } from './testimonial.router';

describe('testimonials (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  const admin = { id: '', name: 'Boss', email: 'boss@dealer.test', role: 1 as const };
  const callerFor = (user: TrpcContext['user']) => createCallerFactory(app.get(TestimonialRouter).router)({ user, ip: '127.0.0.1' });
  const quote = 'They had the car at my door within the week they promised.';

  beforeAll(async () => {
    handle = await createTestDatabase();
    admin.id = (await insertUser(handle.db, { name: 'Boss', email: 'boss@dealer.test', role: 1 })).id;
    app = await createModuleTestApp(handle, [TestimonialModule]);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('starts with the about page testimonial, published (the migration adds it)', async () => {
    const page = await callerFor(null).list({});
    expect(page.items).toEqual([
      expect.objectContaining({
        name: 'Amina W.',
        location: 'Nyali, Mombasa',
        carName: 'Toyota Harrier',
        rating: 5,
        published: true,
        quote: expect.stringMatching(/^I bought a foreign-used Toyota Harrier/),
      }),
    ]);
  });

  it('creates, pages, updates and removes; visitors see the published ones only', async () => {
    const staff = callerFor(admin);
    const first = await staff.create({ name: '  Otieno K. ', quote, location: 'Kisauni', rating: 4 });
    expect(first).toEqual({
      id: expect.any(String),
      name: 'Otieno K.',
      location: 'Kisauni',
      carName: null,
      quote,
      rating: 4,
      published: true,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: expect.any(String),
    });
    const hidden = await staff.create({ name: 'Hidden H.', quote, published: false });

    const everything = await staff.manage({ pageSize: 2 });
    expect(everything).toMatchObject({ total: 3, page: 1, pageSize: 2, pageCount: 2 });
    expect(everything.items.map((item) => item.id)).toEqual([hidden.id, first.id]);
    const visible = await callerFor(null).list({});
    expect(visible.total).toBe(2);
    expect(visible.items.map((item) => item.name)).toEqual(['Otieno K.', 'Amina W.']);

    // Only the fields given change; a blank detail is cleared.
    const updated = await staff.update({ id: first.id, carName: 'Mazda CX-5', location: '' });
    expect(updated).toMatchObject({ id: first.id, name: 'Otieno K.', quote, rating: 4, carName: 'Mazda CX-5', location: null });
    expect(await staff.update({ id: hidden.id, published: true })).toMatchObject({ published: true, name: 'Hidden H.' });
    expect((await callerFor(null).list({})).total).toBe(3);

    expect(await staff.remove({ id: first.id })).toEqual({ id: first.id });
    await expect(staff.update({ id: first.id, name: 'Gone' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Testimonial not found' });
    await expect(staff.remove({ id: first.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    // Every write is in the activity log, by whom and what changed.
    const log = await handle.db.select().from(auditEvents).where(eq(auditEvents.entityId, first.id)).orderBy(asc(auditEvents.createdAt));
    expect(log.map((event) => [event.entity, event.action, event.recordLabel, event.actorId])).toEqual([
      ['testimonial', 'create', 'Otieno K.', admin.id],
      ['testimonial', 'update', 'Otieno K.', admin.id],
      ['testimonial', 'remove', 'Otieno K.', admin.id],
    ]);
    expect(log[1].changes).toEqual({ carName: { before: null, after: 'Mazda CX-5' }, location: { before: 'Kisauni', after: null } });
  });

  it('refuses an invalid input, naming the field', async () => {
    await expect(callerFor(admin).create({ name: ' ', quote })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Name is required'),
    });
    await expect(callerFor(admin).create({ name: 'Amina', quote, rating: 9 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Rating'),
    });
  });

  it('lets only admins write or see unpublished ones', async () => {
    const customer = { ...admin, role: 0 as const };
    await expect(callerFor(customer).create({ name: 'Nope', quote })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(null).create({ name: 'Nope', quote })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerFor(customer).manage({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(null).manage({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
