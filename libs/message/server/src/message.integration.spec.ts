import { createModuleTestApp, insertUser, truncateAll } from '@dealership/app-schema/testing';
import { auditEvents } from '@dealership/audit-data';
import { outboxMessages } from '@dealership/message-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { startSmsStub, startSmtpStub, startWhatsAppStub, type SmsStub, type SmtpStub, type WhatsAppStub } from '@dealership/shared-provider-stubs';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq, sql } from 'drizzle-orm';
import { EmailLayout, EmailText, renderEmail } from './email-layout';
import { MessageWorker } from './message-worker';
import { MessageModule } from './message.module';
import { MessageRouter } from './message.router';
import { MessageService } from './message.service';
import { emailMessage, Outbox, smsMessage } from './outbox';

const statusOf = async (handle: DatabaseHandle, id: string) => (await handle.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0];
/** Reads until `done` holds, or gives the last value after `timeoutMs`. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
const onlyMessage = async (handle: DatabaseHandle) => {
  const rows = await handle.db.select().from(outboxMessages);
  expect(rows).toHaveLength(1);
  return rows[0];
};

describe('messages: the outbox, its worker and the channels (integration, real database, loopback SMTP, SMS and Graph API stubs)', () => {
  let handle: DatabaseHandle;
  let smtp: SmtpStub;
  let sms: SmsStub;
  let whatsapp: WhatsAppStub;
  let app: NestFastifyApplication;
  const admin = { id: '', name: 'Boss', email: 'boss@dealer.test', role: 1 as const };
  const callerFor = (user: TrpcContext['user']) => createCallerFactory(app.get(MessageRouter).router)({ user, ip: '127.0.0.1' });
  const env = () => ({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Mombasa Car Dealership <sales@dealer.test>',
    AFRICASTALKING_USERNAME: 'sandbox',
    AFRICASTALKING_API_KEY: 'stub-api-key',
    AFRICASTALKING_SENDER_ID: 'DEALER',
    AFRICASTALKING_API_URL: sms.url,
    MESSAGE_SEND_TIMEOUT_MS: '2000',
    LEAD_ALERT_EMAILS: 'floor@dealer.test, Boss@dealer.test',
    LEAD_ALERT_PHONES: '+254 700 111 222',
    ...whatsapp.env,
  });
  const outbox = () => app.get(Outbox);
  const worker = () => app.get(MessageWorker);
  const email = () =>
    renderEmail(
      'Hello from the dealer',
      EmailLayout({ site: outbox().site, preview: 'Hello', heading: 'Hello', children: EmailText({ children: 'A line of text.' }) }),
    );

  beforeAll(async () => {
    handle = await createTestDatabase();
    [smtp, sms, whatsapp] = await Promise.all([startSmtpStub(), startSmsStub(), startWhatsAppStub()]);
    app = await createModuleTestApp(handle, [MessageModule], { env: env() });
  });

  beforeEach(async () => {
    await handle.db.delete(outboxMessages);
    smtp.setBehaviour('accept');
    sms.setBehaviour('accept');
    admin.id = admin.id || (await insertUser(handle.db, { name: 'Boss', email: 'boss@dealer.test', role: 1, phone: '0722 000 111' })).id;
  });

  afterAll(async () => {
    await app?.close();
    await Promise.all([smtp?.close(), sms?.close(), whatsapp?.close()]);
    await handle?.close();
  });

  it("sends nothing written in a transaction that rolls back, and sends what is committed: the email through SMTP, the SMS through Africa's Talking", async () => {
    const rendered = await email();
    await handle.db
      .transaction(async (tx) => {
        await outbox().enqueue(tx, [emailMessage('rolled@back.test', 'lead.buyer', rendered)]);
        throw new Error('the business write failed');
      })
      .catch(() => undefined);
    await handle.db.transaction(async (tx) => {
      await outbox().enqueue(tx, [
        emailMessage('amina@buyer.test', 'lead.buyer', rendered, { reference: 'lead-1' }),
        smsMessage('+254712345678', 'lead.buyer', 'We got your request.', { reference: 'lead-1' }),
      ]);
    });
    const mail = await smtp.waitFor((m) => m.to.includes('amina@buyer.test'));
    expect(mail).toMatchObject({ subject: 'Hello from the dealer', from: 'sales@dealer.test' });
    expect(mail.text).toContain('A line of text.');
    expect(mail.html).toContain('<h1');
    const text = await sms.waitFor((m) => m.to === '+254712345678');
    expect(text).toMatchObject({ message: 'We got your request.', from: 'DEALER', username: 'sandbox', apiKey: 'stub-api-key' });
    await worker().idle();
    const rows = await handle.db.select().from(outboxMessages).orderBy(outboxMessages.channel);
    expect(rows.map((r) => [r.channel, r.status, r.attempts, r.sentAt !== null])).toEqual([
      ['email', 'sent', 1, true],
      ['sms', 'sent', 1, true],
    ]);
    expect(rows.find((r) => r.channel === 'sms')?.providerId).toBe(text.messageId);
    expect(smtp.mails.some((m) => m.to.includes('rolled@back.test'))).toBe(false);
  });

  it("gives an email with an unsubscribe address the headers of a mail app's one-click button (RFC 8058), and a receipt none", async () => {
    const rendered = await email();
    await outbox().enqueue(handle.db, [
      emailMessage('alerts@buyer.test', 'alert.digest', rendered, { unsubscribeUrl: 'https://dealer.test/api/alerts/unsubscribe?token=u.x.y' }),
      emailMessage('receipt@buyer.test', 'order.buyer', rendered),
    ]);
    const alert = await smtp.waitFor((m) => m.to.includes('alerts@buyer.test'));
    const lines = new Map(alert.parsed.headerLines.map(({ key, line }) => [key, line.replace(/\r?\n/g, '')]));
    expect(lines.get('list-unsubscribe')).toBe('List-Unsubscribe: <https://dealer.test/api/alerts/unsubscribe?token=u.x.y>');
    expect(lines.get('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const receipt = await smtp.waitFor((m) => m.to.includes('receipt@buyer.test'));
    expect(receipt.parsed.headerLines.filter(({ key }) => key.startsWith('list-'))).toEqual([]);
  });

  it('tells the staff: the admin accounts and the alert lists, each address once, by email and SMS', async () => {
    const rendered = await email();
    await handle.db.transaction((tx) => outbox().alertStaff(tx, { topic: 'lead.staff', reference: 'lead-2', email: rendered, sms: 'New lead: Amina' }));
    // On a server the notification reaches the worker over its own connection, a moment later.
    const rows = await eventually(
      () => handle.db.select().from(outboxMessages),
      (found) => found.length === 4 && found.every((r) => r.status === 'sent'),
    );
    expect(rows.map((r) => `${r.channel} ${r.recipient} ${r.status}`).sort()).toEqual([
      'email boss@dealer.test sent',
      'email floor@dealer.test sent',
      'sms +254700111222 sent',
      'sms +254722000111 sent',
    ]);
  });

  it('retries a refused email within the first minute, records why, and sends it once the server takes it', async () => {
    smtp.setBehaviour('reject');
    const before = Date.now();
    await outbox().enqueue(handle.db, [emailMessage('later@buyer.test', 'order.buyer', await email())]);
    await eventually(
      () => onlyMessage(handle),
      (row) => row.attempts === 1 && row.status === 'pending',
    );
    const failed = await onlyMessage(handle);
    expect(failed.status).toBe('pending');
    expect(failed.lastError).toMatch(/^email: .*451 stub: try again later/);
    expect(failed.nextAttemptAt.getTime() - before).toBeGreaterThanOrEqual(14_000);
    expect(failed.nextAttemptAt.getTime() - before).toBeLessThanOrEqual(60_000);

    smtp.setBehaviour('accept');
    await handle.db.update(outboxMessages).set({ nextAttemptAt: sql`now()` });
    worker().wake();
    await smtp.waitFor((m) => m.to.includes('later@buyer.test'));
    await worker().idle();
    expect(await onlyMessage(handle)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('sends a message whose sender died mid-send once its claim runs out, without being woken', async () => {
    // As a process killed while sending leaves it: claimed, one attempt made, the claim still running.
    await handle.db.transaction(async (tx) => {
      await outbox().enqueue(tx, [emailMessage('orphan@buyer.test', 'order.buyer', await email())]);
      await tx.update(outboxMessages).set({ status: 'sending', attempts: 1, claimedUntil: sql`now() + interval '1500 milliseconds'` });
    });
    const mail = await smtp.waitFor((m) => m.to.includes('orphan@buyer.test'), 8_000);
    expect(mail.to).toEqual(['orphan@buyer.test']);
    await worker().idle();
    expect(await onlyMessage(handle)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it("gives up after a day, names the SMS provider's reason without the key, and staff can send it again", async () => {
    sms.setBehaviour('unauthorized');
    await outbox().enqueue(handle.db, [smsMessage('+254712000999', 'order.status', 'Your order has shipped.')]);
    const { id } = await eventually(
      () => onlyMessage(handle),
      (row) => row.attempts === 1 && row.status === 'pending',
    );
    // A day later: the next failed attempt is the last.
    await handle.db.update(outboxMessages).set({ giveUpAt: sql`now() - interval '1 minute'`, nextAttemptAt: sql`now()` });
    worker().wake();
    const failed = await eventually(
      () => statusOf(handle, id),
      (row) => row.status === 'failed',
    );
    expect(failed.attempts).toBe(2);
    expect(failed.lastError).toContain("Africa's Talking refused the credentials (HTTP 401)");
    expect(failed.lastError).not.toContain('stub-api-key');

    const page = await callerFor(admin).list({ status: 'failed' });
    expect(page).toMatchObject({ total: 1, failedCount: 1 });
    expect(page.items[0]).toMatchObject({ id, channel: 'sms', recipient: '+254712000999', summary: 'Your order has shipped.', status: 'failed', attempts: 2 });

    sms.setBehaviour('accept');
    expect(await callerFor(admin).resend({ id })).toMatchObject({ id, status: 'pending', attempts: 0 });
    await sms.waitFor((m) => m.to === '+254712000999');
    await worker().idle();
    expect(await statusOf(handle, id)).toMatchObject({ status: 'sent', attempts: 1 });
    await expect(callerFor(admin).resend({ id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Only a failed or unsent message can be sent again (this one is sent)',
    });
    const [audit] = await handle.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(audit).toMatchObject({ entity: 'message', action: 'resend', actorId: admin.id });
  });

  it("blanks a sensitive message's bodies once sent and never shows them", async () => {
    await outbox().enqueue(handle.db, [
      emailMessage(
        'reset@buyer.test',
        'password.reset',
        { subject: 'Reset your password', text: 'https://x/reset?token=SECRET', html: '<a href="https://x/reset?token=SECRET">Reset</a>' },
        { sensitive: true },
      ),
    ]);
    const mail = await smtp.waitFor((m) => m.to.includes('reset@buyer.test'));
    expect(mail.text).toContain('token=SECRET');
    await worker().idle();
    const row = await onlyMessage(handle);
    expect(row).toMatchObject({ status: 'sent', bodyHtml: null });
    expect(row.bodyText).not.toContain('SECRET');
    expect((await callerFor(admin).list({})).items[0].summary).toBe('Reset your password');
  });

  it('lets only admins list or resend messages', async () => {
    const customer = { ...admin, role: 0 as const };
    await expect(callerFor(customer).list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(null).list({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerFor(customer).resend({ id: admin.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(admin).resend({ id: admin.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sends each message once with two instances on one database', async () => {
    const second = await createModuleTestApp(handle, [MessageModule], { env: env() });
    try {
      const rendered = await email();
      const recipients = Array.from({ length: 20 }, (_, i) => `twin${i}@buyer.test`);
      await outbox().enqueue(
        handle.db,
        recipients.map((to) => emailMessage(to, 'lead.buyer', rendered)),
      );
      await Promise.all(recipients.map((to) => smtp.waitFor((m) => m.to.includes(to))));
      await Promise.all([worker().idle(), second.get(MessageWorker).idle()]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const to of recipients) expect(smtp.mails.filter((m) => m.to.includes(to))).toHaveLength(1);
      const rows = await handle.db.select().from(outboxMessages);
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('sends a WhatsApp text in place of an SMS by SMS once when Meta reports it failed after taking it, however often and wherever that is told', async () => {
    const wording = 'Mombasa Car Dealership: your reservation ends tomorrow.';
    const template = { name: 'dealer_update', language: 'en', parameters: [wording] };
    await outbox().enqueue(handle.db, [
      {
        channel: 'whatsapp',
        to: '+254712000777',
        topic: 'order.status',
        reference: 'order-7',
        text: `Update from the dealer: ${wording}`,
        template,
        smsFallback: { text: wording },
      },
      // A staff reply has no SMS behind it: failed, it stays failed.
      { channel: 'whatsapp', to: '+254712000778', topic: 'lead.whatsapp', reference: 'lead-8', text: 'Yes, it is available.' },
    ]);
    // Meta takes both (a wamid each): nothing to fail over yet.
    const taken = await whatsapp.waitFor((m) => m.to === '254712000777');
    const reply = await whatsapp.waitFor((m) => m.to === '254712000778');
    await worker().idle();
    const whatsappRows = await eventually(
      () => handle.db.select().from(outboxMessages).where(eq(outboxMessages.channel, 'whatsapp')),
      (rows) => rows.length === 2 && rows.every((r) => r.status === 'sent'),
    );
    expect(whatsappRows.map((r) => r.providerId).sort()).toEqual([taken.id, reply.id].sort());

    // Later Meta posts `failed` (131026: the number cannot receive it), twice, and to two instances at once.
    const second = await createModuleTestApp(handle, [MessageModule], { env: env() });
    try {
      const notDelivered = 'Message undeliverable';
      const told = await Promise.all([
        app.get(MessageService).whatsappStatus(taken.id, 'failed', notDelivered),
        second.get(MessageService).whatsappStatus(taken.id, 'failed', notDelivered),
      ]);
      expect(told).toEqual([true, true]);
      const text = await sms.waitFor((m) => m.to === '+254712000777');
      expect(text.message).toBe(wording);
      expect(await app.get(MessageService).whatsappStatus(taken.id, 'failed', notDelivered)).toBe(true);
      expect(await app.get(MessageService).whatsappStatus(reply.id, 'failed', notDelivered)).toBe(true);
      await Promise.all([worker().idle(), second.get(MessageWorker).idle()]);
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await second.close();
    }
    expect(sms.messages.filter((m) => m.to === '+254712000777')).toHaveLength(1);
    expect(sms.messages.filter((m) => m.to === '+254712000778')).toHaveLength(0);
    const rows = await handle.db.select().from(outboxMessages).orderBy(outboxMessages.recipient, outboxMessages.channel);
    expect(rows.map((r) => [r.recipient, r.channel, r.status, r.reference, r.lastError])).toEqual([
      ['+254712000777', 'sms', 'sent', 'order-7', null],
      ['+254712000777', 'whatsapp', 'failed', 'order-7', 'whatsapp: not delivered: Message undeliverable; sent by SMS instead'],
      ['+254712000778', 'whatsapp', 'failed', 'lead-8', 'whatsapp: not delivered: Message undeliverable'],
    ]);
  });

  describe('without SMTP_URL or the SMS keys', () => {
    let bare: NestFastifyApplication;
    beforeAll(async () => {
      await truncateAll(handle);
      admin.id = '';
      bare = await createModuleTestApp(handle, [MessageModule]);
    });
    afterAll(() => bare?.close());

    it('keeps messages unsent with the status "not sent: channel not configured", and fails nothing', async () => {
      await bare
        .get(Outbox)
        .enqueue(handle.db, [emailMessage('nobody@buyer.test', 'lead.buyer', await email()), smsMessage('+254712345670', 'lead.buyer', 'Hello')]);
      await bare.get(MessageWorker).idle();
      const rows = await handle.db.select().from(outboxMessages);
      expect(rows.map((r) => `${r.channel} ${r.status}`).sort()).toEqual(['email unconfigured', 'sms unconfigured']);
      expect(smtp.mails.some((m) => m.to.includes('nobody@buyer.test'))).toBe(false);
    });
  });
});
