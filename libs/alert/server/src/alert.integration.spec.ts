import { auditEvents, type DatabaseHandle } from '@dealership/server-db';
import { createModuleTestApp, createTestDatabase, insertUser } from '@dealership/server-db/testing';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { asc, eq } from 'drizzle-orm';
import { AlertModule } from './alert.module';
import { AlertRouter } from './alert.router';

describe('alerts (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  const admin = { id: '', name: 'Boss', email: 'boss@dealer.test', role: 1 as const };
  const callerFor = (user: TrpcContext['user']) => createCallerFactory(app.get(AlertRouter).router)({ user, ip: '127.0.0.1' });

  beforeAll(async () => {
    handle = await createTestDatabase();
    admin.id = (await insertUser(handle.db, { name: 'Boss', email: 'boss@dealer.test', role: 1 })).id;
    app = await createModuleTestApp(handle, [AlertModule]);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('creates, reads, pages, updates and removes a alert', async () => {
    const alert = callerFor(admin);
    const first = await alert.create({ name: '  First ' });
    expect(first).toEqual({ id: expect.any(String), name: 'First', createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), updatedAt: expect.any(String) });
    const second = await alert.create({ name: 'Second' });

    expect(await alert.byId({ id: first.id })).toEqual(first);
    const page = await alert.list({ pageSize: 1 });
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1, pageCount: 2 });
    expect(page.items.map((item) => item.id)).toEqual([second.id]);

    expect(await alert.update({ id: first.id, name: 'Renamed' })).toMatchObject({ id: first.id, name: 'Renamed' });
    expect(await alert.remove({ id: first.id })).toEqual({ id: first.id });
    await expect(alert.byId({ id: first.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Alert not found' });
    await expect(alert.update({ id: first.id, name: 'Gone' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(alert.remove({ id: first.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    // Every write is in the activity log, by whom and what changed.
    const log = await handle.db.select().from(auditEvents).where(eq(auditEvents.entityId, first.id)).orderBy(asc(auditEvents.createdAt));
    expect(log.map((event) => [event.entity, event.action, event.recordLabel, event.actorId])).toEqual([
      ['alert', 'create', 'First', admin.id],
      ['alert', 'update', 'Renamed', admin.id],
      ['alert', 'remove', 'Renamed', admin.id],
    ]);
    expect(log[1].changes).toEqual({ name: { before: 'First', after: 'Renamed' } });
  });

  it('refuses an invalid input', async () => {
    await expect(callerFor(admin).create({ name: ' ' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('lets only admins write or read', async () => {
    const customer = { ...admin, role: 0 as const };
    await expect(callerFor(customer).create({ name: 'Nope' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(null).create({ name: 'Nope' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerFor(customer).list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(null).list({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
