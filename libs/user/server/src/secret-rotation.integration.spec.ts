import { createModuleTestApp, insertUser } from '@dealership/app-schema/testing';
import { AuthService, KnownDevices } from '@dealership/server-auth';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory } from '@dealership/server-trpc';
import type { AuthUser } from '@dealership/shared-schemas';
import { users } from '@dealership/user-data';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { PasswordHasher } from './password-hasher';
import { UserModule } from './user.module';
import { UserRouter } from './user.router';

const PASSWORD = 'a-long-staff-password';
const OLD = 'old-secret-old-secret-old-secret-0001';
const NEW = 'new-secret-new-secret-new-secret-0002';
const codeOf = (secret: string, steps = 0) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

// JWT_SECRET is rotated with JWT_SECRET_PREVIOUS: what the old secret signed or sealed (sessions,
// second factors, known devices) goes on working while it is listed, and stops once it is not.
describe('rotating JWT_SECRET (integration, real database, three servers in turn)', () => {
  let handle: DatabaseHandle;
  const apps: NestFastifyApplication[] = [];
  const start = async (env: Record<string, string>) => {
    const app = await createModuleTestApp(handle, [UserModule], { userLookup: 'provided', env });
    apps.push(app);
    return app;
  };
  const caller = (app: NestFastifyApplication, user: AuthUser | null = null) => createCallerFactory(app.get(UserRouter).router)({ user, ip: '10.9.0.1' });

  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await handle?.close();
  });

  it('keeps sessions, second factors and known devices of the previous secret while it is listed, and only then', async () => {
    const before = await start({ JWT_SECRET: OLD });
    const row = await insertUser(handle.db, { email: 'neema-rotation@dealer.test', role: 1, staffRole: 'owner', passwordHash: await before.get(PasswordHasher).hash(PASSWORD) });
    const owner: AuthUser = { id: row.id, name: row.name, email: row.email, role: 1, staffRole: 'owner' };
    const { secret } = await caller(before, owner).twoFactorSetup();
    const { recoveryCodes } = await caller(before, owner).twoFactorEnable({ code: codeOf(secret) });
    const signedIn = await caller(before).loginSecondFactor({
      challenge: ((await caller(before).login({ email: owner.email, password: PASSWORD })) as { challenge: string }).challenge,
      recoveryCode: recoveryCodes[0],
    });

    const sealedBefore = (await handle.db.select({ totpSecret: users.totpSecret }).from(users).where(eq(users.id, owner.id)))[0].totpSecret;
    const rotated = await start({ JWT_SECRET: NEW, JWT_SECRET_PREVIOUS: OLD });
    expect(await rotated.get(AuthService).userFromAuthorization(`Bearer ${signedIn.token}`)).toMatchObject({ id: owner.id });
    expect(rotated.get(KnownDevices).idFor(owner.email, signedIn.knownDevice)).toEqual(expect.any(String));
    // The second factor sealed under the old secret still checks a code; the new challenge is the new key's.
    const challenge = ((await caller(rotated).login({ email: owner.email, password: PASSWORD })) as { challenge: string }).challenge;
    await expect(caller(before).loginSecondFactor({ challenge, recoveryCode: 'aaaaa-aaaaa' })).rejects.toMatchObject({ message: expect.stringContaining('took too long') });
    const again = await caller(rotated).loginSecondFactor({ challenge, code: codeOf(secret, 1) });
    expect(await rotated.get(AuthService).userFromAuthorization(`Bearer ${again.token}`)).toMatchObject({ id: owner.id });

    // That sign-in sealed the second factor again under the new key: dropping the old secret loses nothing.
    const resealed = (await handle.db.select({ totpSecret: users.totpSecret }).from(users).where(eq(users.id, owner.id)))[0].totpSecret;

    const dropped = await start({ JWT_SECRET: NEW });
    expect(await dropped.get(AuthService).userFromAuthorization(`Bearer ${signedIn.token}`)).toBeNull();
    expect(await dropped.get(AuthService).userFromAuthorization(`Bearer ${again.token}`)).toMatchObject({ id: owner.id });
    expect(dropped.get(KnownDevices).idFor(owner.email, signedIn.knownDevice)).toBeUndefined();
    expect(resealed).not.toBe(sealedBefore);
    // A second factor sealed under a secret no longer listed matches no code (an owner resets it), and fails no request.
    await handle.db.update(users).set({ totpSecret: sealedBefore }).where(eq(users.id, owner.id));
    const last = ((await caller(dropped).login({ email: owner.email, password: PASSWORD })) as { challenge: string }).challenge;
    await expect(caller(dropped).loginSecondFactor({ challenge: last, code: codeOf(secret) })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
