import { createModuleTestApp, insertUser } from '@dealership/app-schema/testing';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { outboxMessages } from '@dealership/message-data';
import { users } from '@dealership/user-data';
import { AuthService } from '@dealership/server-auth';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import type { AuthUser } from '@dealership/shared-schemas';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { EmailLinkService } from './email-link.service';
import { PasswordHasher } from './password-hasher';
import { StaffRouter } from './staff.router';
import { UserModule } from './user.module';
import { UserRouter } from './user.router';

const PASSWORD = 'a-long-staff-password';
/** The authenticator app: the code of the step `steps` from now. */
const codeOf = (secret: string, steps = 0) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

// Two-factor sign-in for staff (issue 28): enrolment, the second step, recovery codes, remembered
// devices, the owner's reset and requirement; the legacy REST login says why it cannot sign in.
describe('two-factor sign-in for staff (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let ips = 0;
  const ctx = (user: AuthUser | null): TrpcContext => ({ user, ip: `10.8.0.${++ips % 250}` });
  const accounts = (user: AuthUser | null = null) => createCallerFactory(app.get(UserRouter).router)(ctx(user));
  const staff = (user: AuthUser) => createCallerFactory(app.get(StaffRouter).router)(ctx(user));
  const account = async (email: string, role: 0 | 1, staffRole: 'owner' | 'sales' | null = role === 1 ? 'sales' : null): Promise<AuthUser> => {
    const passwordHash = await app.get(PasswordHasher).hash(PASSWORD);
    const row = await insertUser(handle.db, { email, role, staffRole, passwordHash });
    return { id: row.id, name: row.name, email: row.email, role, staffRole };
  };
  /** Enrols `user`: the secret, and the recovery codes. */
  const enrol = async (user: AuthUser) => {
    const { secret } = await accounts(user).twoFactorSetup();
    const { recoveryCodes } = await accounts(user).twoFactorEnable({ code: codeOf(secret) });
    return { secret, recoveryCodes };
  };
  const challengeOf = async (email: string, deviceToken?: string) => {
    const result = await accounts().login({ email, password: PASSWORD, deviceToken });
    if (!('secondFactor' in result)) throw new Error('expected the second step');
    return result.challenge;
  };

  beforeAll(async () => {
    handle = await createTestDatabase();
    app = await createModuleTestApp(handle, [UserModule], { userLookup: 'provided' });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('enrols with a QR code and a first code; the secret is stored encrypted; 10 recovery codes are shown once', async () => {
    const salim = await account('salim-2fa@dealer.test', 1);
    const setup = await accounts(salim).twoFactorSetup();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toContain('otpauth://totp/');
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    await expect(accounts(salim).twoFactorEnable({ code: '000000' === codeOf(setup.secret) ? '111111' : '000000' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('That code is not right'),
    });
    const { recoveryCodes } = await accounts(salim).twoFactorEnable({ code: codeOf(setup.secret) });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await accounts(salim).twoFactorStatus()).toEqual({ available: true, enabled: true, required: false, recoveryCodesLeft: 10 });
    const [row] = await handle.db.select().from(users).where(eq(users.id, salim.id));
    expect(row.totpSecret).not.toContain(setup.secret);
    expect(row.totpSecret).toMatch(/^v1\./);
  });

  it('asks for the second step at sign-in: a wrong code is refused, the right one once, a recovery code once; a remembered device skips it', async () => {
    const neema = await account('neema-2fa@dealer.test', 1);
    const { secret, recoveryCodes } = await enrol(neema);

    const challenge = await challengeOf(neema.email);
    // The challenge is no session token.
    expect(await app.get(AuthService).userFromAuthorization(`Bearer ${challenge}`)).toBeNull();
    await expect(accounts().loginSecondFactor({ challenge, code: codeOf(secret, 5) })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    // The next step's code (enrolment used this step's).
    const code = codeOf(secret, 1);
    const session = await accounts().loginSecondFactor({ challenge, code, rememberDevice: true });
    expect(session.user).toMatchObject({ email: neema.email, staffRole: 'sales' });
    expect(await app.get(AuthService).userFromAuthorization(`Bearer ${session.token}`)).toMatchObject({ id: neema.id });
    expect(session.deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The same code never works twice.
    await expect(accounts().loginSecondFactor({ challenge: await challengeOf(neema.email), code })).rejects.toMatchObject({ code: 'BAD_REQUEST' });

    const recovered = await accounts().loginSecondFactor({ challenge: await challengeOf(neema.email), recoveryCode: recoveryCodes[3].toUpperCase() });
    expect(recovered.token).toEqual(expect.any(String));
    await expect(accounts().loginSecondFactor({ challenge: await challengeOf(neema.email), recoveryCode: recoveryCodes[3] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await accounts(neema).twoFactorStatus()).recoveryCodesLeft).toBe(9);

    // The remembered device signs in with the password alone; another device does not.
    const remembered = await accounts().login({ email: neema.email, password: PASSWORD, deviceToken: session.deviceToken });
    expect(remembered).toMatchObject({ token: expect.any(String) });
    expect(await accounts().login({ email: neema.email, password: PASSWORD, deviceToken: 'not-a-remembered-device-token-000000000000' })).toMatchObject({ secondFactor: 'required' });
    await expect(accounts().loginSecondFactor({ challenge: 'forged.challenge.token', code: codeOf(secret) })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('took too long') });
  });

  it('moves the second factor to another phone only with the current password or a current code', async () => {
    const amani = await account('amani-2fa@dealer.test', 1);
    const { secret } = await enrol(amani);
    // A session alone (a stolen one, say) cannot set it up again, nor with a wrong password.
    await expect(accounts(amani).twoFactorSetup()).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Two-factor sign-in is on: enter your current password or a code from your app to set it up again',
    });
    await expect(accounts(amani).twoFactorSetup({ currentPassword: 'not-the-password' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(accounts(amani).twoFactorSetup({ code: '000000' === codeOf(secret, 1) ? '111111' : '000000' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await accounts(amani).twoFactorSetup({ currentPassword: PASSWORD })).secret).toMatch(/^[A-Z2-7]{32}$/);
    expect((await accounts(amani).twoFactorSetup({ code: codeOf(secret, 1) })).secret).toMatch(/^[A-Z2-7]{32}$/);
  });

  it("forgets the remembered devices on a password reset and on 'log out everywhere' (each asks for the second step again)", async () => {
    const baraka = await account('baraka-2fa@dealer.test', 1);
    const { recoveryCodes } = await enrol(baraka);
    const remember = async (recoveryCode: string) =>
      (await accounts().loginSecondFactor({ challenge: await challengeOf(baraka.email), recoveryCode, rememberDevice: true })).deviceToken as string;
    const skips = async (deviceToken: string) => !('secondFactor' in (await accounts().login({ email: baraka.email, password: PASSWORD, deviceToken })));

    const device = await remember(recoveryCodes[0]);
    expect(await skips(device)).toBe(true);
    await accounts({ ...baraka, sessionId: 'any' } as AuthUser).logoutAll();
    expect(await skips(device)).toBe(false);

    const again = await remember(recoveryCodes[1]);
    expect(await skips(again)).toBe(true);
    const links = app.get(EmailLinkService);
    await links.requestPasswordReset(baraka.email, '10.8.9.1');
    await links.settled();
    const [mail] = await handle.db.select().from(outboxMessages).where(and(eq(outboxMessages.recipient, baraka.email), eq(outboxMessages.topic, 'password.reset')));
    const token = decodeURIComponent(/token=([^&\s]+)/.exec(mail.bodyText)?.[1] ?? '');
    await links.resetPassword({ token, password: PASSWORD, confirmPassword: PASSWORD });
    expect(await skips(again)).toBe(false);
  });

  it('the legacy REST login refuses an account with a second factor (401, saying why); a buyer is never asked', async () => {
    const amina = await account('amina-2fa@dealer.test', 1);
    await enrol(amina);
    const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email: amina.email, password: PASSWORD }, remoteAddress: '10.8.1.1' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining('second factor') });

    const buyer = await account('buyer-2fa@example.co.ke', 0);
    // Staff only: a buyer is refused before anything is made.
    await expect(accounts(buyer).twoFactorSetup()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await accounts(buyer).twoFactorStatus()).toMatchObject({ available: false, enabled: false });
    expect(await accounts().login({ email: buyer.email, password: PASSWORD })).toMatchObject({ token: expect.any(String) });
  });

  it("an owner resets a lost phone's second factor (sessions end) and can require it of every staff account", async () => {
    const owner = await account('owner-2fa@dealer.test', 1, 'owner');
    const juma = await account('juma-2fa@dealer.test', 1);
    const { secret } = await enrol(juma);
    const session = await accounts().loginSecondFactor({ challenge: await challengeOf(juma.email), code: codeOf(secret, 1) });
    await staff(owner).resetTwoFactor({ userId: juma.id });
    expect(await app.get(AuthService).userFromAuthorization(`Bearer ${session.token}`)).toBeNull();
    expect(await accounts().login({ email: juma.email, password: PASSWORD })).toMatchObject({ token: expect.any(String) });
    await expect(staff(juma).resetTwoFactor({ userId: owner.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    expect(await staff(owner).twoFactorRequired()).toEqual({ required: false });
    await staff(owner).requireTwoFactor({ required: true });
    expect(await accounts().login({ email: juma.email, password: PASSWORD })).toMatchObject({ mustEnrolTwoFactor: true });
    expect((await staff(owner).list()).find((m) => m.id === juma.id)?.twoFactorEnabled).toBe(false);
    await staff(owner).requireTwoFactor({ required: false });
  });

  it('holds staff without a second factor at the enrolment step on the server while one is required: the back office refuses them until they enrol', async () => {
    const owner = await account('owner-hold@dealer.test', 1, 'owner');
    const neema = await account('neema-hold@dealer.test', 1);
    const held = await account('held-other@dealer.test', 1);
    await staff(owner).requireTwoFactor({ required: true });
    const auth = app.get(AuthService);
    const signIn = async (email: string) => {
      const result = await accounts().login({ email, password: PASSWORD });
      if (!('token' in result)) throw new Error('expected a session');
      return `Bearer ${result.token}`;
    };
    const userOf = async (authorization: string) => (await auth.userFromAuthorization(authorization)) as AuthUser;
    const token = await signIn(neema.email);
    expect((await userOf(token)).enrolmentOnly).toBe(true);
    // The back office (tRPC and REST alike, by `accessDenial`) says why; their own account still works.
    await expect(accounts(await userOf(token)).setAway({ away: true })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Two-factor sign-in is required: set it up on your profile page first',
    });
    expect(await auth.denialFor(token, 'admin')).toBe('FORBIDDEN');
    expect(await auth.denialFor(token, 'user')).toBeNull();
    expect(await accounts(await userOf(token)).me()).toMatchObject({ email: neema.email, away: false });
    // Enrolling from that very session lifts the hold on it.
    const { secret } = await accounts(await userOf(token)).twoFactorSetup();
    await accounts(await userOf(token)).twoFactorEnable({ code: codeOf(secret) });
    expect((await userOf(token)).enrolmentOnly).toBeUndefined();
    expect(await auth.denialFor(token, 'admin')).toBeNull();
    await accounts(await userOf(token)).setAway({ away: true });
    expect(await accounts(await userOf(token)).me()).toMatchObject({ away: true });

    // Turning the requirement off lifts every hold at once.
    const other = await signIn(held.email);
    expect(await auth.denialFor(other, 'admin')).toBe('FORBIDDEN');
    await staff(owner).requireTwoFactor({ required: false });
    expect(await auth.denialFor(other, 'admin')).toBeNull();
    // Buyers are never held.
    const buyer = await account('buyer-hold@dealer.test', 0);
    await staff(owner).requireTwoFactor({ required: true });
    expect((await userOf(await signIn(buyer.email))).enrolmentOnly).toBeUndefined();
    await staff(owner).requireTwoFactor({ required: false });
  });
});
