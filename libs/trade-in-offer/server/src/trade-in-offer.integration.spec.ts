import { createModuleTestApp, insertUser } from '@dealership/app-schema/testing';
import { auditEvents } from '@dealership/audit-data';
import { outboxMessages } from '@dealership/message-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import { BUILT_IN_SETTING, SettingService } from '@dealership/setting-server';
import { nairobiDate } from '@dealership/shared-util';
import { TradeInOfferCreateInputSchema } from '@dealership/trade-in-offer-schemas';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { and, eq } from 'drizzle-orm';
import { TradeInOfferModule } from './trade-in-offer.module';
import { TradeInOfferPersonalData } from './trade-in-offer.personal-data';
import { TradeInOfferRouter } from './trade-in-offer.router';
import { TradeInOfferService } from './trade-in-offer.service';

describe('trade-in offers (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  const sales = { id: '', name: 'Juma', email: 'juma@dealer.test', role: 1 as const, staffRole: 'sales' as const };
  const customer = { id: '', name: 'Amina', email: 'amina@example.com', role: 0 as const, staffRole: null };
  const callerFor = (user: TrpcContext['user']) => createCallerFactory(app.get(TradeInOfferRouter).router)({ user, ip: '127.0.0.1' });
  const axio = { buyerName: 'Amina Buyer', buyerPhone: '0712 345 678', buyerEmail: 'amina@example.com', car: '2015 Toyota Axio, 120,000 km', amountKes: 850_000, conditions: 'Logbook and spare key at handover' };
  const tokenOf = (url: string) => url.split('/').at(-1) ?? '';
  const messagesAbout = (id: string, topic: string) => handle.db.select().from(outboxMessages).where(and(eq(outboxMessages.reference, id), eq(outboxMessages.topic, topic as never)));
  const make = (changes: object, now: Date) => app.get(TradeInOfferService).make(TradeInOfferCreateInputSchema.parse({ ...axio, ...changes }), sales, now);

  beforeAll(async () => {
    handle = await createTestDatabase();
    sales.id = (await insertUser(handle.db, { name: 'Juma', email: 'juma@dealer.test', role: 1, staffRole: 'sales' })).id;
    customer.id = (await insertUser(handle.db, { name: 'Amina', email: 'amina@example.com' })).id;
    await insertUser(handle.db, { name: 'Boss', email: 'boss@dealer.test', role: 1, staffRole: 'owner' });
    app = await createModuleTestApp(handle, [TradeInOfferModule], { env: { PUBLIC_URL: 'https://cars.example' } });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('sends an offer valid a week by default; the buyer accepts it from the link, once, and the owners hear of it', async () => {
    const offer = await callerFor(sales).make(axio);
    expect(offer).toMatchObject({ reference: expect.stringMatching(/^OFR-\d{5}$/), status: 'sent', buyerPhone: '+254712345678', offerUrl: expect.stringMatching(/^https:\/\/cars\.example\/trade-in-offer\//) });
    const [sms] = (await messagesAbout(offer.id, 'trade-in.offer')).filter((message) => message.channel === 'sms');
    expect(sms.bodyText).toMatch(/^Mombasa Car Dealership: our offer for your 2015 Toyota Axio, 120,000 km is KES 850,000, valid until \d{1,2} \w{3} \d{4}\. See it and accept it: https:\/\/cars\.example\/trade-in-offer\//);
    await expect(callerFor(customer).make(axio)).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const token = tokenOf(offer.offerUrl);
    const view = await callerFor(null).view({ token });
    expect(view).toEqual({ reference: offer.reference, car: axio.car, amountKes: 850_000, conditions: axio.conditions, validUntil: offer.validUntil, status: 'sent' });
    expect(JSON.stringify(view)).not.toMatch(/Juma|\+2547|amina@/);
    expect(await callerFor(null).accept({ token })).toMatchObject({ status: 'accepted' });
    // The same answer again changes nothing; another one is refused.
    expect(await callerFor(null).accept({ token })).toMatchObject({ status: 'accepted' });
    await expect(callerFor(null).decline({ token })).rejects.toMatchObject({ code: 'CONFLICT', message: 'This offer was already accepted' });
    expect((await messagesAbout(offer.id, 'trade-in.answered')).map((message) => message.recipient)).toContain('boss@dealer.test');
    expect((await handle.db.select().from(auditEvents).where(eq(auditEvents.entityId, offer.id))).map((event) => event.recordLabel)).toEqual(
      expect.arrayContaining([expect.stringMatching(/: accepted$/)]),
    );
    // A forged or altered link opens nothing.
    await expect(callerFor(null).view({ token: `${offer.id}.forged` })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("accepted signed in, the offer is the account's credit at checkout, whatever contacts it was sent to", async () => {
    const offer = await make({ buyerEmail: 'another@example.com', buyerPhone: '0712 345 670' }, new Date());
    expect(await callerFor(customer).mine()).toEqual([]);
    await callerFor(customer).accept({ token: tokenOf(offer.offerUrl) });
    expect(await callerFor(customer).mine()).toEqual([{ id: offer.id, reference: offer.reference, car: axio.car, amountKes: 850_000, validUntil: offer.validUntil }]);
    await expect(callerFor(null).mine()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('reminds the buyer once two days before the end, expires the offer after its last day, and refuses a late answer', async () => {
    const service = app.get(TradeInOfferService);
    const madeOn = new Date('2026-12-07T08:00:00Z');
    const offer = await make({ buyerPhone: '0712 345 679' }, madeOn);
    expect(offer.validUntil).toBe('2026-12-14');
    expect(await service.runJob(new Date('2026-12-11T08:00:00Z'))).toMatchObject({ reminded: 0 });
    expect(await service.runJob(new Date('2026-12-12T08:00:00Z'))).toMatchObject({ reminded: 1 });
    expect(await service.runJob(new Date('2026-12-13T08:00:00Z'))).toMatchObject({ reminded: 0 });
    const [reminder] = (await messagesAbout(offer.id, 'trade-in.reminder')).filter((message) => message.channel === 'sms');
    expect(reminder.bodyText).toMatch(/^Mombasa Car Dealership: our offer of KES 850,000 for your 2015 Toyota Axio, 120,000 km ends on 14 Dec 2026\. Accept it before then: https:\/\//);
    // Still good on its last day; gone the day after.
    expect(await service.runJob(new Date('2026-12-14T20:00:00Z'))).toMatchObject({ expired: 0 });
    expect(await service.runJob(new Date('2026-12-14T21:30:00Z'))).toMatchObject({ expired: 1 });
    await expect(service.answer(tokenOf(offer.offerUrl), 'accepted', new Date('2026-12-15T08:00:00Z'))).rejects.toMatchObject({
      message: 'This offer ended on 14 Dec 2026; ask us for a new one',
    });
    expect((await service.view(tokenOf(offer.offerUrl))).status).toBe('expired');
  });

  it("holds for the rate set's days by default (what the Terms page says)", async () => {
    const today = nairobiDate();
    await app.get(SettingService).create(
      { effectiveFrom: today, duty: BUILT_IN_SETTING.duty, finance: BUILT_IN_SETTING.finance, reservation: { ...BUILT_IN_SETTING.reservation, tradeInOfferValidDays: 10 }, note: null },
      sales,
    );
    const offer = await callerFor(sales).make({ ...axio, buyerPhone: '0712 345 671' });
    expect(offer.validUntil).toBe(new Date(Date.parse(`${today}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10));
  });

  it("is in the buyer's data export by their proven contacts, and leaves with their account", async () => {
    await make({ buyerPhone: '0722 100 200', buyerEmail: 'wanjiru@example.com' }, new Date());
    const personal = app.get(TradeInOfferPersonalData);
    const person = { userId: customer.id, verifiedEmail: null, verifiedPhone: '+254722100200' };
    const exported = (await personal.exportOf(person)) as { car: string; buyerPhone: string; createdBy?: string }[];
    // The one sent to the proven phone, and the one the account accepted signed in (above).
    expect(exported.map((offer) => offer.buyerPhone).sort()).toEqual(['+254712345670', '+254722100200']);
    expect(exported[0].createdBy).toBeUndefined();
    expect(await personal.exportOf({ ...person, userId: sales.id, verifiedPhone: null })).toEqual([]);
    const forgotten = await handle.db.transaction((tx) => personal.forget(person, tx));
    expect(forgotten.counts.tradeInOffersAnonymised).toBe(2);
    expect(await personal.exportOf(person)).toEqual([]);
  });
});
