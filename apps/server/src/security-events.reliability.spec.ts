import type { AuditEvent } from '@dealership/audit-schemas';
import { auditEvents } from '@dealership/audit-data';
import { type Database, DB } from '@dealership/server-db';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { createApp } from './create-app';
import { TEST_ADMIN, wholeServerTestConfig } from './testing/test-config';

const PASSWORD = 'correct-horse-battery';
const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

/**
 * Security events (issue 29, ASVS V16) through the whole server over HTTP: each sign-in, refusal,
 * throttle trip, sign-out, password change, role change and second-factor event leaves exactly one
 * audit row with the client's address and user agent and no secret, and the owner filters them.
 * On the code before this issue none of these rows existed (only staff changes, without a client).
 */
describe('security events in the audit log (whole server, real database)', () => {
  let root: string;
  let app: NestFastifyApplication;
  let ownerToken: string;

  let nextIp = 0;
  const freshIp = () => `10.29.${Math.floor(++nextIp / 250)}.${nextIp % 250}`;

  /** A tRPC call over HTTP from `ip` with `agent` as its User-Agent. */
  const trpc = async (path: string, input: unknown, options: { ip?: string; agent?: string; token?: string; query?: boolean } = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': options.agent ?? 'jest-security-events' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const remoteAddress = options.ip ?? freshIp();
    const res = options.query
      ? await app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, headers, remoteAddress })
      : await app.inject({ method: 'POST', url: `/trpc/${path}`, headers, remoteAddress, payload: JSON.stringify(input ?? {}) });
    const body = res.json();
    return { status: res.statusCode, data: body.result?.data, error: body.error };
  };

  /** Every row of the log, oldest first, straight from the table (what the filters must agree with). */
  const rows = () => app.get<Database>(DB).select().from(auditEvents).orderBy(auditEvents.createdAt);

  /** The rows of `action` about `email` (as typed, or as stored). */
  const eventsOf = async (action: string, email: string) => (await rows()).filter((row) => row.action === action && row.actorEmail === email.toLowerCase());

  /** No row holds a password, code or token anywhere in its text. */
  const expectNoSecret = async (...secrets: string[]) => {
    const text = JSON.stringify(await rows());
    for (const secret of secrets) expect(text).not.toContain(secret);
  };

  let sequence = 0;
  const register = async () => {
    const email = `buyer${++sequence}@example.co.ke`;
    const res = await trpc('user.register', { name: 'Amina Otieno', email, password: PASSWORD, phone: '0712345678', address: 'Nyali, Mombasa' });
    expect(res.status).toBe(200);
    return email;
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'security-events-'));
    app = await createApp(wholeServerTestConfig(root));
    const owner = await trpc('user.login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password });
    ownerToken = owner.data.token;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('records a successful sign-in once, with the address and the user agent', async () => {
    const email = await register();
    const ip = freshIp();
    const res = await trpc('user.login', { email, password: PASSWORD }, { ip, agent: 'Mozilla/5.0 (Android 14) Chrome/131' });
    expect(res.status).toBe(200);
    const events = await eventsOf('signIn', email);
    expect(events).toEqual([expect.objectContaining({ outcome: 'success', ip, userAgent: 'Mozilla/5.0 (Android 14) Chrome/131', actorId: res.data.user.id })]);
    await expectNoSecret(PASSWORD, res.data.token);
  });

  it('records a failed sign-in with the email as typed, for a known and an unknown address, never the password tried', async () => {
    const email = await register();
    const ip = freshIp();
    expect((await trpc('user.login', { email, password: 'guessed-password-1' }, { ip })).status).toBe(401);
    expect((await trpc('user.login', { email: 'Nobody.Here@example.co.ke', password: 'guessed-password-2' }, { ip })).status).toBe(401);
    const known = await eventsOf('signIn', email);
    expect(known).toEqual([expect.objectContaining({ outcome: 'failure', ip, userAgent: 'jest-security-events', changes: { reason: { after: 'wrong password' } } })]);
    expect(known[0].actorId).not.toBeNull();
    const unknown = await eventsOf('signIn', 'nobody.here@example.co.ke');
    expect(unknown).toEqual([expect.objectContaining({ outcome: 'failure', actorId: null, entityId: null, changes: { reason: { after: 'unknown email' } } })]);
    await expectNoSecret('guessed-password-1', 'guessed-password-2');
  });

  it('records a throttle trip once the login throttle answers 429', async () => {
    const email = await register();
    const ip = freshIp();
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 429; attempt++) status = (await trpc('user.login', { email, password: `wrong-${attempt}-password` }, { ip })).status;
    expect(status).toBe(429);
    expect(await eventsOf('throttled', email)).toEqual([expect.objectContaining({ outcome: 'failure', ip, userAgent: 'jest-security-events' })]);
  });

  it('records a sign-out and a password change (other sessions revoked), without either password', async () => {
    const email = await register();
    const session = (await trpc('user.login', { email, password: PASSWORD })).data;
    expect((await trpc('user.logout', {}, { token: session.token, agent: 'Safari/17' })).status).toBe(200);
    expect(await eventsOf('signOut', email)).toEqual([expect.objectContaining({ outcome: 'success', userAgent: 'Safari/17', actorId: session.user.id })]);

    const again = (await trpc('user.login', { email, password: PASSWORD })).data;
    const profile = { name: 'Amina Otieno', email, phone: '0712345678', address: 'Nyali, Mombasa' };
    expect((await trpc('user.updateProfile', { ...profile, password: 'a-brand-new-password', currentPassword: 'not-my-password' }, { token: again.token })).status).toBe(400);
    expect((await trpc('user.updateProfile', { ...profile, password: 'a-brand-new-password', currentPassword: PASSWORD }, { token: again.token })).status).toBe(200);
    const changes = await eventsOf('changePassword', email);
    expect(changes.map((row) => row.outcome)).toEqual(['failure', 'success']);
    await expectNoSecret('a-brand-new-password', 'not-my-password', again.token);
  });

  it('records a role change and the second factor (enabled, a wrong code, a recovery code, a remembered device) with the client', async () => {
    const invited = await trpc('staff.invite', { name: 'Salim Mwangi', email: 'salim@dealer.test', staffRole: 'sales' }, { token: ownerToken, agent: 'Owner-Browser/1' });
    expect(invited.status).toBe(200);
    expect((await trpc('staff.setRole', { userId: invited.data.id, staffRole: 'owner' }, { token: ownerToken, agent: 'Owner-Browser/1' })).status).toBe(200);
    const roleChanges = (await rows()).filter((row) => row.action === 'setRole' && row.entityId === invited.data.id);
    expect(roleChanges).toEqual([expect.objectContaining({ outcome: 'success', userAgent: 'Owner-Browser/1', actorEmail: TEST_ADMIN.email })]);
    expect(roleChanges[0].ip).toMatch(/^10\.29\./);

    const { secret } = (await trpc('user.twoFactorSetup', {}, { token: ownerToken })).data;
    const enabled = await trpc('user.twoFactorEnable', { code: codeOf(secret) }, { token: ownerToken, agent: 'Owner-Browser/1' });
    expect(enabled.status).toBe(200);
    const recoveryCodes: string[] = enabled.data.recoveryCodes;
    expect((await rows()).filter((row) => row.action === 'enableTwoFactor')).toEqual([expect.objectContaining({ outcome: 'success', userAgent: 'Owner-Browser/1' })]);

    const ip = freshIp();
    const challenge = (await trpc('user.login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password }, { ip })).data.challenge;
    expect((await trpc('user.loginSecondFactor', { challenge, code: '000000' }, { ip })).status).toBe(400);
    const signedIn = await trpc('user.loginSecondFactor', { challenge, recoveryCode: recoveryCodes[0], rememberDevice: true }, { ip });
    expect(signedIn.status).toBe(200);
    const ownerSignIns = (await eventsOf('signIn', TEST_ADMIN.email)).filter((row) => row.ip === ip);
    expect(ownerSignIns.map((row) => [row.outcome, row.changes])).toEqual([
      ['failure', { reason: { after: 'second factor: wrong code' } }],
      ['success', { secondFactor: { after: 'recovery code' } }],
    ]);
    expect(await eventsOf('recoveryCodeUsed', TEST_ADMIN.email)).toEqual([expect.objectContaining({ ip, outcome: 'success' })]);
    expect(await eventsOf('rememberDevice', TEST_ADMIN.email)).toEqual([expect.objectContaining({ ip, outcome: 'success' })]);
    await expectNoSecret(secret, recoveryCodes[0], signedIn.data.token, signedIn.data.deviceToken, challenge);
    ownerToken = signedIn.data.token;
  });

  it('lets the owner filter the log by category, action, outcome and actor; a bad filter names its field', async () => {
    const list = async (filters: Record<string, unknown>) => {
      const res = await trpc('audit.list', { pageSize: 48, ...filters }, { token: ownerToken, query: true });
      expect({ status: res.status, error: res.error?.message }).toEqual({ status: 200, error: undefined });
      return res.data.items as AuditEvent[];
    };
    const failures = await list({ category: 'security', outcome: 'failure' });
    expect(failures.length).toBeGreaterThanOrEqual(4);
    expect(failures.every((event) => event.outcome === 'failure')).toBe(true);
    expect(failures[0]).toMatchObject({ ip: expect.stringMatching(/^10\.29\./), userAgent: expect.any(String) });

    const ownerEvents = await list({ actorEmail: TEST_ADMIN.email.toUpperCase(), action: 'signIn' });
    expect(ownerEvents.length).toBeGreaterThanOrEqual(2);
    expect(ownerEvents.every((event) => event.actor.email === TEST_ADMIN.email && event.action === 'signIn')).toBe(true);

    // Staff changes are security events too; a car edit would be in 'change' only.
    expect((await list({ category: 'change' })).some((event) => event.action === 'signIn' || event.action === 'setRole')).toBe(false);
    expect((await list({ category: 'security' })).some((event) => event.action === 'setRole')).toBe(true);

    const bad = await trpc('audit.list', { outcome: 'maybe' }, { token: ownerToken, query: true });
    expect(bad.status).toBe(400);
    expect(bad.error.message).toContain('outcome must be one of');
  });
});
