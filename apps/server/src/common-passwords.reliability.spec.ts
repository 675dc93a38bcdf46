import { COMMON_PASSWORD_MESSAGE } from '@dealership/server-core';
import { users, userTokens } from '@dealership/user-data';
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { tmpdir } from 'node:os';
import { wholeServerTestConfig } from './testing/test-config';
import { useWholeServer } from './testing/whole-server';

const OWN_PASSWORD = 'tuk-tuk-at-dawn-42';
/** Passwords from attackers' lists, dressed up to pass a length rule. */
const COMMON = ['Password123!', 'P@ssw0rd2024', 'qwertyuiop', '12345678', 'iloveyou'];

/**
 * Common and breached passwords through the whole server: every way a password is set (tRPC and
 * the legacy REST registration, the profile's change, a reset or staff invite link) refuses one
 * with 400 naming the field "password", and sets nothing. ADMIN_PASSWORD is refused at start.
 */
describe('common passwords refused wherever a password is set (reliability: the whole server)', () => {
  const server = useWholeServer();
  let account = 0;

  const trpc = (procedure: string, body: unknown, token?: string) =>
    server.app.inject({
      method: 'POST',
      url: `/trpc/${procedure}`,
      // Each call from an address of its own: the registration throttle counts per address.
      remoteAddress: `10.61.0.${++account % 250}`,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: JSON.stringify(body),
    });
  const newAccount = (password: string) => ({ name: 'Wanjiru', email: `wanjiru${++account}@buyer.test`, password, phone: '0712 345 678', address: 'Nyali, Mombasa' });
  const expectRefused = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { message: COMMON_PASSWORD_MESSAGE, data: { code: 'BAD_REQUEST', field: 'password' } } });
  };
  const userCount = () => server.database.db.$count(users);

  it('registration (tRPC and legacy REST) refuses each, and creates no account', async () => {
    const before = await userCount();
    for (const password of COMMON) expectRefused(await trpc('user.register', newAccount(password)));
    const rest = await server.app.inject({ method: 'POST', url: '/api/user/register', remoteAddress: '10.61.1.1', payload: newAccount('Password123!') });
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toMatchObject({ success: false, message: COMMON_PASSWORD_MESSAGE });
    expect(await userCount()).toBe(before);
    expect((await trpc('user.register', newAccount(OWN_PASSWORD))).statusCode).toBe(200);
  });

  it('a password change and a reset link refuse each, and leave the password as it was', async () => {
    const details = newAccount(OWN_PASSWORD);
    const registered = await trpc('user.register', details);
    expect(registered.statusCode).toBe(200);
    const user = (registered.json() as { result: { data: { id: string } } }).result.data;
    const signedIn = await trpc('user.login', { email: details.email, password: OWN_PASSWORD });
    const { token } = (signedIn.json() as { result: { data: { token: string } } }).result.data;

    for (const password of COMMON) expectRefused(await trpc('user.updateProfile', { ...details, password, currentPassword: OWN_PASSWORD }, token));

    expect((await trpc('user.login', { email: details.email, password: OWN_PASSWORD })).statusCode).toBe(200);

    // A reset (or staff invite) link, as the emailed one: only its SHA-256 is stored.
    const link = randomBytes(32).toString('base64url');
    await server.database.db.insert(userTokens).values({
      userId: user.id,
      purpose: 'password-reset',
      tokenHash: createHash('sha256').update(link).digest('hex'),
      email: details.email,
      expiresAt: sql`now() + interval '1 hour'`,
    });
    for (const password of COMMON) expectRefused(await trpc('user.resetPassword', { token: link, password, confirmPassword: password }));
    // The link was not used up by the refusals.
    expect((await trpc('user.resetPassword', { token: link, password: 'a-fresh-one-of-my-own', confirmPassword: 'a-fresh-one-of-my-own' })).statusCode).toBe(200);
    expect((await trpc('user.login', { email: details.email, password: 'a-fresh-one-of-my-own' })).statusCode).toBe(200);
  });

  it('refuses a common ADMIN_PASSWORD at start, naming the variable', () => {
    expect(() => wholeServerTestConfig(tmpdir(), { ADMIN_PASSWORD: 'Password123!' })).toThrow(/ADMIN_PASSWORD: is too common/);
  });
});
