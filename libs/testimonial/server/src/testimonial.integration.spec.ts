import type { DatabaseHandle } from '@dealership/server-db';
import { createModuleTestApp, createTestDatabase, insertUser } from '@dealership/server-db/testing';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TestimonialModule } from './testimonial.module';
import { TestimonialRouter } from './testimonial.router';

describe('testimonials (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  const admin = { id: '', name: 'Boss', email: 'boss@dealer.test', role: 1 as const };
  const callerFor = (user: TrpcContext['user']) => createCallerFactory(app.get(TestimonialRouter).router)({ user, ip: '127.0.0.1' });

  beforeAll(async () => {
    handle = await createTestDatabase();
    admin.id = (await insertUser(handle.db, { name: 'Boss', email: 'boss@dealer.test', role: 1 })).id;
    app = await createModuleTestApp(handle, [TestimonialModule]);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('creates, reads, pages, updates and removes a testimonial', async () => {
    const testimonial = callerFor(admin);
    const first = await testimonial.create({ name: '  First ' });
    expect(first).toEqual({ id: expect.any(String), name: 'First', createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), updatedAt: expect.any(String) });
    const second = await testimonial.create({ name: 'Second' });

    expect(await testimonial.byId({ id: first.id })).toEqual(first);
    const page = await testimonial.list({ pageSize: 1 });
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1, pageCount: 2 });
    expect(page.items.map((item) => item.id)).toEqual([second.id]);

    expect(await testimonial.update({ id: first.id, name: 'Renamed' })).toMatchObject({ id: first.id, name: 'Renamed' });
    expect(await testimonial.remove({ id: first.id })).toEqual({ id: first.id });
    await expect(testimonial.byId({ id: first.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Testimonial not found' });
    await expect(testimonial.update({ id: first.id, name: 'Gone' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(testimonial.remove({ id: first.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses an invalid input', async () => {
    await expect(callerFor(admin).create({ name: ' ' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('lets only admins write', async () => {
    const customer = { ...admin, role: 0 as const };
    await expect(callerFor(customer).create({ name: 'Nope' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(null).create({ name: 'Nope' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await callerFor(null).list({})).items).toEqual(expect.any(Array));
  });
});
