import { createModuleTestApp } from '@dealership/app-schema/testing';
import { outboxMessages } from '@dealership/message-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { users, userTokens } from '@dealership/user-data';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import { AuthService, EMAIL_LINK_THROTTLE } from '@dealership/server-auth';
import { startSmtpStub, type ReceivedMail, type SmtpStub } from '@dealership/shared-provider-stubs';
import { PASSWORD_RESET_REQUESTED_MESSAGE } from '@dealership/user-schemas';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq, sql } from 'drizzle-orm';
import { EmailLinkService } from './email-link.service';
import { hashUserToken } from './user-token.repository';
import { LegacyLoginResponseSchema } from './user.legacy-mapper';
import { UserModule } from './user.module';
import { UserRouter } from './user.router';
import { sessionOf } from './session-of.fixture';

const PASSWORD = 'correct-horse-battery';
const NEW_PASSWORD = 'a-new-long-password';
const PUBLIC_URL = 'https://cars.example.co.ke';

/** The token of the first link to `path` in an email's text. */
function linkToken(mail: ReceivedMail, path: '/reset-password' | '/verify-email'): string {
  const match = new RegExp(`${PUBLIC_URL}${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[1];
}

/** The mails to `email` with `subject`, once there are `count` of them (or after 10 s). */
async function mailsTo(smtp: SmtpStub, email: string, subject: string, count: number): Promise<ReceivedMail[]> {
  const until = Date.now() + 10_000;
  for (;;) {
    const found = smtp.mails.filter((m) => m.to.includes(email) && m.subject === subject);
    if (found.length >= count || Date.now() > until) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Password reset and email verification: the emailed links, end to end through the outbox and the SMTP stub. */
describe('emailed account links (integration, real database, loopback SMTP)', () => {
  let handle: DatabaseHandle;
  let smtp: SmtpStub;
  let app: NestFastifyApplication;
  let nextIp = 0;
  const freshIp = () => `10.9.${Math.floor(++nextIp / 250)}.${nextIp % 250}`;
  const callerFor = (ctx: TrpcContext) => createCallerFactory(app.get(UserRouter).router)(ctx);
  const guest = () => callerFor({ user: null, ip: freshIp() });
  const links = () => app.get(EmailLinkService);

  const send = (method: 'GET' | 'POST', url: string, options: { body?: unknown; token?: string; ip?: string } = {}) =>
    app.inject({
      method,
      url,
      payload: options.body as Record<string, unknown> | undefined,
      remoteAddress: options.ip ?? freshIp(),
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    });
  let sequence = 0;
  const newAccount = () => ({
    name: 'Amina Otieno',
    email: `amina${++sequence}@example.co.ke`,
    password: PASSWORD,
    phone: '0712345678',
    address: 'Nyali, Mombasa',
  });
  const login = async (email: string, password = PASSWORD) => send('POST', '/api/user/login', { body: { email, password } });
  /** A signed-in tRPC caller with its token's session, as the web app's requests are. */
  const signedIn = async (email: string, password = PASSWORD) => {
    const session = sessionOf(await guest().login({ email, password }));
    return { token: session.token, caller: callerFor({ user: await app.get(AuthService).userFromAuthorization(session.token), ip: freshIp() }), session };
  };
  const mailTo = (email: string, subject: string) => smtp.waitFor((m) => m.to.includes(email) && m.subject === subject);
  const outboxFor = (email: string) => handle.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));

  beforeAll(async () => {
    handle = await createTestDatabase();
    smtp = await startSmtpStub();
    app = await createModuleTestApp(handle, [UserModule], {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Mombasa Car Dealership <sales@dealer.test>', PUBLIC_URL },
      userLookup: 'provided',
    });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await handle?.close();
  });

  describe('email verification', () => {
    it('legacy REST register keeps its exact answer and sends a verification link that marks the account verified once', async () => {
      const account = newAccount();
      const res = await send('POST', '/api/user/register', { body: account });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ success: true, message: 'User Registered Successfully' });

      const mail = await mailTo(account.email, 'Confirm your email address');
      const token = linkToken(mail, '/verify-email');
      expect(mail.html).toContain(`${PUBLIC_URL}/verify-email?token=${token}`);
      // The database holds only the token's SHA-256, bound to the address it went to, for 7 days.
      const [stored] = await handle.db.select().from(userTokens).where(eq(userTokens.email, account.email));
      expect(stored).toMatchObject({ purpose: 'email-verify', tokenHash: hashUserToken(token), usedAt: null });
      expect(stored.tokenHash).not.toContain(token);
      expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

      // Unverified accounts sign in as before; the legacy login shape has no new field.
      const legacy = await login(account.email);
      expect(LegacyLoginResponseSchema.parse(legacy.json()).user).not.toHaveProperty('emailVerified');
      const { caller } = await signedIn(account.email);
      expect(await caller.me()).toMatchObject({ email: account.email, emailVerified: false });

      await expect(guest().verifyEmail({ token })).resolves.toEqual({ email: account.email });
      expect(await caller.me()).toMatchObject({ emailVerified: true });
      await expect(guest().verifyEmail({ token })).rejects.toMatchObject({ code: 'BAD_REQUEST', cause: { field: 'token' } });
      await expect(guest().verifyEmail({ token: 'not-a-token-we-sent' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    });

    it('tRPC register sends the link too; an expired link does not verify', async () => {
      const account = newAccount();
      expect(await guest().register(account)).toMatchObject({ email: account.email, emailVerified: false });
      const token = linkToken(await mailTo(account.email, 'Confirm your email address'), '/verify-email');
      await handle.db
        .update(userTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(userTokens.tokenHash, hashUserToken(token)));
      await expect(guest().verifyEmail({ token })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      const [row] = await handle.db.select().from(users).where(eq(users.email, account.email));
      expect(row.emailVerifiedAt).toBeNull();
    });

    it('a new email in the profile is only pending: a link to the new address moves the account (verified), once, and the old address is told', async () => {
      const account = newAccount();
      await guest().register(account);
      const { caller } = await signedIn(account.email);
      const moved = `moved${sequence}@example.co.ke`;
      const updated = await caller.updateProfile({ name: account.name, email: moved, phone: account.phone, address: account.address, currentPassword: account.password });
      // The account keeps its address (and can still verify it) until the new one's owner opens the link.
      expect(updated).toMatchObject({ email: account.email, pendingEmail: moved });
      await guest().verifyEmail({ token: linkToken(await mailTo(account.email, 'Confirm your email address'), '/verify-email') });

      const changeToken = linkToken(await mailTo(moved, 'Confirm your new email address'), '/verify-email');
      expect(await guest().verifyEmail({ token: changeToken })).toEqual({ email: moved, previousEmail: account.email });
      await expect(guest().verifyEmail({ token: changeToken })).rejects.toMatchObject({ code: 'BAD_REQUEST', cause: { field: 'token' } });
      const { caller: movedCaller } = await signedIn(moved);
      expect(await movedCaller.me()).toMatchObject({ email: moved, emailVerified: true });
      expect((await mailTo(account.email, 'Your account email was changed')).text).toContain(moved);
      // Saving the profile with the same address in other letters keeps the mark, with nothing pending.
      expect(await movedCaller.updateProfile({ name: 'Amina O.', email: moved.toUpperCase(), phone: account.phone, address: account.address })).toMatchObject({
        emailVerified: true,
        pendingEmail: null,
      });
    });

    it('a move to an address another account has answers as for a free one and sends that address nothing', async () => {
      const holder = newAccount();
      await guest().register(holder);
      const account = newAccount();
      await guest().register(account);
      const { caller } = await signedIn(account.email);
      const profile = { name: account.name, phone: account.phone, address: account.address, currentPassword: account.password };
      const free = `free${sequence}@example.co.ke`;
      const toFree = await caller.updateProfile({ ...profile, email: free });
      const toTaken = await (await signedIn(account.email)).caller.updateProfile({ ...profile, email: holder.email.toUpperCase() });
      expect(toTaken).toEqual({ ...toFree, pendingEmail: holder.email });
      await mailTo(free, 'Confirm your new email address');
      expect((await outboxFor(holder.email)).map((m) => m.topic)).toEqual(['email.verify']);
    });

    it('moves to a new email are throttled per account: past the hourly limit 429, and no link to the address typed', async () => {
      const account = newAccount();
      await guest().register(account);
      const profile = { name: account.name, phone: account.phone, address: account.address, currentPassword: account.password };
      for (let i = 0; i < EMAIL_LINK_THROTTLE.maxEmailChangesPerAccount; i++) await (await signedIn(account.email)).caller.updateProfile({ ...profile, email: `move${sequence}-${i}@example.co.ke` });
      const victim = `victim${sequence}@example.co.ke`;
      await expect((await signedIn(account.email)).caller.updateProfile({ ...profile, email: victim })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      expect(await outboxFor(victim)).toEqual([]);
    });

    it('an email-change link whose address another account took meanwhile is refused, the account keeping its email', async () => {
      const account = newAccount();
      await guest().register(account);
      const { caller } = await signedIn(account.email);
      const wanted = `wanted${sequence}@example.co.ke`;
      await caller.updateProfile({ name: account.name, email: wanted, phone: account.phone, address: account.address, currentPassword: account.password });
      const token = linkToken(await mailTo(wanted, 'Confirm your new email address'), '/verify-email');
      await guest().register({ ...newAccount(), email: wanted });
      await expect(guest().verifyEmail({ token })).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(await (await signedIn(account.email)).caller.me()).toMatchObject({ email: account.email });
    });

    it('"Send the link again" sends a fresh link, up to the hourly limit (then 429), and nothing once verified', async () => {
      const account = newAccount();
      await guest().register(account);
      const { caller } = await signedIn(account.email);
      for (let i = 0; i < EMAIL_LINK_THROTTLE.maxVerificationResendsPerAccount; i++) expect(await caller.resendVerification()).toEqual({ sent: true });
      await expect(caller.resendVerification()).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', cause: { retryAfterSeconds: expect.any(Number) } });
      const sent = await mailsTo(smtp, account.email, 'Confirm your email address', 1 + EMAIL_LINK_THROTTLE.maxVerificationResendsPerAccount);
      expect(sent).toHaveLength(1 + EMAIL_LINK_THROTTLE.maxVerificationResendsPerAccount);
      // Any of the links works (each is bound to the same address).
      const latest = sent.at(-1) as ReceivedMail;
      await guest().verifyEmail({ token: linkToken(latest, '/verify-email') });

      const other = newAccount();
      await guest().register(other);
      await guest().verifyEmail({ token: linkToken(await mailTo(other.email, 'Confirm your email address'), '/verify-email') });
      expect(await (await signedIn(other.email)).caller.resendVerification()).toEqual({ sent: false });
    });
  });

  describe('password reset', () => {
    const requestReset = async (email: string, ip = freshIp()) => {
      const answer = await callerFor({ user: null, ip }).requestPasswordReset({ email });
      await links().settled();
      return answer;
    };

    it('emails a single-use link; the reset ends every session, verifies the email, and only the new password signs in', async () => {
      const account = newAccount();
      await guest().register(account);
      const first = await signedIn(account.email);
      const second = await signedIn(account.email);
      expect((await send('GET', '/api/user/user-auth', { token: first.token })).statusCode).toBe(200);

      expect(await requestReset(account.email.toUpperCase())).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
      const mail = await mailTo(account.email, 'Reset your password');
      const token = linkToken(mail, '/reset-password');
      const [stored] = await handle.db
        .select()
        .from(userTokens)
        .where(eq(userTokens.tokenHash, hashUserToken(token)));
      expect(stored.purpose).toBe('password-reset');
      const ttl = stored.expiresAt.getTime() - stored.createdAt.getTime();
      expect(ttl).toBeGreaterThan(29 * 60 * 1000);
      expect(ttl).toBeLessThanOrEqual(30 * 60 * 1000 + 1000);

      await expect(guest().resetPassword({ token, password: NEW_PASSWORD, confirmPassword: 'something-else' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      expect(await guest().resetPassword({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).toEqual({ email: account.email });

      for (const old of [first, second]) expect((await send('GET', '/api/user/user-auth', { token: old.token })).statusCode).toBe(401);
      expect((await login(account.email)).statusCode).toBe(401);
      expect((await login(account.email, NEW_PASSWORD)).statusCode).toBe(200);
      expect(await (await signedIn(account.email, NEW_PASSWORD)).caller.me()).toMatchObject({ emailVerified: true });
      // Used once: the same link cannot set another password.
      await expect(guest().resetPassword({ token, password: 'third-password', confirmPassword: 'third-password' })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('ask for a new one'),
      });
      // Kept as sensitive: its body is blanked once sent, so the link stays in no table.
      const rows = await outboxFor(account.email);
      expect(rows.find((r) => r.topic === 'password.reset')?.sensitive).toBe(true);
    });

    it('answers an unknown address with the same words, and sends nothing', async () => {
      const unknown = `nobody${++sequence}@example.co.ke`;
      expect(await requestReset(unknown)).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
      expect(await outboxFor(unknown)).toHaveLength(0);
    });

    it('a new request replaces the earlier unused link; an expired link does not work', async () => {
      const account = newAccount();
      await guest().register(account);
      await requestReset(account.email);
      const older = linkToken(await mailTo(account.email, 'Reset your password'), '/reset-password');
      await requestReset(account.email);
      const newer = linkToken((await mailsTo(smtp, account.email, 'Reset your password', 2))[1], '/reset-password');
      expect(newer).not.toBe(older);
      await expect(guest().resetPassword({ token: older, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });

      await handle.db
        .update(userTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(userTokens.tokenHash, hashUserToken(newer)));
      await expect(guest().resetPassword({ token: newer, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
      expect((await login(account.email)).statusCode).toBe(200);
    });

    it('is throttled per email (whatever the address) and per client address: 429 with Retry-After', async () => {
      const account = newAccount();
      await guest().register(account);
      for (let i = 0; i < EMAIL_LINK_THROTTLE.maxResetsPerEmail; i++) await requestReset(account.email);
      await expect(requestReset(account.email)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringContaining('try again in') });

      const ip = freshIp();
      for (let i = 0; i < EMAIL_LINK_THROTTLE.maxResetsPerIp; i++) await requestReset(`spray${i}-${sequence}@example.co.ke`, ip);
      await expect(requestReset(`one-more-${sequence}@example.co.ke`, ip)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    });
  });
});
