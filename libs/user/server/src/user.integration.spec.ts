import { AuthService } from '@dealership/server-auth';
import { createModuleTestApp } from '@dealership/app-schema/testing';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { sessions, users } from '@dealership/user-data';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { UserModule } from './user.module';
import { UserService } from './user.service';
import { sessionOf } from './session-of.fixture';

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
    expect(admin.emailVerifiedAt).not.toBeNull();
    expect(await service.ensureAdmin({ email: 'boss@dealer.test', password: 'first-password', name: 'Boss' })).toBe('unchanged');
  });

  it("leaves an existing admin as its owners made it (its own password, a demotion), and applies ADMIN_PASSWORD only with ADMIN_PASSWORD_RESET, ending its sessions", async () => {
    const before = await row('boss@dealer.test');
    const { token } = sessionOf(await service.login({ email: 'boss@dealer.test', password: 'first-password' }, '10.0.0.9'));
    const auth = app.get(AuthService);
    expect(await auth.denialFor(token, 'admin')).toBeNull();
    // Another start with another ADMIN_PASSWORD (the owner changed theirs on the profile page meanwhile): nothing changes.
    expect(await service.ensureAdmin({ email: 'BOSS@dealer.test', password: 'second-password', name: 'Boss' })).toBe('unchanged');
    expect((await row('boss@dealer.test')).passwordHash).toBe(before.passwordHash);
    expect(await auth.denialFor(token, 'admin')).toBeNull();
    // Another owner made it a salesperson: the next start does not undo that.
    await handle.db.update(users).set({ staffRole: 'sales' }).where(eq(users.id, before.id));
    expect(await service.ensureAdmin({ email: 'boss@dealer.test', password: 'first-password', name: 'Boss' })).toBe('unchanged');
    expect((await row('boss@dealer.test')).staffRole).toBe('sales');

    expect(await service.ensureAdmin({ email: 'BOSS@dealer.test', password: 'second-password', name: 'Boss', reset: true })).toBe('updated');
    const after = await row('boss@dealer.test');
    expect(after).toMatchObject({ role: 1, staffRole: 'owner' });
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect(await auth.denialFor(token, 'admin')).toBe('UNAUTHORIZED');
  });

  it('makes an existing customer account the admin only after ending its sessions and setting ADMIN_PASSWORD', async () => {
    const customer = { name: 'Juma', email: 'juma@dealer.test', password: 'juma-own-password', phone: '0712000111', address: 'Likoni' };
    await service.register(customer, '10.0.0.1');
    const { token } = sessionOf(await service.login({ email: customer.email, password: customer.password }, '10.0.0.1'));
    const auth = app.get(AuthService);
    expect(await auth.denialFor(token, 'user')).toBeNull();

    // An admin exists already: a customer's account is not taken over by a start, only by a reset.
    expect(await service.ensureAdmin({ email: 'Juma@Dealer.test', password: 'operator-password', name: 'Boss' })).toBe('unchanged');
    expect(await auth.denialFor(token, 'user')).toBeNull();
    expect(await service.ensureAdmin({ email: 'Juma@Dealer.test', password: 'operator-password', name: 'Boss', reset: true })).toBe('taken-over');
    const taken = await row('juma@dealer.test');
    expect(taken.role).toBe(1);
    expect(taken.emailVerifiedAt).not.toBeNull();
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, taken.id))).toHaveLength(0);
    // The customer's token never acts as the admin; their password no longer signs in.
    expect(await auth.denialFor(token, 'user')).toBe('UNAUTHORIZED');
    expect(await auth.denialFor(token, 'admin')).toBe('UNAUTHORIZED');
    await expect(service.login({ email: customer.email, password: customer.password }, '10.0.0.2')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(sessionOf(await service.login({ email: customer.email, password: 'operator-password' }, '10.0.0.2')).user.role).toBe(1);
    // Once it is the admin, later starts leave its sessions alone.
    expect(await service.ensureAdmin({ email: 'juma@dealer.test', password: 'operator-password', name: 'Boss' })).toBe('unchanged');
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, taken.id))).toHaveLength(1);
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
