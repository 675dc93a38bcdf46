import { alerts, alertSubscribers } from '@dealership/alert-data';
import { insertOrder, insertUser } from '@dealership/app-schema/testing';
import { tradeInOffers } from '@dealership/trade-in-offer-data';
import { vehicleImports } from '@dealership/vehicle-import-data';
import { auditEvents } from '@dealership/audit-data';
import { leadEvents, leads } from '@dealership/lead-data';
import { outboxMessages } from '@dealership/message-data';
import { mpesaPayments, orders } from '@dealership/order-data';
import { type DatabaseHandle, PeriodicJobs } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { sessions } from '@dealership/user-data';
import { daysBefore, monthsBefore, RETENTION } from '@dealership/shared-schemas';
import { PrivacyService, RETENTION_INTERVAL_MS } from '@dealership/user-server';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type PrivacyServer, startPrivacyServer } from './testing/privacy-server';

/*
 * The privacy policy's retention periods (RETENTION), kept by the daily job on two instances of
 * the whole server sharing one database: exactly what is past its period goes (leads anonymised
 * with their photos deleted, old orders without the buyer, old messages, expired sessions, old
 * activity), everything else stays, the owner's counts of leads do not change, the job runs once
 * per period across both instances, and the activity log records how many of each.
 */
describe('retention periods (two instances of the whole server, one real database)', () => {
  let database: DatabaseHandle;
  let first: PrivacyServer;
  let second: PrivacyServer;
  const now = new Date();
  const ago = (months: number) => monthsBefore(now, months);

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await startPrivacyServer({}, database);
    // One media folder, as instances behind a load balancer share one (or Cloudinary).
    second = await startPrivacyServer({ MEDIA_DIR: first.mediaDir }, database);
  }, 120_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
  });

  /** A lead as the form stored it, last touched `at`. */
  const lead = async (name: string, status: string, at: Date, details: Record<string, unknown> | null = null) => {
    const [row] = await database.db
      .insert(leads)
      .values({
        kind: details ? 'trade-in' : 'enquiry',
        name,
        phone: '+254712345678',
        email: `${name.toLowerCase()}@buyer.test`,
        message: `From ${name}`,
        status,
        note: `Called ${name}`,
        details,
        firstResponseAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await database.db.insert(leadEvents).values({ leadId: row.id, kind: 'note', body: `Spoke to ${name}`, createdAt: at });
    return row;
  };

  it('removes exactly what is past its period, keeps the counts of leads, runs once across both instances and logs how many', async () => {
    const db = database.db;
    // A buyer's trade-in photo, in the media folder both instances share.
    const photoDir = join(first.mediaDir, 'leads');
    mkdirSync(photoDir, { recursive: true });
    writeFileSync(join(photoDir, 'old-fielder-0123456789.jpg'), 'jpeg bytes');
    const photo = { url: '/media/leads/old-fielder-0123456789.jpg', publicId: 'leads/old-fielder-0123456789' };

    const expired = await lead('Expired', 'New', ago(RETENTION.leadMonths + 1), {
      make: 'Toyota',
      model: 'Fielder',
      year: 2015,
      mileage: 98000,
      condition: 'Good',
      photos: [photo],
    });
    const recent = await lead('Recent', 'Lost', ago(RETENTION.leadMonths - 1));
    const wonRecently = await lead('WonRecently', 'Won', ago(RETENTION.leadMonths + 1));
    const wonLongAgo = await lead('WonLongAgo', 'Won', ago(RETENTION.saleYears * 12 + 1));
    // Old, but the salesperson spoke to them last month: the last contact counts.
    const stillTalking = await lead('StillTalking', 'Contacted', ago(RETENTION.leadMonths + 6));
    await db.insert(leadEvents).values({ leadId: stillTalking.id, kind: 'call', body: 'Called again', createdAt: ago(1) });

    const buyer = await insertUser(db, { name: 'Old Buyer' });
    const contact = { name: 'Old Buyer', phone: '0712345678', address: 'Nyali' };
    const oldOrder = await insertOrder(db, { buyerId: buyer.id, contact, lines: [{ name: 'Toyota Probox' }], createdAt: ago(RETENTION.saleYears * 12 + 1) });
    const newerOrder = await insertOrder(db, { buyerId: buyer.id, contact, lines: [{ name: 'Toyota Vitz' }], createdAt: ago(RETENTION.saleYears * 12 - 1) });
    await db.insert(mpesaPayments).values({ orderId: oldOrder.id, amount: 50_000, phone: '254712345678', callbackTokenHash: 'retention-hash' });
    // An import and a trade-in offer past their periods (a sale's years, an unsold request's months), and recent ones.
    const importRow = (name: string, changed: Date) => ({
      buyerName: name,
      buyerPhone: '+254712345678',
      make: 'Toyota',
      model: 'Fielder',
      yearOfManufacture: 2020,
      yearOfFirstRegistration: 2020,
      chassisNumber: 'NZE161-3012345',
      purchaseCurrency: 'JPY',
      agreedPriceKes: 2_000_000,
      expectedArrival: '2021-01-10',
      updatedAt: changed,
    });
    const [oldImport, newerImport] = await db
      .insert(vehicleImports)
      .values([importRow('Old Importer', ago(RETENTION.saleYears * 12 + 1)), importRow('Newer Importer', ago(RETENTION.saleYears * 12 - 1))])
      .returning();
    const offerRow = (name: string, changed: Date) => ({ buyerName: name, buyerPhone: '+254712345678', car: '2012 Toyota Axio', amountKes: 500_000, validUntil: '2024-01-07', createdBy: 'Juma', updatedAt: changed });
    const [oldOffer, newerOffer] = await db
      .insert(tradeInOffers)
      .values([offerRow('Old Seller', ago(RETENTION.leadMonths + 1)), offerRow('Newer Seller', ago(RETENTION.leadMonths - 1))])
      .returning();

    const message = (status: string, days: number) =>
      db
        .insert(outboxMessages)
        // A message being sent holds its claim for an hour: the instances' workers leave it alone meanwhile.
        .values({
          channel: 'sms',
          recipient: '+254712345678',
          topic: 'lead.buyer',
          bodyText: `${status} ${days}`,
          status,
          claimedUntil: new Date(now.getTime() + 3_600_000),
          createdAt: daysBefore(now, days),
        })
        .returning();
    const [oldSent] = await message('sent', RETENTION.messageDays + 1);
    const [recentSent] = await message('sent', RETENTION.messageDays - 1);
    // Still being sent: never deleted under the sender's feet, however old.
    const [oldPending] = await message('sending', RETENTION.messageDays + 1);

    const [expiredSession] = await db
      .insert(sessions)
      .values({ userId: buyer.id, expiresAt: daysBefore(now, 1) })
      .returning();
    const [liveSession] = await db
      .insert(sessions)
      .values({ userId: buyer.id, expiresAt: new Date(now.getTime() + 86_400_000) })
      .returning();

    const activity = (months: number) =>
      db
        .insert(auditEvents)
        .values({ actorName: 'Boss', actorEmail: 'boss@dealer.test', entity: 'car', entityId: buyer.id, action: 'update', changes: {}, createdAt: ago(months) })
        .returning();
    const [oldActivity] = await activity(RETENTION.activityLogMonths + 1);
    const [recentActivity] = await activity(RETENTION.activityLogMonths - 1);
    // Alert sign-ups never confirmed (issue 30): one past ALERT_UNCONFIRMED_DAYS (7) goes with its contact, a recent one stays.
    for (const [contact, days] of [['old-signup@buyer.test', 8], ['new-signup@buyer.test', 6]] as const) {
      const [subscriber] = await db.insert(alertSubscribers).values({ contact, createdAt: daysBefore(now, days) }).returning();
      await db.insert(alerts).values({ subscriberId: subscriber.id, kind: 'search', filters: {}, label: 'All cars', createdAt: daysBefore(now, days) });
    }

    const leadCounts = () =>
      db
        .select({ kind: leads.kind, status: leads.status, firstResponseAt: leads.firstResponseAt, n: count() })
        .from(leads)
        .groupBy(leads.kind, leads.status, leads.firstResponseAt)
        .orderBy(asc(leads.kind), asc(leads.status), asc(leads.firstResponseAt));
    const countsBefore = await leadCounts();

    // Both instances' timers fire at once: one claims the period and runs, the other does not.
    const tick = (server: PrivacyServer) =>
      server.app.get(PeriodicJobs).tick('privacy.retention', RETENTION_INTERVAL_MS, () => server.app.get(PrivacyService).applyRetention(now));
    const ran = await Promise.all([tick(first), tick(second)]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    // And again on both, later the same day: the period is taken.
    expect(await Promise.all([tick(first), tick(second)])).toEqual([false, false]);

    const byId = async (id: string) => (await db.select().from(leads).where(eq(leads.id, id)))[0];
    for (const gone of [expired, wonLongAgo]) {
      expect(await byId(gone.id)).toMatchObject({
        name: '(removed)',
        phone: '',
        email: null,
        message: '',
        note: null,
        details: null,
        buyerId: null,
        anonymisedAt: expect.any(Date),
      });
      expect((await db.select({ body: leadEvents.body }).from(leadEvents).where(eq(leadEvents.leadId, gone.id))).map((event) => event.body)).toEqual([null]);
    }
    for (const kept of [recent, wonRecently, stillTalking]) {
      expect(await byId(kept.id)).toMatchObject({ name: kept.name, phone: '+254712345678', message: kept.message, anonymisedAt: null });
    }
    expect(existsSync(join(photoDir, 'old-fielder-0123456789.jpg'))).toBe(false);
    // The owner's reports count rows by kind, status, week and first response: all still there.
    expect(await leadCounts()).toEqual(countsBefore);

    const order = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0];
    expect(await order(oldOrder.id)).toMatchObject({ buyerId: null, contactName: null, contactPhone: null, contactAddress: null, amount: oldOrder.amount });
    expect(await order(newerOrder.id)).toMatchObject({ buyerId: buyer.id, contactName: 'Old Buyer', contactPhone: '0712345678' });
    expect((await db.select({ phone: mpesaPayments.phone }).from(mpesaPayments).where(eq(mpesaPayments.orderId, oldOrder.id)))[0].phone).toBe('');

    const buyerNames = async (table: typeof vehicleImports | typeof tradeInOffers, ids: string[]) =>
      (await db.select({ id: table.id, buyerName: table.buyerName }).from(table)).filter((row) => ids.includes(row.id)).map((row) => row.buyerName).sort();
    expect(await buyerNames(vehicleImports, [oldImport.id, newerImport.id])).toEqual(['Deleted buyer', 'Newer Importer']);
    expect(await buyerNames(tradeInOffers, [oldOffer.id, newerOffer.id])).toEqual(['Deleted buyer', 'Newer Seller']);

    const messageIds = (await db.select({ id: outboxMessages.id }).from(outboxMessages)).map((row) => row.id);
    expect(messageIds).not.toContain(oldSent.id);
    expect(messageIds).toEqual(expect.arrayContaining([recentSent.id, oldPending.id]));

    const sessionIds = (await db.select({ id: sessions.id }).from(sessions)).map((row) => row.id);
    expect(sessionIds).not.toContain(expiredSession.id);
    expect(sessionIds).toContain(liveSession.id);

    const activityIds = (await db.select({ id: auditEvents.id }).from(auditEvents)).map((row) => row.id);
    expect(activityIds).not.toContain(oldActivity.id);
    expect(activityIds).toContain(recentActivity.id);

    // One record of the run in the activity log, with how many of each.
    const runs = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'privacy'), eq(auditEvents.action, 'retention')));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ actorId: null, actorName: 'Retention job' });
    expect(runs[0].changes).toEqual({
      leadsAnonymised: { after: 2 },
      leadPhotosDeleted: { after: 1 },
      ordersAnonymised: { after: 1 },
      messagesDeleted: { after: 1 },
      sessionsDeleted: { after: 1 },
      activityRowsDeleted: { after: 1 },
      alertsUnconfirmedDeleted: { after: 1 },
      alertSubscribersDeleted: { after: 1 },
      alertMatchesDeleted: { after: 0 },
      importsAnonymised: { after: 1 },
      tradeInOffersAnonymised: { after: 1 },
    });
    expect((await db.select({ contact: alertSubscribers.contact }).from(alertSubscribers)).map((s) => s.contact)).toEqual(['new-signup@buyer.test']);
    // A second run finds nothing left to do.
    expect(await first.app.get(PrivacyService).applyRetention(now)).toEqual({
      leadsAnonymised: 0,
      leadPhotosDeleted: 0,
      ordersAnonymised: 0,
      messagesDeleted: 0,
      sessionsDeleted: 0,
      activityRowsDeleted: 0,
      alertsUnconfirmedDeleted: 0,
      alertSubscribersDeleted: 0,
      alertMatchesDeleted: 0,
      importsAnonymised: 0,
      tradeInOffersAnonymised: 0,
    });
    expect(
      (
        await db
          .select({ n: count() })
          .from(leads)
          .where(sql`anonymised_at is not null`)
      )[0].n,
    ).toBe(2);
  });
});
