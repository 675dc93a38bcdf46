import { createModuleTestApp, insertUser } from '@dealership/app-schema/testing';
import { outboxMessages } from '@dealership/message-data';
import { MessageWorker, Outbox, smsMessage } from '@dealership/message-server';
import { type DatabaseHandle, executeRows } from '@dealership/server-db';
import { createTestDatabase, eventually } from '@dealership/server-db/testing';
import { startSmsStub, startWhatsAppStub, whatsappDelivery, whatsappSignature, type SmsStub, type WhatsAppStub } from '@dealership/shared-provider-stubs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { and, eq, sql } from 'drizzle-orm';
import { LeadModule } from './lead.module';

// A buyer who chose WhatsApp for the site's texts: Meta takes the message, then reports it failed
// through the signed webhook (131026, the number cannot receive it). The SMS it stood for goes
// once, through the real outbox and worker, to loopback stubs of Meta's Cloud API and Africa's Talking.
describe('a WhatsApp text Meta reports failed goes by SMS once (integration, real HTTP app and database, Graph API and SMS stubs)', () => {
  let handle: DatabaseHandle;
  let whatsapp: WhatsAppStub;
  let sms: SmsStub;
  let app: NestFastifyApplication;
  const phone = '+254712000555';
  const wording = 'Mombasa Car Dealership: your reservation of the Toyota Prado ends tomorrow.';
  const deliver = (body: string) =>
    app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': whatsappSignature(body, whatsapp.env.WHATSAPP_APP_SECRET) },
      payload: body,
    });
  const worked = (id: string) =>
    eventually(
      () => executeRows<{ processed: boolean }>(handle.db, sql`select processed_at is not null as processed from whatsapp_inbound where id = ${id}`),
      (rows) => rows[0]?.processed === true,
    );
  const outboxTo = (channel: string) =>
    handle.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, phone), eq(outboxMessages.channel, channel)));

  beforeAll(async () => {
    [handle, whatsapp, sms] = await Promise.all([createTestDatabase(), startWhatsAppStub(), startSmsStub()]);
    app = await createModuleTestApp(handle, [LeadModule], {
      env: {
        ...whatsapp.env,
        WHATSAPP_NOTIFY_TEMPLATE: 'dealer_update:en:Update from the dealer: {{1}}',
        AFRICASTALKING_USERNAME: 'sandbox',
        AFRICASTALKING_API_KEY: 'stub-api-key',
        AFRICASTALKING_API_URL: sms.url,
        PUBLIC_URL: 'https://cars.example',
      },
    });
    // Amina proved her phone and chose WhatsApp in place of SMS.
    await insertUser(handle.db, { name: 'Amina Buyer', email: 'amina@buyer.test', phone: '0712000555', verifiedPhone: phone, textChannel: 'whatsapp' });
  });

  afterAll(async () => {
    await app?.close();
    await Promise.all([handle?.close(), whatsapp?.close(), sms?.close()]);
  });

  it('Meta takes it, then posts `failed`: exactly one SMS, however often the failure is posted', async () => {
    await handle.db.transaction((tx) => app.get(Outbox).enqueue(tx, [smsMessage(phone, 'order.status', wording, { reference: 'order-1' })]));
    const taken = await whatsapp.waitFor((m) => m.to === '254712000555' && m.type === 'template');
    expect(taken.template?.parameters).toEqual([wording]);
    await eventually(
      () => outboxTo('whatsapp'),
      (rows) => rows[0]?.status === 'sent' && rows[0].providerId === taken.id,
    );
    expect(sms.messages.filter((m) => m.to === phone)).toEqual([]);

    const failed = whatsappDelivery({ status: { id: taken.id, status: 'failed', recipient: '254712000555', error: 'Message undeliverable' } });
    expect((await deliver(failed)).statusCode).toBe(200);
    expect((await sms.waitFor((m) => m.to === phone)).message).toBe(wording);
    await worked(`${taken.id}:failed`);

    // Meta posts it again: the same delivery, and again after our queue forgot its id (as it does after 8 days).
    expect((await deliver(failed)).statusCode).toBe(200);
    await handle.db.execute(sql`delete from whatsapp_inbound where id = ${`${taken.id}:failed`}`);
    expect((await deliver(failed)).statusCode).toBe(200);
    await worked(`${taken.id}:failed`);
    await app.get(MessageWorker).idle();
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(sms.messages.filter((m) => m.to === phone)).toHaveLength(1);
    expect((await outboxTo('sms')).map((m) => [m.status, m.topic, m.reference, m.bodyText])).toEqual([['sent', 'order.status', 'order-1', wording]]);
    expect((await outboxTo('whatsapp')).map((m) => [m.status, m.lastError])).toEqual([
      ['failed', 'whatsapp: not delivered: Message undeliverable; sent by SMS instead'],
    ]);
  });
});
