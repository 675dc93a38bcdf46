import { createModuleTestApp, insertBrand, insertCar, insertUser } from '@dealership/app-schema/testing';
import { leadEvents, leads } from '@dealership/lead-data';
import { mediaUploads } from '@dealership/media-data';
import { outboxMessages } from '@dealership/message-data';
import { MessageWorker } from '@dealership/message-server';
import { type DatabaseHandle, executeRows } from '@dealership/server-db';
import { createTestDatabase, eventually } from '@dealership/server-db/testing';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import { startWhatsAppStub, whatsappDelivery, whatsappSignature, type WhatsAppStub } from '@dealership/shared-provider-stubs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { LeadModule } from '../lead.module';
import { LeadPersonalData } from '../lead.personal-data';
import { LeadRouter } from '../lead.router';
import { PHOTO_ATTEMPTS, WhatsAppService } from './whatsapp.service';

// Buyers' WhatsApp messages through the real webhook route (raw-body signature, durable queue) into
// leads, and staff replies through the outbox to a loopback stub of Meta's Cloud API.
describe('WhatsApp conversations on leads (integration, real HTTP app and database, loopback Graph API stub)', () => {
  let handle: DatabaseHandle;
  let stub: WhatsAppStub;
  let app: NestFastifyApplication;
  let carId: string;
  let salesperson: { id: string; name: string };
  const buyer = '254712000431';
  const deliver = (body: string, signature = whatsappSignature(body, stub.env.WHATSAPP_APP_SECRET)) =>
    app.inject({ method: 'POST', url: '/api/whatsapp/webhook', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, payload: body });
  const as = (user: { id: string; name: string }) =>
    createCallerFactory(app.get(LeadRouter).router)({ user: { ...user, email: 'sales@dealer.test', role: 1, staffRole: 'sales' } as TrpcContext['user'], ip: '127.0.0.1' });
  const whatsappLeads = () => handle.db.select().from(leads).where(eq(leads.kind, 'whatsapp'));
  /** The WhatsApp lead of a number, once its first message is worked. */
  const leadOf = async (number: string, timeoutMs = 5000) => {
    const [lead] = await eventually(
      async () => (await whatsappLeads()).filter((row) => row.phone === `+${number}`),
      (rows) => rows.length > 0,
      timeoutMs,
    );
    return lead;
  };
  const queued = (id: string) =>
    executeRows<{ payload: string; processed: boolean; last_error: string | null }>(
      handle.db,
      sql`select payload::text as payload, processed_at is not null as processed, last_error from whatsapp_inbound where id = ${id}`,
    );

  beforeAll(async () => {
    [handle, stub] = await Promise.all([createTestDatabase(), startWhatsAppStub()]);
    app = await createModuleTestApp(handle, [LeadModule], {
      env: {
        ...stub.env,
        WHATSAPP_TEMPLATES: 'follow_up:en:Hello {{1}}, is the car still of interest?',
        WHATSAPP_NOTIFY_TEMPLATE: 'dealer_update:en:Update from the dealer: {{1}}',
        PUBLIC_URL: 'https://cars.example',
      },
    });
    const brand = await insertBrand(handle.db, { name: 'Toyota' });
    carId = (await insertCar(handle.db, { brandId: brand.id, name: 'Toyota Prado 2019', stockNumber: 'ST-00012', price: 2_450_000 })).id;
    await insertUser(handle.db, { name: 'Owner', email: 'owner@dealer.test', role: 1 });
    // Salim proved his phone and chose WhatsApp for the site's texts.
    const seller = await insertUser(handle.db, {
      name: 'Salim Seller',
      email: 'salim@dealer.test',
      role: 1,
      staffRole: 'sales',
      phone: '0722000111',
      verifiedPhone: '+254722000111',
      textChannel: 'whatsapp',
    });
    salesperson = { id: seller.id, name: seller.name };
  });

  afterAll(async () => {
    await app?.close();
    await Promise.all([handle?.close(), stub?.close()]);
  });

  it("answers Meta's handshake with the challenge, and refuses a wrong verify token", async () => {
    const handshake = (token: string) => app.inject({ method: 'GET', url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444` });
    const right = await handshake(stub.env.WHATSAPP_VERIFY_TOKEN);
    expect({ status: right.statusCode, body: right.body }).toEqual({ status: 200, body: '1158201444' });
    expect((await handshake('not-the-token')).statusCode).toBe(403);
  });

  it('refuses a delivery without the app secret\'s signature, and keeps nothing of it', async () => {
    const body = whatsappDelivery({ message: { from: buyer, id: 'wamid.forged', text: 'Is ST-00012 still available?' } });
    expect((await deliver(body, 'sha256=' + '0'.repeat(64))).statusCode).toBe(401);
    expect((await deliver(body, whatsappSignature(body, 'another-secret'))).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/whatsapp/webhook', headers: { 'content-type': 'application/json' }, payload: body })).statusCode).toBe(401);
    // Signed over other bytes than those sent (the same JSON re-spaced): refused.
    expect((await deliver(body.replace('{', '{ '), whatsappSignature(body, stub.env.WHATSAPP_APP_SECRET))).statusCode).toBe(401);
    expect(await whatsappLeads()).toEqual([]);
  });

  it('a first message opens a WhatsApp lead for the car it names, assigned and alerted; the same message twice is one; a second joins it', async () => {
    const first = whatsappDelivery({ message: { from: buyer, id: 'wamid.first', text: 'Is ST-00012 still available?', name: 'Amina Buyer' } });
    const started = Date.now();
    expect((await deliver(first)).statusCode).toBe(200);
    const [lead] = await eventually(whatsappLeads, (rows) => rows.length > 0);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(lead).toMatchObject({ kind: 'whatsapp', name: 'Amina Buyer', phone: `+${buyer}`, carId, message: 'Is ST-00012 still available?', assigneeId: salesperson.id, status: 'New' });
    const alerts = await handle.db.select().from(outboxMessages).where(eq(outboxMessages.reference, lead.id));
    expect(alerts.filter((m) => m.topic === 'lead.staff').map((m) => m.recipient)).toEqual(expect.arrayContaining(['owner@dealer.test']));
    expect(alerts.some((m) => m.topic === 'lead.assigned' && m.recipient === 'salim@dealer.test')).toBe(true);
    // His text alert goes by WhatsApp, as the approved notification template, and not by SMS.
    const texts = alerts.filter((m) => m.topic === 'lead.assigned' && m.recipient === '+254722000111');
    expect(texts.map((m) => m.channel)).toEqual(['whatsapp']);
    expect(await stub.waitFor((m) => m.to === '254722000111')).toMatchObject({ type: 'template', template: { name: 'dealer_update', parameters: [texts[0].bodyText.replace('Update from the dealer: ', '')] } });

    // Meta delivers the same message again: one lead, one message.
    expect((await deliver(first)).statusCode).toBe(200);
    const second = whatsappDelivery({ message: { from: buyer, id: 'wamid.second', text: 'And can I pay by M-Pesa?', name: 'Amina Buyer' } });
    expect((await deliver(second)).statusCode).toBe(200);
    const conversation = await eventually(
      () => as(salesperson).whatsapp({ id: lead.id }),
      (c) => c.messages.length >= 2,
    );
    expect(await whatsappLeads()).toHaveLength(1);
    expect(conversation.messages.map((m) => [m.direction, m.text])).toEqual([
      ['in', 'Is ST-00012 still available?'],
      ['in', 'And can I pay by M-Pesa?'],
    ]);
    expect(conversation.windowOpen).toBe(true);
    expect(conversation.quickReplies.find((q) => q.label === 'Price')?.text).toBe('The Toyota Prado 2019 (ST-00012) is KES 2,450,000.');

    // A photo of their trade-in: fetched from Meta, stored like a buyer's lead photo, on the lead and its conversation.
    stub.addMedia('1003383421387256', await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8a6' } }).jpeg().toBuffer(), 'image/jpeg');
    const photo = whatsappDelivery({ message: { from: buyer, id: 'wamid.photo', text: 'My car for trade-in', name: 'Amina Buyer', image: { id: '1003383421387256', mimeType: 'image/jpeg' } } });
    expect((await deliver(photo)).statusCode).toBe(200);
    const withPhoto = await eventually(
      () => as(salesperson).whatsapp({ id: lead.id }),
      (c) => c.messages.length >= 3,
    );
    expect(withPhoto.messages[2]).toMatchObject({ direction: 'in', text: '[Photo] My car for trade-in', photoUrl: expect.stringMatching(/^\/media\/leads\/whatsapp-[0-9a-f]+.*\.webp$/) });
    const [stored] = await handle.db.select().from(leads).where(eq(leads.id, lead.id));
    const photos = (stored.details as { photos: { url: string; publicId: string }[] }).photos;
    expect(photos.map((p) => p.url)).toEqual([withPhoto.messages[2].photoUrl]);
    // Claimed by the lead: the sweep of unclaimed buyer photos leaves it.
    expect(await handle.db.select().from(mediaUploads).where(eq(mediaUploads.publicId, photos[0].publicId))).toEqual([]);
  });

  it('a reply inside the window goes out as text, is the first response, and shows its delivery; outside it only a template goes', async () => {
    const [lead] = await whatsappLeads();
    const replied = await as(salesperson).whatsappReply({ id: lead.id, text: 'Yes, it is. Come and see it today.' });
    expect(replied.messages.at(-1)).toMatchObject({ direction: 'out', text: 'Yes, it is. Come and see it today.', author: 'Salim Seller' });
    const sent = await stub.waitFor((m) => m.to === buyer && m.type === 'text');
    expect(sent.text).toBe('Yes, it is. Come and see it today.');
    expect((await handle.db.select().from(leads).where(eq(leads.id, lead.id)))[0].firstResponseAt).not.toBeNull();
    await eventually(
      () => as(salesperson).whatsapp({ id: lead.id }),
      (c) => c.messages.at(-1)?.status === 'sent',
    );

    // Meta reports it delivered (and a late "sent" changes nothing).
    expect((await deliver(whatsappDelivery({ status: { id: sent.id, status: 'delivered', recipient: buyer } }))).statusCode).toBe(200);
    expect((await deliver(whatsappDelivery({ status: { id: sent.id, status: 'sent', recipient: buyer } }))).statusCode).toBe(200);
    const delivered = await eventually(
      () => as(salesperson).whatsapp({ id: lead.id }),
      (c) => c.messages.at(-1)?.status === 'delivered',
    );
    expect(delivered.messages.at(-1)?.status).toBe('delivered');

    // A day later, the window is closed: text is refused, the approved template goes with the buyer's name.
    await handle.db.update(leadEvents).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(leadEvents.kind, 'whatsapp-in'));
    const closed = await as(salesperson).whatsapp({ id: lead.id });
    expect({ open: closed.windowOpen, templates: closed.templates.map((t) => t.name) }).toEqual({ open: false, templates: ['follow_up'] });
    await expect(as(salesperson).whatsappReply({ id: lead.id, text: 'Still there?' })).rejects.toThrow('The 24-hour window is closed: send an approved template');
    await as(salesperson).whatsappReply({ id: lead.id, template: 'follow_up' });
    const template = await stub.waitFor((m) => m.type === 'template' && m.to === buyer);
    expect(template).toMatchObject({ to: buyer, text: 'follow_up', template: { name: 'follow_up', language: 'en', parameters: ['Amina Buyer'] } });
    await app.get(MessageWorker).idle();

    // The buyer writes STOP: nothing more goes to them on WhatsApp (kept, marked), until START.
    expect((await deliver(whatsappDelivery({ message: { from: buyer, id: 'wamid.stop', text: 'STOP', name: 'Amina Buyer' } }))).statusCode).toBe(200);
    await eventually(
      () => as(salesperson).whatsapp({ id: lead.id }),
      (c) => c.messages.some((m) => m.text === 'STOP'),
    );
    const sentBefore = stub.messages.length;
    const stopped = await as(salesperson).whatsappReply({ id: lead.id, text: 'Sorry to see you go' });
    expect(stopped.messages.at(-1)).toMatchObject({ status: 'failed', error: expect.stringContaining('they wrote STOP') });
    await app.get(MessageWorker).idle();
    expect(stub.messages).toHaveLength(sentBefore);
    expect((await deliver(whatsappDelivery({ message: { from: buyer, id: 'wamid.start', text: 'start', name: 'Amina Buyer' } }))).statusCode).toBe(200);
    await eventually(
      () => as(salesperson).whatsapp({ id: lead.id }),
      (c) => c.messages.some((m) => m.text === 'start'),
    );
    await as(salesperson).whatsappReply({ id: lead.id, text: 'Welcome back' });
    expect((await stub.waitFor((m) => m.text === 'Welcome back')).to).toBe(buyer);
  });

  it("loses nothing when Meta retries a delivery we answered with an error", async () => {
    // From a click-to-WhatsApp ad: the lead's source says so, and keeps the ad's click id.
    const referral = { source_url: 'https://fb.me/3cr4Wqqkv', source_type: 'ad', source_id: '120211', headline: 'Mazda CX-5 from KES 3.2M', ctwa_clid: 'ARAkLkA8rmlFeiCktEJQ' };
    const body = whatsappDelivery({ message: { from: '254712000432', id: 'wamid.retried', text: 'Do you have a Mazda CX-5?', name: 'Juma', referral } });
    // The queue cannot take it (its table is away): an error, which Meta answers by retrying.
    await handle.db.execute(sql`alter table whatsapp_inbound rename to whatsapp_inbound_away`);
    try {
      expect((await deliver(body)).statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await handle.db.execute(sql`alter table whatsapp_inbound_away rename to whatsapp_inbound`);
    }
    expect((await deliver(body)).statusCode).toBe(200);
    const juma = await eventually(
      async () => (await whatsappLeads()).filter((lead) => lead.phone === '+254712000432'),
      (rows) => rows.length > 0,
    );
    expect(juma.map((lead) => lead.message)).toEqual(['Do you have a Mazda CX-5?']);
    expect(juma[0]).toMatchObject({ sourcePage: 'WhatsApp ad', details: { profileName: 'Juma', referral } });
    // Worked: the queue keeps the id (Meta's later retries), not the buyer's words.
    expect(await executeRows(handle.db, sql`select payload::text as payload from whatsapp_inbound where id = 'wamid.retried'`)).toEqual([{ payload: '{}' }]);
  });

  it('a photo stored for a try that failed is left unclaimed, for the sweep; the retry keeps its own', async () => {
    stub.addMedia('2003383421387256', await sharp({ create: { width: 64, height: 48, channels: 3, background: '#68a' } }).jpeg().toBuffer(), 'image/jpeg');
    const body = whatsappDelivery({ message: { from: '254712000433', id: 'wamid.photo-retried', text: 'My Vitz', name: 'Neema', image: { id: '2003383421387256', mimeType: 'image/jpeg' } } });
    const unclaimed = async () => (await handle.db.select().from(mediaUploads)).map((row) => row.publicId);
    const before = await unclaimed();
    // The lead cannot be written (the outbox its alerts go to is away): the photo is stored, the message stays queued.
    await handle.db.execute(sql`alter table outbox_messages rename to outbox_messages_away`);
    try {
      expect((await deliver(body)).statusCode).toBe(200);
      await eventually(unclaimed, (ids) => ids.length > before.length);
      // Restored only once the try has failed: earlier, the first try could still write the lead.
      await eventually(
        () => executeRows<{ last_error: string | null }>(handle.db, sql`select last_error from whatsapp_inbound where id = 'wamid.photo-retried'`),
        (rows) => rows.some((row) => row.last_error != null),
      );
    } finally {
      await handle.db.execute(sql`alter table outbox_messages_away rename to outbox_messages`);
    }
    const [neema] = await eventually(
      async () => (await whatsappLeads()).filter((lead) => lead.phone === '+254712000433'),
      (rows) => rows.length > 0,
      15_000,
    );
    const kept = (neema.details as { photos: { publicId: string }[] }).photos.map((p) => p.publicId);
    const left = (await unclaimed()).filter((id) => !before.includes(id));
    expect(kept).toHaveLength(1);
    expect(left).toHaveLength(1);
    expect(left).not.toContain(kept[0]);
  });

  it("claims a photo whose message's lead was written but not the claim, when the message is worked again", async () => {
    stub.addMedia('3003383421387256', await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a86' } }).jpeg().toBuffer(), 'image/jpeg');
    const body = whatsappDelivery({ message: { from: '254712000434', id: 'wamid.claim-lost', text: 'My Fielder', name: 'Otieno', image: { id: '3003383421387256', mimeType: 'image/jpeg' } } });
    const unclaimed = async () => (await handle.db.select().from(mediaUploads)).map((row) => row.publicId);
    // The claim fails (as a process that dies between the lead's commit and the claim): the message stays queued.
    await handle.db.execute(sql`create function refuse_claims() returns trigger language plpgsql as $$ begin raise exception 'claims refused'; end $$`);
    await handle.db.execute(sql`create trigger refuse_claims before delete on media_uploads for each statement execute function refuse_claims()`);
    let otieno;
    try {
      expect((await deliver(body)).statusCode).toBe(200);
      [otieno] = await eventually(
        async () => (await whatsappLeads()).filter((lead) => lead.phone === '+254712000434'),
        (rows) => rows.length > 0,
      );
    } finally {
      await handle.db.execute(sql`drop trigger refuse_claims on media_uploads`);
      await handle.db.execute(sql`drop function refuse_claims()`);
    }
    const [photo] = ((otieno?.details ?? {}) as { photos: { publicId: string }[] }).photos;
    expect(await unclaimed()).toContain(photo.publicId);
    // The queue works the message again: its lead is known, its photo is claimed now (the sweep would have deleted it).
    expect(await eventually(unclaimed, (ids) => !ids.includes(photo.publicId), 15_000)).not.toContain(photo.publicId);
    expect((await whatsappLeads()).filter((lead) => lead.phone === '+254712000434')).toHaveLength(1);
  });

  it('keeps a message whose photo no try would fetch without it, at once: the timeline says so and its queue row is emptied', async () => {
    const number = '254712000435';
    // Meta no longer has the picture (an expired media id: the Graph API answers 404).
    const gone = whatsappDelivery({ message: { from: number, id: 'wamid.photo-gone', text: 'My Probox', name: 'Wafula', image: { id: '4003383421387256', mimeType: 'image/jpeg' } } });
    expect((await deliver(gone)).statusCode).toBe(200);
    const wafula = await leadOf(number);
    expect(wafula).toMatchObject({ kind: 'whatsapp', name: 'Wafula', message: '[Photo not received] My Probox', assigneeId: salesperson.id });
    // Bytes that are no image: the media domain refuses them, and no later try would take them.
    stub.addMedia('5003383421387256', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/jpeg');
    const refused = whatsappDelivery({ message: { from: number, id: 'wamid.photo-refused', text: 'And the logbook', name: 'Wafula', image: { id: '5003383421387256', mimeType: 'image/jpeg' } } });
    expect((await deliver(refused)).statusCode).toBe(200);
    const conversation = await eventually(
      () => as(salesperson).whatsapp({ id: wafula.id }),
      (c) => c.messages.length >= 2,
    );
    expect(conversation.messages.map((m) => [m.text, m.photoUrl])).toEqual([
      ['[Photo not received] My Probox', null],
      ['[Photo not received] And the logbook', null],
    ]);
    const notes = (await as(salesperson).timeline({ id: wafula.id })).filter((event) => event.kind === 'note');
    expect(notes.map((note) => [note.author, note.body])).toEqual([
      [null, 'The buyer sent a photo on WhatsApp that could not be fetched (WhatsApp no longer has it): ask them to send it again if it matters.'],
      [null, 'The buyer sent a photo on WhatsApp that could not be fetched (it is not an image the site can keep): ask them to send it again if it matters.'],
    ]);
    const [stored] = await handle.db.select().from(leads).where(eq(leads.id, wafula.id));
    expect((stored.details as { photos?: unknown[] }).photos).toBeUndefined();
    // Done and emptied like any worked message: the buyer's number and words are only on the lead.
    for (const id of ['wamid.photo-gone', 'wamid.photo-refused']) expect(await queued(id)).toEqual([{ payload: '{}', processed: true, last_error: null }]);
  });

  it(`retries a photo while Meta has trouble, and after ${PHOTO_ATTEMPTS} tries keeps the message without it`, async () => {
    const number = '254712000436';
    stub.addMedia('6003383421387256', await sharp({ create: { width: 64, height: 48, channels: 3, background: '#6a8' } }).jpeg().toBuffer(), 'image/jpeg');
    stub.failMedia('6003383421387256', 500);
    const body = whatsappDelivery({ message: { from: number, id: 'wamid.photo-trouble', text: 'My Axio', name: 'Chebet', image: { id: '6003383421387256', mimeType: 'image/jpeg' } } });
    try {
      expect((await deliver(body)).statusCode).toBe(200);
      // The first try failed: the message waits for another (a 500 may pass), the lead is not written yet.
      const [failed] = await eventually(
        () => queued('wamid.photo-trouble'),
        (rows) => rows.some((row) => row.last_error != null),
      );
      expect(failed).toMatchObject({ processed: false, last_error: expect.stringContaining('HTTP 500') });
      expect((await whatsappLeads()).filter((lead) => lead.phone === `+${number}`)).toEqual([]);
      // Its last try comes (the earlier ones' waits skipped): the message is kept without the photo.
      await handle.db.execute(sql`update whatsapp_inbound set attempts = ${PHOTO_ATTEMPTS - 1}, claimed_until = null where id = 'wamid.photo-trouble'`);
      void app.get(WhatsAppService).work();
      const chebet = await leadOf(number, 15_000);
      expect(chebet).toMatchObject({ message: '[Photo not received] My Axio' });
      expect((await as(salesperson).timeline({ id: chebet.id })).filter((event) => event.kind === 'note').map((note) => note.body)).toEqual([
        `The buyer sent a photo on WhatsApp that could not be fetched (WhatsApp did not give it after ${PHOTO_ATTEMPTS} tries): ask them to send it again if it matters.`,
      ]);
      expect(await eventually(() => queued('wamid.photo-trouble'), (rows) => rows[0]?.processed === true)).toEqual([{ payload: '{}', processed: true, last_error: null }]);
    } finally {
      stub.failMedia('6003383421387256', undefined);
    }
  });

  it("times a message and the 24-hour window from when Meta says the buyer sent it, not from when it was worked, and never from the future", async () => {
    // Sent 25 hours ago (the queue ran late, or Meta retried for a day): the window is already closed.
    const sent = Math.floor(Date.now() / 1000) - 25 * 60 * 60;
    expect((await deliver(whatsappDelivery({ message: { from: '254712000437', id: 'wamid.late', text: 'Is the Prado still there?', name: 'Kiprop', timestamp: sent } }))).statusCode).toBe(200);
    const kiprop = await leadOf('254712000437');
    const late = await as(salesperson).whatsapp({ id: kiprop.id });
    expect(Math.abs(new Date(late.messages[0].at).getTime() - sent * 1000)).toBeLessThan(1000);
    expect({ open: late.windowOpen, closesAt: late.windowClosesAt, templates: late.templates.map((t) => t.name) }).toEqual({
      open: false,
      closesAt: new Date(new Date(late.messages[0].at).getTime() + 24 * 60 * 60 * 1000).toISOString(),
      templates: ['follow_up'],
    });
    expect(new Date(late.windowClosesAt ?? 0).getTime()).toBeLessThan(Date.now());
    await expect(as(salesperson).whatsappReply({ id: kiprop.id, text: 'Yes it is' })).rejects.toThrow('The 24-hour window is closed: send an approved template');

    // A timestamp two days ahead of our clock: the message is timed now, the window closes a day from now at most.
    const before = Date.now();
    const ahead = Math.floor(Date.now() / 1000) + 2 * 24 * 60 * 60;
    expect((await deliver(whatsappDelivery({ message: { from: '254712000438', id: 'wamid.ahead', text: 'Hello', name: 'Njeri', timestamp: ahead } }))).statusCode).toBe(200);
    const njeri = await leadOf('254712000438');
    const early = await as(salesperson).whatsapp({ id: njeri.id });
    expect(early.windowOpen).toBe(true);
    expect(new Date(early.messages[0].at).getTime()).toBeLessThanOrEqual(Date.now());
    expect(new Date(early.messages[0].at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(early.windowClosesAt ?? 0).getTime()).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000);
  });

  it("recognises the car from a link to its page on the site (no stock number), on the first message or a later one", async () => {
    const brand = await insertBrand(handle.db, { name: 'Mazda' });
    const mazda = await insertCar(handle.db, { brandId: brand.id, name: 'Mazda CX-5 2018', price: 3_200_000 });
    const link = `https://cars.example/car/${mazda.slug}?utm_source=whatsapp`;
    expect((await deliver(whatsappDelivery({ message: { from: '254712000439', id: 'wamid.link-first', text: `Hello, is this one still available? ${link}`, name: 'Mwangi' } }))).statusCode).toBe(200);
    expect((await leadOf('254712000439')).carId).toBe(mazda.id);

    // A first message about no car in particular, then the car's page: the lead takes the car.
    expect((await deliver(whatsappDelivery({ message: { from: '254712000442', id: 'wamid.link-none', text: 'Hello, do you take trade-ins?', name: 'Auma' } }))).statusCode).toBe(200);
    const auma = await leadOf('254712000442');
    expect(auma.carId).toBeNull();
    expect((await deliver(whatsappDelivery({ message: { from: '254712000442', id: 'wamid.link-later', text: `For this one: https://cars.example/car/${mazda.slug}`, name: 'Auma' } }))).statusCode).toBe(200);
    const [withCar] = await eventually(
      () => handle.db.select().from(leads).where(eq(leads.id, auma.id)),
      (rows) => rows[0]?.carId != null,
    );
    expect(withCar.carId).toBe(mazda.id);
  });

  it("is in the buyer's data export once their account proved the number, and goes with their account", async () => {
    const holder = app.get(LeadPersonalData);
    const person = { userId: randomUUID(), verifiedEmail: null, verifiedPhone: `+${buyer}` };
    expect(await holder.exportOf({ ...person, verifiedPhone: null })).toEqual([]);
    // A web request that only typed the number is someone's, not necessarily the number's holder's.
    await handle.db.insert(leads).values({ kind: 'enquiry', name: 'Someone Else', phone: `+${buyer}`, message: 'Typed this number' });
    const exported = await holder.exportOf(person);
    expect(exported.map((lead) => lead.kind)).toEqual(['whatsapp']);
    const [record] = exported;
    expect(record).toMatchObject({ kind: 'whatsapp', phone: `+${buyer}`, message: 'Is ST-00012 still available?' });
    // (A test above moved the buyer's messages to one time, a day back: their order is by time only.)
    expect(record.conversation.slice(0, 3)).toEqual(
      expect.arrayContaining([
        { at: expect.any(String), from: 'buyer', text: 'Is ST-00012 still available?', photoUrl: null },
        { at: expect.any(String), from: 'buyer', text: 'And can I pay by M-Pesa?', photoUrl: null },
        { at: expect.any(String), from: 'buyer', text: '[Photo] My car for trade-in', photoUrl: expect.stringMatching(/^\/media\/leads\//) },
      ]),
    );
    expect(record.conversation).toContainEqual({ at: expect.any(String), from: 'dealer', text: 'Yes, it is. Come and see it today.', photoUrl: null });

    // The account is deleted: the conversation's words and pictures go, the lead stays for the counts.
    // As the privacy service does: the files go once the transaction has committed.
    await (await handle.db.transaction((tx) => holder.forget(person, tx))).afterCommit?.();
    const [gone] = await handle.db.select().from(leads).where(eq(leads.id, record.id));
    expect(gone).toMatchObject({ name: '(removed)', phone: '', message: '', details: null, kind: 'whatsapp' });
    const events = await handle.db.select({ body: leadEvents.body, photoUrl: leadEvents.photoUrl }).from(leadEvents).where(eq(leadEvents.leadId, record.id));
    expect(events.filter((e) => e.body !== null || e.photoUrl !== null)).toEqual([]);
  });

  it('answers on WhatsApp only a WhatsApp lead that still has its number: another lead is a clear 400, a missing one a 404', async () => {
    const outgoing = async (id: string) => (await handle.db.select().from(outboxMessages).where(eq(outboxMessages.reference, id))).filter((m) => m.topic === 'lead.whatsapp');
    // A web form's lead: it has a number, but no WhatsApp conversation to answer.
    const [web] = await handle.db.insert(leads).values({ kind: 'enquiry', name: 'Web Buyer', phone: '+254712000440', message: 'Is the Prado available?' }).returning();
    await expect(as(salesperson).whatsappReply({ id: web.id, template: 'follow_up' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This lead did not come from WhatsApp: answer it by phone or email',
    });
    expect(await outgoing(web.id)).toEqual([]);

    // A WhatsApp lead whose personal data went (the buyer deleted their account): nobody to send to.
    expect((await deliver(whatsappDelivery({ message: { from: '254712000441', id: 'wamid.forgotten', text: 'Hello', name: 'Zawadi' } }))).statusCode).toBe(200);
    const zawadi = await leadOf('254712000441');
    const holder = app.get(LeadPersonalData);
    await (await handle.db.transaction((tx) => holder.forget({ userId: randomUUID(), verifiedEmail: null, verifiedPhone: '+254712000441' }, tx))).afterCommit?.();
    await expect(as(salesperson).whatsappReply({ id: zawadi.id, template: 'follow_up' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: "This lead's personal data was removed: it can no longer be answered",
    });
    await expect(as(salesperson).whatsappReply({ id: zawadi.id, text: 'Hello again' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await outgoing(zawadi.id)).toEqual([]);

    // No such lead (deleted).
    await expect(as(salesperson).whatsappReply({ id: randomUUID(), template: 'follow_up' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Lead not found' });
  });

  it("counts the leads by channel in the owner's report: web form, WhatsApp, WhatsApp ad (also once their personal data is gone)", async () => {
    const owner = createCallerFactory(app.get(LeadRouter).router)({
      user: { id: randomUUID(), name: 'Owner', email: 'owner@dealer.test', role: 1, staffRole: 'owner' } as TrpcContext['user'],
      ip: '127.0.0.1',
    });
    const report = await owner.report();
    const byChannel: Record<string, number> = {};
    for (const row of report.perChannel) byChannel[row.channel] = (byChannel[row.channel] ?? 0) + row.count;
    const all = await handle.db.select({ kind: leads.kind, sourcePage: leads.sourcePage, anonymisedAt: leads.anonymisedAt }).from(leads);
    const ads = all.filter((lead) => lead.sourcePage === 'WhatsApp ad').length;
    expect(ads).toBe(1);
    expect(all.some((lead) => lead.kind === 'whatsapp' && lead.anonymisedAt !== null)).toBe(true);
    expect(byChannel).toEqual({
      web: all.filter((lead) => lead.kind !== 'whatsapp').length,
      whatsapp: all.filter((lead) => lead.kind === 'whatsapp').length - ads,
      'whatsapp-ad': ads,
    });
    expect(byChannel.web).toBeGreaterThan(0);
    expect(report.perChannel.every((row) => /^\d{4}-\d{2}-\d{2}$/.test(row.week))).toBe(true);
  });
});
