import { auditEvents, type DatabaseHandle } from '@dealership/server-db';
import { createModuleTestApp, createTestDatabase, insertUser } from '@dealership/server-db/testing';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { asc, eq } from 'drizzle-orm';
import { ContentModule } from './content.module';
import { ContentRouter } from './content.router';

describe('contents (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  const admin = { id: '', name: 'Boss', email: 'boss@dealer.test', role: 1 as const };
  const callerFor = (user: TrpcContext['user']) => createCallerFactory(app.get(ContentRouter).router)({ user, ip: '127.0.0.1' });

  beforeAll(async () => {
    handle = await createTestDatabase();
    admin.id = (await insertUser(handle.db, { name: 'Boss', email: 'boss@dealer.test', role: 1 })).id;
    app = await createModuleTestApp(handle, [ContentModule]);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('creates, reads, pages, updates and removes a content', async () => {
    const content = callerFor(admin);
    const first = await content.create({ name: '  First ' });
    expect(first).toEqual({ id: expect.any(String), name: 'First', createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), updatedAt: expect.any(String) });
    const second = await content.create({ name: 'Second' });

    expect(await content.byId({ id: first.id })).toEqual(first);
    const page = await content.list({ pageSize: 1 });
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1, pageCount: 2 });
    expect(page.items.map((item) => item.id)).toEqual([second.id]);

    expect(await content.update({ id: first.id, name: 'Renamed' })).toMatchObject({ id: first.id, name: 'Renamed' });
    expect(await content.remove({ id: first.id })).toEqual({ id: first.id });
    await expect(content.byId({ id: first.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Content not found' });
    await expect(content.update({ id: first.id, name: 'Gone' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(content.remove({ id: first.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    // Every write is in the activity log, by whom and what changed.
    const log = await handle.db.select().from(auditEvents).where(eq(auditEvents.entityId, first.id)).orderBy(asc(auditEvents.createdAt));
    expect(log.map((event) => [event.entity, event.action, event.recordLabel, event.actorId])).toEqual([
      ['content', 'create', 'First', admin.id],
      ['content', 'update', 'Renamed', admin.id],
      ['content', 'remove', 'Renamed', admin.id],
    ]);
    expect(log[1].changes).toEqual({ name: { before: 'First', after: 'Renamed' } });
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
