import { insertOrder } from '@dealership/app-schema/testing';
import { auditEvents } from '@dealership/audit-data';
import { leads } from '@dealership/lead-data';
import { outboxMessages } from '@dealership/message-data';
import { mpesaPayments, orders } from '@dealership/order-data';
import { users } from '@dealership/user-data';
import { executeRows } from '@dealership/server-db';
import { and, count, eq, sql } from 'drizzle-orm';
import { type PrivacyServer, startPrivacyServer } from './testing/privacy-server';
import { TEST_ADMIN } from './testing/test-config';

/*
 * A person's rights over their data (Data Protection Act, 2019), through the whole server: their
 * data export holds their profile, orders, requests and sessions and nobody else's; deleting their
 * account needs their password, removes their personal fields from the orders kept for the
 * accounts and from their requests, ends every session and queues the confirmation email; staff
 * accounts are deactivated by an owner instead.
 */
describe('data export and account deletion (whole server, real database)', () => {
  let server: PrivacyServer;
  const people = {
    amina: { name: 'Amina Export', email: 'amina.export@buyer.test', password: 'amina-long-password-42', phone: '0712345678', address: 'Nyali, Mombasa' },
    baraka: { name: 'Baraka Other', email: 'baraka.other@buyer.test', password: 'baraka-long-password-42', phone: '0722000111', address: 'Likoni, Mombasa' },
  };
  const ids: Record<string, string> = {};

  const login = async (email: string, password: string) => {
    const { status, body } = await server.trpc('user.login', { email, password });
    expect(status).toBe(200);
    return (body.result?.data as { token: string; user: { id: string } }).token;
  };
  /** Registers `who`, signs in, sends a lead signed in and gets an order: their own data. */
  const customer = async (key: keyof typeof people) => {
    const person = people[key];
    expect((await server.trpc('user.register', person)).status).toBe(200);
    const token = await login(person.email, person.password);
    const lead = await server.trpc(
      'lead.create',
      { kind: 'enquiry', name: person.name, phone: person.phone, consent: true, message: `A question from ${person.name}` },
      token,
    );
    expect(lead.status).toBe(200);
    const [account] = await server.database.db.select().from(users).where(eq(users.email, person.email));
    const order = await insertOrder(server.database.db, {
      buyerId: account.id,
      contact: { name: person.name, phone: person.phone, address: person.address },
      lines: [{ name: 'Toyota Fielder 2016' }],
    });
    Object.assign(ids, { [`${key}User`]: account.id, [`${key}Lead`]: (lead.body.result?.data as { id: string }).id, [`${key}Order`]: order.id });
    return token;
  };
  let aminaToken: string;
  let aminaOtherDevice: string;

  /** A lead sent without signing in; its id. */
  const signedOutLead = async (fields: { name: string; phone: string; email?: string }) => {
    const lead = await server.trpc('lead.create', { kind: 'enquiry', consent: true, message: `Signed out, from ${fields.name}`, ...fields });
    expect(lead.status).toBe(200);
    return (lead.body.result?.data as { id: string }).id;
  };
  /** Follows the verification link the outbox holds for `email`: the address is then proven. */
  const verify = async (email: string) => {
    const [mail] = await server.database.db
      .select({ text: outboxMessages.bodyText })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.topic, 'email.verify')));
    const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect((await server.trpc('user.verifyEmail', { token })).status).toBe(200);
  };

  beforeAll(async () => {
    server = await startPrivacyServer();
    aminaToken = await customer('amina');
    aminaOtherDevice = await login(people.amina.email, people.amina.password);
    await customer('baraka');
    // Before she had an account she asked about a car signed out, with her email in other letters;
    // someone typed only her phone; Baraka, whose address is unproven, sent one signed out too.
    ids['aminaSignedOutLead'] = await signedOutLead({ name: 'Amina', phone: people.amina.phone, email: people.amina.email.toUpperCase() });
    ids['phoneOnlyLead'] = await signedOutLead({ name: 'Someone', phone: people.amina.phone });
    ids['barakaSignedOutLead'] = await signedOutLead({ name: 'Baraka', phone: people.baraka.phone, email: people.baraka.email });
    await verify(people.amina.email);
    // A saved search she signed up for without signing in, and an M-Pesa result that names her number.
    expect((await server.trpc('alert.saveSearch', { filters: { search: 'Fielder' }, contact: people.amina.email })).status).toBe(200);
    await server.database.db.insert(mpesaPayments).values({
      orderId: ids['aminaOrder'],
      amount: 50_000,
      phone: '+254712345678',
      callbackTokenHash: 'f'.repeat(64),
      state: 'failed',
      resultDesc: 'M-Pesa reported KES 1 from +254712345678 (receipt ?), but we asked KES 50000 from +254712345678',
    });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it("exports the user's profile, orders, requests and sessions, and nobody else's", async () => {
    const { status, body } = await server.trpc('user.exportMyData', undefined, aminaToken, 'GET');
    expect(status).toBe(200);
    const data = body.result?.data as {
      profile: { id: string; email: string };
      orders: { id: string; contact: { name: string } }[];
      leads: { id: string; name: string; consentText: string | null }[];
      sessions: { current: boolean }[];
    };
    expect(data.profile).toMatchObject({ id: ids['aminaUser'], email: people.amina.email, name: people.amina.name });
    expect(data.orders.map((order) => order.id)).toEqual([ids['aminaOrder']]);
    expect(data.orders[0].contact).toMatchObject({ name: people.amina.name });
    // Hers: signed in, and signed out with her proven email; not one that only has her phone number.
    expect(data.leads.map((lead) => lead.id).sort()).toEqual([ids['aminaLead'], ids['aminaSignedOutLead']].sort());
    expect(data.leads.find((lead) => lead.id === ids['aminaLead'])).toMatchObject({ name: people.amina.name, consentText: expect.stringContaining('I agree') });
    expect(data.sessions).toHaveLength(2);
    expect(data.sessions.filter((session) => session.current)).toHaveLength(1);
    // Nothing of the other buyer, anywhere in the file; never a password hash.
    const file = JSON.stringify(data);
    for (const other of [ids['barakaUser'], ids['barakaLead'], ids['barakaOrder'], ids['phoneOnlyLead'], ids['barakaSignedOutLead'], people.baraka.email, people.baraka.name])
      expect(file).not.toContain(other);
    // An unproven address claims nothing: Baraka's export has only his signed-in lead.
    const baraka = await server.trpc('user.exportMyData', undefined, await login(people.baraka.email, people.baraka.password), 'GET');
    expect((baraka.body.result?.data as { leads: { id: string }[] }).leads.map((lead) => lead.id)).toEqual([ids['barakaLead']]);
    expect(file).not.toMatch(/argon2|passwordHash/);
    // A guest has no data to export.
    expect((await server.trpc('user.exportMyData', undefined, undefined, 'GET')).status).toBe(401);
  });

  it('refuses to delete an account without its password, naming the field, and changes nothing', async () => {
    for (const password of ['', 'not-the-password']) {
      const { status, body } = await server.trpc('user.deleteAccount', { password }, aminaToken);
      expect(status).toBe(400);
      expect(body.error?.data.field ?? Object.keys(body.error?.data.fieldErrors ?? {})[0]).toBe('password');
    }
    expect(await server.database.db.select().from(users).where(eq(users.id, ids['aminaUser']))).toHaveLength(1);
  });

  it('refuses to delete a staff account: an owner deactivates it instead', async () => {
    const token = await login(TEST_ADMIN.email, TEST_ADMIN.password);
    const { status, body } = await server.trpc('user.deleteAccount', { password: TEST_ADMIN.password }, token);
    expect(status).toBe(403);
    expect(body.error?.message).toMatch(/ask an owner to deactivate/);
    expect(await server.database.db.select().from(users).where(eq(users.email, TEST_ADMIN.email))).toHaveLength(1);
  });

  it('deletes the account: orders kept without the buyer, requests anonymised, every session ended, the email queued', async () => {
    const db = server.database.db;
    // An SMS she was sent (her lead's acknowledgement, as a sent message): it goes with the account.
    await db
      .insert(outboxMessages)
      .values({ channel: 'sms', recipient: '+254712345678', topic: 'lead.buyer', bodyText: 'We have your request', status: 'sent' });
    const toHer = sql`${outboxMessages.recipient} in (${people.amina.email}, '+254712345678')`;
    const [{ before }] = await db.select({ before: count() }).from(outboxMessages).where(toHer);
    const { status } = await server.trpc('user.deleteAccount', { password: people.amina.password }, aminaToken);
    expect(status).toBe(200);

    expect(await db.select().from(users).where(eq(users.id, ids['aminaUser']))).toEqual([]);
    // Both devices are signed out.
    for (const token of [aminaToken, aminaOtherDevice]) expect((await server.trpc('user.me', undefined, token, 'GET')).status).toBe(401);
    const [order] = await db.select().from(orders).where(eq(orders.id, ids['aminaOrder']));
    expect(order).toMatchObject({ buyerId: null, contactName: null, contactPhone: null, contactAddress: null });
    const [lead] = await db.select().from(leads).where(eq(leads.id, ids['aminaLead']));
    expect(lead).toMatchObject({ name: '(removed)', phone: '', email: null, message: '', buyerId: null, anonymisedAt: expect.any(Date) });
    const [signedOut] = await db.select().from(leads).where(eq(leads.id, ids['aminaSignedOutLead']));
    expect(signedOut).toMatchObject({ name: '(removed)', email: null, anonymisedAt: expect.any(Date) });
    expect((await db.select().from(leads).where(eq(leads.id, ids['phoneOnlyLead'])))[0]).toMatchObject({ name: 'Someone', anonymisedAt: null });
    const emails = await db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.topic, 'account.deleted'), eq(outboxMessages.recipient, people.amina.email)));
    expect(emails).toHaveLength(1);
    expect(emails[0].bodyText).toContain('we deleted your account');
    // Everything sent to her went (the verification email, the lead's acknowledgement, that SMS): only the confirmation is left.
    expect((await db.select({ topic: outboxMessages.topic }).from(outboxMessages).where(toHer)).map((message) => message.topic)).toEqual(['account.deleted']);
    // The other buyer keeps everything.
    expect((await db.select().from(orders).where(eq(orders.id, ids['barakaOrder'])))[0]).toMatchObject({
      buyerId: ids['barakaUser'],
      contactName: people.baraka.name,
    });
    expect((await db.select().from(leads).where(eq(leads.id, ids['barakaLead'])))[0]).toMatchObject({ name: people.baraka.name, anonymisedAt: null });
    // The activity log says an account was deleted, without the person's name or address.
    const [record] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'privacy'), eq(auditEvents.action, 'deleteAccount')));
    expect(record).toMatchObject({
      entityId: ids['aminaUser'],
      recordLabel: 'Customer account',
      changes: { ordersAnonymised: { after: 1 }, leadsAnonymised: { after: 2 }, leadPhotosDeleted: { after: 0 } },
    });
    // The messages to her went, those about her requests (the staff's alerts, her acknowledgements) with them.
    const deleted = (key: string) => (record.changes[key] as { after: number }).after;
    expect(deleted('messagesDeleted') + deleted('leadMessagesDeleted')).toBeGreaterThanOrEqual(before);
    expect(JSON.stringify(record)).not.toContain(people.amina.email);
  });

  it('leaves her email, name and phone in no table (what someone else typed with her number alone is not hers)', async () => {
    const db = server.database.db;
    const tables = await executeRows<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`);
    const found: string[] = [];
    for (const { name } of tables) {
      const rows = await executeRows<{ row: string }>(db, sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`);
      for (const { row } of rows) {
        // The request someone typed with her number only (and its messages to the staff) are not hers: kept.
        if (row.includes(ids['phoneOnlyLead'])) continue;
        const text = row.toLowerCase();
        for (const trace of [people.amina.email, people.amina.name.toLowerCase(), '0712345678', '254712345678', '0712 345 678'])
          if (text.includes(trace) && !(name === 'outbox_messages' && row.includes('"topic":"account.deleted"'))) found.push(`${name}: ${trace} in ${row.slice(0, 300)}`);
      }
    }
    expect(found).toEqual([]);
  });
});
