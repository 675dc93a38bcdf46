import type { DatabaseHandle } from '@dealership/server-db';
import { createModuleTestApp, createTestDatabase, insertUser } from '@dealership/server-db/testing';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SettingModule } from './setting.module';
import { SettingRouter } from './setting.router';

describe('settings (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  const admin = { id: '', name: 'Boss', email: 'boss@dealer.test', role: 1 as const };
  const callerFor = (user: TrpcContext['user']) => createCallerFactory(app.get(SettingRouter).router)({ user, ip: '127.0.0.1' });

  beforeAll(async () => {
    handle = await createTestDatabase();
    admin.id = (await insertUser(handle.db, { name: 'Boss', email: 'boss@dealer.test', role: 1 })).id;
    app = await createModuleTestApp(handle, [SettingModule]);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('creates, reads, pages, updates and removes a setting', async () => {
    const setting = callerFor(admin);
    const first = await setting.create({ name: '  First ' });
    expect(first).toEqual({ id: expect.any(String), name: 'First', createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), updatedAt: expect.any(String) });
    const second = await setting.create({ name: 'Second' });

    expect(await setting.byId({ id: first.id })).toEqual(first);
    const page = await setting.list({ pageSize: 1 });
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1, pageCount: 2 });
    expect(page.items.map((item) => item.id)).toEqual([second.id]);

    expect(await setting.update({ id: first.id, name: 'Renamed' })).toMatchObject({ id: first.id, name: 'Renamed' });
    expect(await setting.remove({ id: first.id })).toEqual({ id: first.id });
    await expect(setting.byId({ id: first.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Setting not found' });
    await expect(setting.update({ id: first.id, name: 'Gone' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(setting.remove({ id: first.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
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
