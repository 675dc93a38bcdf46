import { createModuleTestApp, insertUser } from '@dealership/app-schema/testing';
import { auditEvents } from '@dealership/audit-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { sessions, users } from '@dealership/user-data';
import { AuthService } from '@dealership/server-auth';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import { startSmtpStub, type ReceivedMail, type SmtpStub } from '@dealership/shared-provider-stubs';
import type { AuthUser } from '@dealership/shared-schemas';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { and, eq, sql } from 'drizzle-orm';
import { StaffRouter } from './staff.router';
import { UserModule } from './user.module';
import { UserRouter } from './user.router';
import { sessionOf } from './session-of.fixture';

const PUBLIC_URL = 'https://cars.example.co.ke';
const PASSWORD = 'a-long-staff-password';

/** The token of the invitation's link (the password page, welcoming them). */
function inviteToken(mail: ReceivedMail): string {
  const match = new RegExp(`${PUBLIC_URL}/reset-password\\?token=([A-Za-z0-9_-]+)&amp;invite=1|${PUBLIC_URL}/reset-password\\?token=([A-Za-z0-9_-]+)&invite=1`).exec(mail.text);
  const token = match?.[1] ?? match?.[2];
  if (!token) throw new Error(`no invitation link in: ${mail.text}`);
  return token;
}

