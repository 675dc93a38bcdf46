import { createModuleTestApp, insertUser } from '@dealership/app-schema/testing';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuditModule } from './audit.module';
import { AuditRouter } from './audit.router';
import { AuditService, changedFields } from './audit.service';

describe('changedFields', () => {
  it('keeps the fields that differ, with their values before and after, never timestamps', () => {
    expect(changedFields({ price: 1, name: 'A', tags: [1], updatedAt: 'x' }, { price: 2, name: 'A', tags: [1, 2], updatedAt: 'y' })).toEqual({
      price: { before: 1, after: 2 },
      tags: { before: [1], after: [1, 2] },
    });
    expect(changedFields(undefined, { name: 'A', seats: null })).toEqual({ name: { after: 'A' }, seats: { after: null } });
    expect(changedFields({ name: 'A' }, undefined)).toEqual({ name: { before: 'A' } });
  });
});

describe('audit log (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  const admin = { id: '', name: 'Boss', email: 'boss@dealer.test', role: 1 as const, staffRole: 'owner' as const };
  const callerFor = (user: TrpcContext['user']) => createCallerFactory(app.get(AuditRouter).router)({ user, ip: '127.0.0.1' });

  beforeAll(async () => {
    handle = await createTestDatabase();
    admin.id = (await insertUser(handle.db, { name: 'Boss', email: 'boss@dealer.test', role: 1 })).id;
    app = await createModuleTestApp(handle, [AuditModule]);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('audit.list pages the records newest first, filtered by entity or record, for admins only', async () => {
    const audit = app.get(AuditService);
    const carId = '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50';
    const orderId = '1b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f51';
    await audit.record({ actor: admin, entity: 'car', entityId: carId, action: 'create', after: { name: 'Vitz', price: 1 } });
    await audit.record({
      actor: admin,
      entity: 'car',
      entityId: carId,
      label: 'Vitz',
      action: 'update',
      before: { name: 'Vitz', price: 1 },
      after: { name: 'Vitz', price: 2 },
    });
    await audit.record({
      actor: admin,
      entity: 'order',
      entityId: orderId,
      label: 'Order of Juma',
      action: 'setStatus',
      before: { status: 'Not Process' },
      after: { status: 'Shipped' },
    });

    const page = await callerFor(admin).list({ pageSize: 2 });
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2, pageCount: 2 });
    expect(page.items.map((e) => e.action)).toEqual(['setStatus', 'update']);
    expect(page.items[0]).toEqual({
      id: expect.any(String),
      actor: { id: admin.id, name: 'Boss', email: 'boss@dealer.test' },
      entity: 'order',
      entityId: orderId,
      label: 'Order of Juma',
      // An admin write, not a security event: no outcome, no client.
      outcome: null,
      ip: null,
      userAgent: null,
      action: 'setStatus',
      changes: { status: { before: 'Not Process', after: 'Shipped' } },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // The name that did not change is the event's label, not a change.
    expect(page.items[1]).toMatchObject({ label: 'Vitz', changes: { price: { before: 1, after: 2 } } });
    expect((await callerFor(admin).list({ page: 2, pageSize: 2 })).items.map((e) => e.action)).toEqual(['create']);
    expect((await callerFor(admin).list({ entity: 'car' })).total).toBe(2);
    expect((await callerFor(admin).list({ entityId: orderId })).items.map((e) => e.action)).toEqual(['setStatus']);

    await expect(callerFor({ ...admin, role: 0, staffRole: null }).list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(null).list({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
