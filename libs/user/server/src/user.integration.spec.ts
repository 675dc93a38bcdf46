import { type DatabaseHandle, users } from '@dealership/server-db';
import { createModuleTestApp, createTestDatabase } from '@dealership/server-db/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { UserModule } from './user.module';
import { UserService } from './user.service';

describe('admin account bootstrap (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let service: UserService;

  beforeAll(async () => {
    handle = await createTestDatabase();
    app = await createModuleTestApp(handle, [UserModule], { userLookup: 'provided' });
    service = app.get(UserService);
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const row = async (email: string) => (await handle.db.select().from(users).where(eq(users.email, email)))[0];

  it('creates the configured admin with role 1 and an argon2id hash, then leaves it alone', async () => {
    expect(await service.ensureAdmin({ email: 'Boss@Dealer.test', password: 'first-password', name: 'Boss' })).toBe('created');
    const admin = await row('boss@dealer.test');
    expect(admin.role).toBe(1);
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await service.ensureAdmin({ email: 'boss@dealer.test', password: 'first-password', name: 'Boss' })).toBe('unchanged');
  });

  it('updates the password when ADMIN_PASSWORD changes, and restores role 1', async () => {
    const before = await row('boss@dealer.test');
    await handle.db.update(users).set({ role: 0 }).where(eq(users.id, before.id));
    expect(await service.ensureAdmin({ email: 'BOSS@dealer.test', password: 'second-password', name: 'Boss' })).toBe('updated');
    const after = await row('boss@dealer.test');
    expect(after.role).toBe(1);
    expect(after.passwordHash).not.toBe(before.passwordHash);
  });

  it('creates a development admin only when there is no admin yet', async () => {
    expect(await service.ensureDevAdmin()).toBeUndefined();
    await handle.db.delete(users);
    const generated = await service.ensureDevAdmin();
    expect(generated?.email).toBe('admin@dealership.local');
    expect(generated?.password.length).toBeGreaterThanOrEqual(16);
    expect(await service.ensureDevAdmin()).toBeUndefined();
  });
});