// The Staff page's procedures (issue 28): owners invite, change roles, deactivate; the dealership
// never loses its last active owner; a deactivated account signs in nowhere.
describe('staff accounts: invite, roles, deactivation (integration, real database, loopback SMTP)', () => {
  let handle: DatabaseHandle;
  let smtp: SmtpStub;
  let app: NestFastifyApplication;
  let ips = 0;
  let owner: AuthUser;
  const ctx = (user: AuthUser | null): TrpcContext => ({ user, ip: `10.7.0.${++ips % 250}` });
  const staff = (user: AuthUser | null) => createCallerFactory(app.get(StaffRouter).router)(ctx(user));
  const accounts = (user: AuthUser | null = null) => createCallerFactory(app.get(UserRouter).router)(ctx(user));
  const authUser = async (token: string) => app.get(AuthService).userFromAuthorization(token);
  const staffUser = async (staffRole: 'owner' | 'sales', name = `${staffRole} ${++ips}`): Promise<AuthUser> => {
    const row = await insertUser(handle.db, { name, email: `${name.replace(/\s/g, '-')}@dealer.test`, role: 1, staffRole });
    return { id: row.id, name: row.name, email: row.email, role: 1, staffRole };
  };

  beforeAll(async () => {
    handle = await createTestDatabase();
    smtp = await startSmtpStub();
    app = await createModuleTestApp(handle, [UserModule], {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Mombasa Car Dealership <sales@dealer.test>', PUBLIC_URL },
      userLookup: 'provided',
    });
    owner = await staffUser('owner', 'Fatuma Owner');
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await handle?.close();
  });

  it('an owner invites a salesperson: an email with a single-use link sets their password, then they sign in as sales', async () => {
    const invited = await staff(owner).invite({ name: 'Salim Mwangi', email: 'Salim@Dealer.test', staffRole: 'sales' });
    expect(invited).toMatchObject({ name: 'Salim Mwangi', email: 'salim@dealer.test', staffRole: 'sales', invitePending: true, lastSignInAt: null, deactivatedAt: null });
    expect((await staff(owner).list()).map((m) => m.email)).toContain('salim@dealer.test');

    const mail = await smtp.waitFor((m) => m.to.includes('salim@dealer.test'));
    expect(mail.subject).toBe('Fatuma Owner invited you to the Mombasa Car Dealership back office');
    const token = inviteToken(mail);
    // Nobody can sign in before the link is used: the account's password is a random one.
    await expect(accounts().login({ email: 'salim@dealer.test', password: PASSWORD })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await accounts().resetPassword({ token, password: PASSWORD, confirmPassword: PASSWORD });
    await expect(accounts().resetPassword({ token, password: PASSWORD, confirmPassword: PASSWORD })).rejects.toMatchObject({ code: 'BAD_REQUEST' });

    const session = sessionOf(await accounts().login({ email: 'salim@dealer.test', password: PASSWORD }));
    expect(session.user).toMatchObject({ role: 1, staffRole: 'sales', emailVerified: true });
    const salim = await authUser(session.token);
    expect(salim).toMatchObject({ role: 1, staffRole: 'sales' });
    const listed = (await staff(owner).list()).find((m) => m.id === invited.id);
    expect(listed?.invitePending).toBe(false);
    expect(listed?.lastSignInAt).not.toBeNull();
    // A salesperson runs no staff.
    await expect(staff(salim).list()).rejects.toMatchObject({ code: 'FORBIDDEN', message: "Owner access required: ask the dealership's owner" });
    const [audit] = await handle.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, invited.id), eq(auditEvents.action, 'invite')));
    expect(audit).toMatchObject({ entity: 'user', actorName: 'Fatuma Owner' });
  });

  it('refuses an address that has an account already, naming the field', async () => {
    const customer = await insertUser(handle.db, { email: 'buyer-1@example.co.ke' });
    await expect(staff(owner).invite({ name: 'Buyer', email: customer.email, staffRole: 'sales' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'An account with this email exists already; invite the person with another address',
    });
    await expect(staff(owner).invite({ name: 'Someone', email: 'not-an-email', staffRole: 'sales' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('Email') });
  });

  it('never demotes or deactivates the last active owner; with a second owner it may', async () => {
    await handle.db.update(users).set({ deactivatedAt: new Date() }).where(and(eq(users.staffRole, 'owner'), eq(users.role, 1)));
    const only = await staffUser('owner', 'Only Owner');
    await expect(staff(only).setRole({ userId: only.id, staffRole: 'sales' })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('at least one active owner') });
    await expect(staff(only).deactivate({ userId: only.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    const second = await staffUser('owner', 'Second Owner');
    // Both at once, each demoting the other: one of them stays owner.
    const results = await Promise.allSettled([staff(only).setRole({ userId: second.id, staffRole: 'sales' }), staff(second).setRole({ userId: only.id, staffRole: 'sales' })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const owners = await handle.db.select().from(users).where(and(eq(users.staffRole, 'owner'), eq(users.role, 1)));
    expect(owners.filter((u) => u.deactivatedAt === null)).toHaveLength(1);
    await handle.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, owner.id));
  });

  it('deactivating ends every session at once and refuses sign-in; reactivating lets them back', async () => {
    const seller = await staffUser('sales', 'Deactivated Seller');
    const password = await accounts().register({ name: 'x', email: 'placeholder@x.test', password: PASSWORD, phone: '0712345678', address: 'Mombasa' });
    // The seller's password: the same as a registered account's hash.
    const [{ passwordHash }] = await handle.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, password.id));
    await handle.db.update(users).set({ passwordHash }).where(eq(users.id, seller.id));
    const { token } = sessionOf(await accounts().login({ email: seller.email, password: PASSWORD }));
    expect(await authUser(token)).toMatchObject({ id: seller.id });

    expect(await staff(owner).deactivate({ userId: seller.id })).toMatchObject({ deactivatedAt: expect.any(String) });
    expect(await authUser(token)).toBeNull();
    await expect(accounts().login({ email: seller.email, password: PASSWORD })).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringContaining('deactivated') });
    // A wrong password learns nothing about the account's state.
    await expect(accounts().login({ email: seller.email, password: 'wrong-password-1' })).rejects.toMatchObject({ message: expect.not.stringContaining('deactivated') });

    await staff(owner).reactivate({ userId: seller.id });
    expect(sessionOf(await accounts().login({ email: seller.email, password: PASSWORD })).user).toMatchObject({ staffRole: 'sales' });
    await expect(staff(owner).deactivate({ userId: password.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Staff account not found' });
  });

  it('ends a staff session after 12 hours without a request; a buyer\'s session of the same age lives on', async () => {
    const seller = await staffUser('sales', 'Idle Seller');
    const buyer = await insertUser(handle.db, { email: 'idle-buyer@example.co.ke' });
    const auth = app.get(AuthService);
    const sellerToken = await auth.startSession(seller.id);
    const buyerToken = await auth.startSession(buyer.id);
    const idle = (hours: number) => sql`now() - ${`${hours} hours`}::interval`;
    await handle.db.update(sessions).set({ lastSeenAt: idle(11.9) }).where(eq(sessions.userId, seller.id));
    // A request within the 12 hours keeps it alive, and moves its clock.
    expect(await authUser(sellerToken)).toMatchObject({ id: seller.id });
    const [seen] = await handle.db.select({ lastSeenAt: sessions.lastSeenAt }).from(sessions).where(eq(sessions.userId, seller.id));
    expect(Date.now() - seen.lastSeenAt.getTime()).toBeLessThan(60_000);
    await handle.db.update(sessions).set({ lastSeenAt: idle(12.1) }).where(eq(sessions.userId, seller.id));
    await handle.db.update(sessions).set({ lastSeenAt: idle(48) }).where(eq(sessions.userId, buyer.id));
    expect(await authUser(sellerToken)).toBeNull();
    expect(await authUser(buyerToken)).toMatchObject({ id: buyer.id });
  });
});
