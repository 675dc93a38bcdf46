import { createModuleTestApp } from '@dealership/app-schema/testing';
import { type DatabaseHandle, throttleCounters } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { sessions, users } from '@dealership/user-data';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import { AuthService, LOGIN_THROTTLE, REGISTRATION_THROTTLE } from '@dealership/server-auth';
import { UserSchema } from '@dealership/user-schemas';
import { JwtService } from '@nestjs/jwt';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq, sql } from 'drizzle-orm';
import { PasswordHasher } from './password-hasher';
import { LegacyUserSchema } from './user.legacy-mapper';
import { UserModule } from './user.module';
import { UserRouter } from './user.router';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
const PASSWORD = 'correct-horse-battery';

/** Accounts, tokens, throttling and the account paths (integration: real HTTP, real database). */
describe('user accounts and authentication (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  const callerFor = (ctx: TrpcContext) => createCallerFactory(app.get(UserRouter).router)(ctx);
  let caller: ReturnType<typeof callerFor>;

  // Each test logs in from its own addresses, so the throttle of one does not touch another.
  let nextIp = 0;
  const freshIp = () => `10.1.${Math.floor(++nextIp / 250)}.${nextIp % 250}`;

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, options: { body?: unknown; token?: string; authorization?: string; ip?: string } = {}) =>
    app.inject({
      method,
      url,
      payload: options.body as Record<string, unknown> | undefined,
      remoteAddress: options.ip ?? freshIp(),
      headers: options.authorization ? { authorization: options.authorization } : options.token ? { authorization: `Bearer ${options.token}` } : {},
    });

  let sequence = 0;
  const newAccount = (fields: Record<string, unknown> = {}) => ({
    name: 'Amina Otieno',
    email: `amina${++sequence}@example.co.ke`,
    password: PASSWORD,
    phone: '0712345678',
    address: 'Nyali, Mombasa',
    ...fields,
  });
  const register = (fields: Record<string, unknown> = {}) => send('POST', '/api/user/register', { body: newAccount(fields) });
  const login = (email: string, password = PASSWORD, ip = freshIp()) => send('POST', '/api/user/login', { body: { email, password }, ip });
  /** Registers and logs in a new account; returns its token, user and email. */
  const signUp = async (fields: Record<string, unknown> = {}) => {
    const account = newAccount(fields);
    expect((await send('POST', '/api/user/register', { body: account })).statusCode).toBe(201);
    const body = (await login(account.email)).json();
    return { token: body.token as string, user: body.user, email: account.email };
  };
  const row = async (email: string) =>
    (
      await handle.db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    )[0];

  beforeAll(async () => {
    handle = await createTestDatabase();
    app = await createModuleTestApp(handle, [UserModule], { env: { JWT_SECRET: SECRET }, userLookup: 'provided' });
    caller = callerFor({ user: null, ip: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  describe('POST /api/user/register', () => {
    it('creates a customer: 201 {success, message}, an argon2id hash, the email in lower case', async () => {
      const res = await register({ email: 'New.Customer@Example.co.ke' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ success: true, message: expect.any(String) });
      const stored = await row('new.customer@example.co.ke');
      expect(stored).toMatchObject({ email: 'new.customer@example.co.ke', role: 0, name: 'Amina Otieno' });
      expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    });

    it('ignores a role in the body', async () => {
      const res = await register({ email: 'sneaky@example.co.ke', role: 1 });
      expect(res.statusCode).toBe(201);
      expect((await row('sneaky@example.co.ke')).role).toBe(0);
      expect((await login('sneaky@example.co.ke')).json().user.role).toBe(0);
    });

    it('refuses an email already registered in another case: 409 {success:false, message}', async () => {
      await register({ email: 'taken@example.co.ke' });
      const res = await register({ email: 'TAKEN@Example.CO.KE' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, message: 'Email is already registered, please log in' });
    });

    it('names every missing field with the legacy messages', async () => {
      const res = await send('POST', '/api/user/register', { body: {} });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.success).toBe(false);
      for (const message of ['Name is required', 'Email is required', 'Password is required', 'Phone Number is required', 'Address is required']) {
        expect(body.message).toContain(message);
      }
      expect(body.errors.map((e: { field: string }) => e.field)).toEqual(['name', 'email', 'password', 'phone', 'address']);
    });

    it('checks the email format and the password rule', async () => {
      const badEmail = await register({ email: 'not-an-email' });
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.json().message).toBe('Invalid Email Format');
      const shortPassword = await register({ password: 'short' });
      expect(shortPassword.statusCode).toBe(400);
      expect(shortPassword.json().message).toBe('Password must be at least 8 characters');
    });
  });

  describe('POST /api/user/login', () => {
    it('answers {success, message, user, token} with the legacy user shape and no hash', async () => {
      await register({ email: 'login@example.co.ke' });
      const res = await login('LOGIN@example.co.ke');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body).toEqual({
        success: true,
        message: expect.any(String),
        token: expect.any(String),
        user: { _id: expect.any(String), name: 'Amina Otieno', email: 'login@example.co.ke', phone: '0712345678', address: 'Nyali, Mombasa', role: 0 },
      });
      // Strict: a missing or an extra field (a hash, a domain `id`) fails.
      expect(LegacyUserSchema.parse(body.user)).toEqual(body.user);
      expect(res.body).not.toMatch(/argon2|password/i);
    });

    it("keeps the contract's key order for the user, byte for byte", async () => {
      const { token, email } = await signUp();
      const expected = ['_id', 'name', 'email', 'phone', 'address', 'role'];
      const loginBody = (await login(email)).json();
      expect(Object.keys(loginBody)).toEqual(['success', 'message', 'user', 'token']);
      expect(Object.keys(loginBody.user)).toEqual(expected);
      const profileBody = (
        await send('PUT', '/api/user/profileUpdate', { token, body: { name: 'Amina Otieno', email, phone: '0712345678', address: 'Nyali, Mombasa' } })
      ).json();
      expect(Object.keys(profileBody)).toEqual(['success', 'message', 'updatedUser']);
      expect(Object.keys(profileBody.updatedUser)).toEqual(expected);
      expect(JSON.stringify(profileBody.updatedUser)).toBe(JSON.stringify(loginBody.user));
    });

    it('gives one 401 message for a wrong password and an unknown email, after the same work', async () => {
      await register({ email: 'known@example.co.ke' });
      const hasher = app.get(PasswordHasher);
      const noAccount = jest.spyOn(hasher, 'verifyNoAccount');
      try {
        const wrongPassword = await login('known@example.co.ke', 'wrong-password');
        const unknownEmail = await login('nobody@example.co.ke', 'wrong-password');
        expect(wrongPassword.statusCode).toBe(401);
        expect(unknownEmail.statusCode).toBe(401);
        expect(wrongPassword.json()).toEqual({ success: false, message: 'Invalid email or password' });
        expect(unknownEmail.json()).toEqual(wrongPassword.json());
        // The unknown email still ran an argon2 verification.
        expect(noAccount).toHaveBeenCalledTimes(1);
      } finally {
        noAccount.mockRestore();
      }
    });

    it('issues tokens that expire after JWT_EXPIRES_IN (7 days by default) and name only the user and the session', async () => {
      const { token, user } = await signUp();
      const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
      expect(Object.keys(payload).sort()).toEqual(['exp', 'iat', 'sid', 'sub']);
      expect(payload.sub).toBe(user._id);
      const [session] = await handle.db.select().from(sessions).where(eq(sessions.id, payload.sid));
      expect(session).toMatchObject({ userId: user._id, expiresAt: new Date(payload.exp * 1000) });
      expect(payload.exp - payload.iat).toBe(7 * 24 * 3600);
      expect(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()).alg).toBe('HS256');
    });
  });

  describe('tokens', () => {
    const userAuth = (authorization?: string) => send('GET', '/api/user/user-auth', { authorization });

    it('accepts the bare token (legacy client) and the Bearer token', async () => {
      const { token } = await signUp();
      for (const authorization of [token, `Bearer ${token}`, `bearer ${token}`]) {
        const res = await userAuth(authorization);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ ok: true });
      }
    });

    it('refuses missing, malformed, forged, expired and unsigned tokens at once with 401', async () => {
      const { token, user } = await signUp();
      const now = Math.floor(Date.now() / 1000);
      const { sid } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
      const expired = new JwtService({ secret: SECRET }).sign({ sub: user._id, sid, iat: now - 3600, exp: now - 60 });
      const forged = new JwtService({ secret: 'another-secret-just-as-long-as-the-real-one-0000' }).sign({ sub: user._id });
      const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${token.split('.')[1]}.`;
      const tampered = `${token.slice(0, -4)}AAAA`;
      for (const authorization of [undefined, 'null', 'Bearer', 'Basic abc', expired, `Bearer ${forged}`, unsigned, tampered]) {
        const started = Date.now();
        const res = await userAuth(authorization);
        expect(Date.now() - started).toBeLessThan(2000);
        expect({ authorization, status: res.statusCode, body: res.json() }).toEqual({ authorization, status: 401, body: { ok: false } });
      }
      // A protected route answers the error envelope.
      const res = await send('PUT', '/api/user/profileUpdate', { authorization: expired, body: {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: expect.stringContaining('log in'), error: expect.stringContaining('log in') });
    });

    it("refuses a deleted user's token", async () => {
      const { token, email } = await signUp();
      expect((await userAuth(token)).statusCode).toBe(200);
      await handle.db.delete(users).where(eq(users.email, email));
      expect((await userAuth(token)).statusCode).toBe(401);
      await expect(callerFor({ user: null, ip: '1.1.1.1' }).me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    });

    it('takes the role from the database, not from the token', async () => {
      const { token, email } = await signUp();
      const adminAuth = () => send('GET', '/api/user/admin-auth', { token });
      expect((await adminAuth()).statusCode).toBe(403);
      await handle.db.update(users).set({ role: 1, staffRole: 'owner' }).where(eq(users.email, email));
      expect((await adminAuth()).json()).toEqual({ ok: true });
      await handle.db.update(users).set({ role: 0, staffRole: null }).where(eq(users.email, email));
      expect((await adminAuth()).statusCode).toBe(403);
    });
  });

  describe('sessions', () => {
    const userAuth = (token: string) => send('GET', '/api/user/user-auth', { token }).then((res) => res.statusCode);
    const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string; sid: string; exp: number };
    /** Logs the account in `count` more times: its tokens, one session each. */
    const loginTimes = async (email: string, count: number) => {
      const tokens: string[] = [];
      for (let i = 0; i < count; i++) tokens.push((await login(email)).json().token);
      return tokens;
    };
    const signedInCaller = async (token: string) => callerFor({ user: await app.get(AuthService).userFromAuthorization(token), ip: freshIp() });

    it('refuses a token without exp, even with a live session', async () => {
      const { token } = await signUp();
      const { sub, sid } = claims(token);
      const noExp = new JwtService({ secret: SECRET }).sign({ sub, sid });
      expect(claims(noExp)).not.toHaveProperty('exp');
      expect(await userAuth(noExp)).toBe(401);
      // Nor one without a session id, or naming another user's session.
      expect(await userAuth(new JwtService({ secret: SECRET }).sign({ sub }, { expiresIn: 600 }))).toBe(401);
      const other = await signUp();
      expect(await userAuth(new JwtService({ secret: SECRET }).sign({ sub, sid: claims(other.token).sid }, { expiresIn: 600 }))).toBe(401);
      expect(await userAuth(token)).toBe(200);
    });

    it('refuses a token whose session has expired', async () => {
      const { token } = await signUp();
      await handle.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.id, claims(token).sid));
      expect(await userAuth(token)).toBe(401);
    });

    it('logout (tRPC user.logout) revokes that token only', async () => {
      const { token, email } = await signUp();
      const [other] = await loginTimes(email, 1);
      expect(await (await signedInCaller(token)).logout()).toEqual({ ok: true });
      expect(await userAuth(token)).toBe(401);
      expect(await userAuth(other)).toBe(200);
      expect(await app.get(AuthService).userFromAuthorization(token)).toBeNull();
    });

    it('logout over REST (POST /api/user/logout) revokes that token only', async () => {
      const { token, email } = await signUp();
      const [other] = await loginTimes(email, 1);
      const res = await send('POST', '/api/user/logout', { token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Logged out' });
      expect(await userAuth(token)).toBe(401);
      expect((await send('POST', '/api/user/logout', { token })).statusCode).toBe(401);
      expect(await userAuth(other)).toBe(200);
    });

    it('log out everywhere (tRPC user.logoutAll) revokes every token of the user, and only theirs', async () => {
      const { token, email } = await signUp();
      const others = await loginTimes(email, 2);
      const bystander = await signUp();
      expect(await (await signedInCaller(others[0])).logoutAll()).toEqual({ ok: true });
      for (const t of [token, ...others]) expect(await userAuth(t)).toBe(401);
      expect(await userAuth(bystander.token)).toBe(200);
      // Logging in again works.
      expect(await userAuth((await login(email)).json().token)).toBe(200);
    });

    it('a password change revokes every other session of the user and keeps the current one', async () => {
      const { token, email } = await signUp();
      const others = await loginTimes(email, 2);
      const res = await send('PUT', '/api/user/profileUpdate', {
        token,
        body: { name: 'Amina', email, phone: '0712345678', address: 'Nyali', password: 'a-brand-new-password', currentPassword: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(await userAuth(token)).toBe(200);
      for (const t of others) expect(await userAuth(t)).toBe(401);
      // A profile change without a new password ends nothing.
      const fresh: string = (await login(email, 'a-brand-new-password')).json().token;
      expect(
        (await send('PUT', '/api/user/profileUpdate', { token, body: { name: 'Amina O.', email, phone: '0712345678', address: 'Nyali' } })).statusCode,
      ).toBe(200);
      expect(await userAuth(fresh)).toBe(200);
    });

    it('a password change through tRPC does the same', async () => {
      const { token, email } = await signUp();
      const [other] = await loginTimes(email, 1);
      const signedIn = await signedInCaller(token);
      await signedIn.updateProfile({
        name: 'Amina',
        email,
        phone: '0712345678',
        address: 'Nyali',
        password: 'a-brand-new-password',
        currentPassword: PASSWORD,
      });
      expect(await userAuth(token)).toBe(200);
      expect(await userAuth(other)).toBe(401);
    });

    it('a deleted account takes its sessions with it', async () => {
      const { token, email } = await signUp();
      const { sid } = claims(token);
      await handle.db.delete(users).where(eq(users.email, email));
      expect(await handle.db.select().from(sessions).where(eq(sessions.id, sid))).toEqual([]);
    });
  });

  describe('GET /api/user/user-auth and /api/user/admin-auth', () => {
    it('answer {ok} by role: 401 without a valid token, 403 for a customer at the admin gate', async () => {
      const customer = await signUp();
      const admin = await signUp();
      await handle.db.update(users).set({ role: 1, staffRole: 'owner' }).where(eq(users.email, admin.email));
      const check = async (url: string, token?: string) => {
        const res = await send('GET', url, { token });
        return [res.statusCode, res.json()];
      };
      expect(await check('/api/user/user-auth')).toEqual([401, { ok: false }]);
      expect(await check('/api/user/admin-auth')).toEqual([401, { ok: false }]);
      expect(await check('/api/user/user-auth', customer.token)).toEqual([200, { ok: true }]);
      expect(await check('/api/user/admin-auth', customer.token)).toEqual([403, { ok: false }]);
      expect(await check('/api/user/user-auth', admin.token)).toEqual([200, { ok: true }]);
      expect(await check('/api/user/admin-auth', admin.token)).toEqual([200, { ok: true }]);
    });
  });

  describe('PUT /api/user/profileUpdate', () => {
    const profile = (fields: Record<string, unknown> = {}) => ({
      name: 'Amina O.',
      email: 'ignored',
      password: '',
      phone: '0799000111',
      address: 'Bamburi, Mombasa',
      ...fields,
    });

    it('saves the profile; an empty password keeps the current one; no hash in the answer', async () => {
      const { token, email, user } = await signUp();
      const before = await row(email);
      const res = await send('PUT', '/api/user/profileUpdate', { token, body: profile({ email }) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Profile Updated Successfully',
        updatedUser: { _id: user._id, name: 'Amina O.', email, phone: '0799000111', address: 'Bamburi, Mombasa', role: 0 },
      });
      expect(LegacyUserSchema.parse(res.json().updatedUser)).toEqual(res.json().updatedUser);
      expect(res.body).not.toMatch(/argon2|passwordHash/i);
      expect((await row(email)).passwordHash).toBe(before.passwordHash);
      expect((await login(email)).statusCode).toBe(200);

      // Absent works as empty.
      const { password: _password, ...withoutPassword } = profile({ email });
      expect((await send('PUT', '/api/user/profileUpdate', { token, body: withoutPassword })).statusCode).toBe(200);
      expect((await row(email)).passwordHash).toBe(before.passwordHash);
    });

    it('changes the password when one is given with the current one', async () => {
      const { token, email } = await signUp();
      const res = await send('PUT', '/api/user/profileUpdate', {
        token,
        body: profile({ email, password: 'a-brand-new-password', currentPassword: PASSWORD }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/currentPassword|correct-horse/);
      expect((await login(email)).statusCode).toBe(401);
      expect((await login(email, 'a-brand-new-password')).statusCode).toBe(200);
    });

    it('refuses a new password without the current one, or with a wrong one: 400 naming currentPassword, nothing saved', async () => {
      const { token, email } = await signUp();
      const before = await row(email);
      const missing = await send('PUT', '/api/user/profileUpdate', { token, body: profile({ email, name: 'Changed', password: 'a-brand-new-password' }) });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ success: false, error: 'currentPassword: Current Password is required to change the password' });
      expect(missing.json().errors).toEqual([{ field: 'currentPassword', message: 'Current Password is required to change the password' }]);
      const blank = await send('PUT', '/api/user/profileUpdate', { token, body: profile({ email, password: 'a-brand-new-password', currentPassword: '' }) });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error).toBe('currentPassword: Current Password is required to change the password');
      const wrong = await send('PUT', '/api/user/profileUpdate', {
        token,
        body: profile({ email, name: 'Changed', password: 'a-brand-new-password', currentPassword: 'not-my-password' }),
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ success: false, message: 'Current Password is incorrect', error: 'Current Password is incorrect' });
      expect(await row(email)).toMatchObject({ passwordHash: before.passwordHash, name: before.name });
      // The token is still good: a wrong current password is not a failed authentication.
      expect((await send('GET', '/api/user/user-auth', { token })).statusCode).toBe(200);
      // tRPC: the same rule, the field in the error.
      const signedIn = callerFor({ user: await app.get(AuthService).userFromAuthorization(token), ip: freshIp() });
      await expect(signedIn.updateProfile({ ...profile({ email }), password: 'a-brand-new-password' })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        cause: { issues: [expect.objectContaining({ path: ['currentPassword'], message: 'Current Password is required to change the password' })] },
      });
      await expect(signedIn.updateProfile({ ...profile({ email }), password: 'a-brand-new-password', currentPassword: 'nope-nope' })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: 'Current Password is incorrect',
        cause: expect.objectContaining({ field: 'currentPassword' }),
      });
    });

    it('counts wrong current passwords against the login throttle of the account and address', async () => {
      const { token, email } = await signUp();
      const ip = freshIp();
      const attempt = (currentPassword: string) =>
        send('PUT', '/api/user/profileUpdate', { token, ip, body: profile({ email, password: 'a-brand-new-password', currentPassword }) });
      for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccountAndIp; i++) expect((await attempt('wrong-guess')).statusCode).toBe(400);
      const blocked = await attempt(PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('never changes the role', async () => {
      const { token, email } = await signUp();
      const res = await send('PUT', '/api/user/profileUpdate', { token, body: profile({ email, role: 1 }) });
      expect(res.statusCode).toBe(200);
      expect(res.json().updatedUser.role).toBe(0);
      expect((await row(email)).role).toBe(0);
    });

    it("answers a move to another account's email (any case) as for a free one, the email staying until a link is opened; the own email in another case is fine", async () => {
      const other = await signUp();
      const { token, email } = await signUp();
      const taken = await send('PUT', '/api/user/profileUpdate', { token, body: profile({ email: other.email.toUpperCase(), currentPassword: PASSWORD }) });
      expect(taken.statusCode).toBe(200);
      expect(taken.json()).toMatchObject({ success: true, message: 'Profile Updated Successfully', updatedUser: { email } });
      expect((await row(email)).email).toBe(email);
      expect((await send('PUT', '/api/user/profileUpdate', { token, body: profile({ email: email.toUpperCase() }) })).statusCode).toBe(200);
    });

    it('answers invalid input with 400 and an error text naming the field', async () => {
      const { token, email } = await signUp();
      const res = await send('PUT', '/api/user/profileUpdate', { token, body: profile({ email, name: '', password: 'short', currentPassword: PASSWORD }) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Name is required; Password must be at least 8 characters');
    });
  });

  describe('login throttling', () => {
    const { maxFailuresPerAccountAndIp: maxFailuresPerAccount, maxFailuresPerIp } = LOGIN_THROTTLE;

    it('refuses an account from an address with 429 after its failures there, even with the right password', async () => {
      const victim = await signUp();
      const bystander = await signUp();
      const attacker = freshIp();
      for (let i = 0; i < maxFailuresPerAccount; i++) expect((await login(victim.email, 'wrong-password', attacker)).statusCode).toBe(401);
      const blocked = await login(victim.email, PASSWORD, attacker);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        success: false,
        message: expect.stringMatching(/^Too many failed login attempts\. Please try again in \d+ minutes?\.$/),
      });
      // Retry-After in whole seconds, within the window.
      expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_THROTTLE.windowMs / 1000);
      // Another account, from another address, is not affected.
      expect((await login(bystander.email)).statusCode).toBe(200);
    });

    it('does not lock the admin out: failures from one address leave the account open from another', async () => {
      const admin = await signUp();
      await handle.db.update(users).set({ role: 1, staffRole: 'owner' }).where(eq(users.email, admin.email));
      const attacker = freshIp();
      for (let i = 0; i < maxFailuresPerAccount * 2; i++) expect([401, 429]).toContain((await login(admin.email, 'wrong-password', attacker)).statusCode);
      expect((await login(admin.email, PASSWORD, attacker)).statusCode).toBe(429);
      const fromOffice = await login(admin.email, PASSWORD, freshIp());
      expect(fromOffice.statusCode).toBe(200);
      expect(fromOffice.json().user.role).toBe(1);
    });

    it('answers 429 with Retry-After on tRPC too', async () => {
      const { email } = await signUp();
      const ip = freshIp();
      const trpcLogin = (password: string) => callerFor({ user: null, ip }).login({ email, password });
      for (let i = 0; i < maxFailuresPerAccount; i++) await expect(trpcLogin('wrong-password')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      await expect(trpcLogin(PASSWORD)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', cause: { retryAfterSeconds: expect.any(Number) } });
    });

    it('keeps its counters in the database: they survive a restart of the app', async () => {
      const { email } = await signUp();
      const ip = freshIp();
      const before = await createModuleTestApp(handle, [UserModule], { env: { JWT_SECRET: SECRET }, userLookup: 'provided' });
      try {
        for (let i = 0; i < maxFailuresPerAccount; i++) {
          const res = await before.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: 'wrong-password' }, remoteAddress: ip });
          expect(res.statusCode).toBe(401);
        }
      } finally {
        await before.close();
      }
      const after = await createModuleTestApp(handle, [UserModule], { env: { JWT_SECRET: SECRET }, userLookup: 'provided' });
      try {
        const res = await after.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: PASSWORD }, remoteAddress: ip });
        expect(res.statusCode).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(LOGIN_THROTTLE.windowMs / 1000 - 120);
      } finally {
        await after.close();
      }
      const [counter] = await handle.db
        .select()
        .from(throttleCounters)
        .where(eq(throttleCounters.key, `login-pair:${email}|${ip}`));
      expect(counter.count).toBe(maxFailuresPerAccount);
    });

    it('throttles registrations per address, with Retry-After', async () => {
      const ip = freshIp();
      for (let i = 0; i < REGISTRATION_THROTTLE.maxPerIp; i++)
        expect((await send('POST', '/api/user/register', { ip, body: newAccount() })).statusCode).toBe(201);
      const blocked = await send('POST', '/api/user/register', { ip, body: newAccount() });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        success: false,
        message: expect.stringMatching(/^Too many registrations from your network\. Please try again in \d+ minutes?\.$/),
      });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(REGISTRATION_THROTTLE.windowMs / 1000);
      await expect(callerFor({ user: null, ip }).register(newAccount())).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      expect((await send('POST', '/api/user/register', { ip: freshIp(), body: newAccount() })).statusCode).toBe(201);
    });

    it('refuses an address with 429 after its failures across accounts; others still log in', async () => {
      const attacker = freshIp();
      const customer = await signUp();
      for (let i = 0; i < maxFailuresPerIp; i++) expect((await login(`guess${i}@example.co.ke`, 'wrong-password', attacker)).statusCode).toBe(401);
      // A refused attempt checks no password and is not counted: still exactly at the limit.
      expect((await login('guess0@example.co.ke', 'wrong-password', attacker)).statusCode).toBe(429);
      expect((await login(customer.email, PASSWORD, attacker)).statusCode).toBe(429);
      expect((await login(customer.email, PASSWORD, freshIp())).statusCode).toBe(200);
    });

    it('counts a parallel burst exactly', async () => {
      const { email } = await signUp();
      const ip = freshIp();
      const statuses = await Promise.all(Array.from({ length: maxFailuresPerAccount * 2 }, () => login(email, 'wrong-password', ip))).then((r) =>
        r.map((res) => res.statusCode).sort(),
      );
      expect(statuses).toEqual([...Array(maxFailuresPerAccount).fill(401), ...Array(maxFailuresPerAccount).fill(429)]);
    });

    it("forgives an account's failures from an address after a successful login there", async () => {
      const { email } = await signUp();
      const ip = freshIp();
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < maxFailuresPerAccount - 1; i++) expect((await login(email, 'wrong-password', ip)).statusCode).toBe(401);
        expect((await login(email, PASSWORD, ip)).statusCode).toBe(200);
      }
    });
  });

  describe('tRPC user.*', () => {
    it('registers, logs in and reads the profile through the same service', async () => {
      const account = newAccount({ role: 1 });
      const created = await caller.register(account);
      expect(created).toEqual({
        id: expect.any(String),
        name: account.name,
        email: account.email,
        phone: account.phone,
        address: account.address,
        role: 0,
        staffRole: null,
        emailVerified: false,
      });
      // The domain contract's names, exactly: no legacy `_id` in tRPC.
      expect(Object.keys(created).sort()).toEqual(Object.keys(UserSchema.shape).sort());
      await expect(caller.register({ ...account, email: account.email.toUpperCase() })).rejects.toMatchObject({ code: 'CONFLICT' });

      const session = await callerFor({ user: null, ip: freshIp() }).login({ email: account.email, password: PASSWORD });
      expect(session).toEqual({ user: created, token: expect.any(String), knownDevice: expect.stringMatching(/^[\w-]{22}\.[\w-]{43}$/) });
      expect(JSON.stringify(session)).not.toMatch(/argon2/);
      await expect(callerFor({ user: null, ip: freshIp() }).login({ email: account.email, password: 'wrong-password' })).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
        message: 'Invalid email or password',
      });

      const signedIn = callerFor({ user: { id: created.id, name: created.name, email: created.email, role: 0 }, ip: '1.1.1.1' });
      expect(await signedIn.me()).toEqual({ ...created, away: false });
      const updated = await signedIn.updateProfile({ ...account, name: 'Renamed', password: '' });
      expect(updated).toEqual({ ...created, name: 'Renamed', pendingEmail: null });
    });

    it('refuses guests and invalid input', async () => {
      await expect(caller.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      await expect(caller.updateProfile(newAccount())).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      await expect(caller.register({ ...newAccount(), email: 'bad' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    });
  });
});
