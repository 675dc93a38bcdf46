import { createModuleTestApp } from '@dealership/app-schema/testing';
import { outboxMessages, whatsappOptOuts } from '@dealership/message-data';
import { Outbox, smsMessage } from '@dealership/message-server';
import { AuthService, PHONE_CODE_THROTTLE } from '@dealership/server-auth';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import { startSmsStub, startWhatsAppStub, type SmsStub, type WhatsAppStub } from '@dealership/shared-provider-stubs';
import { phoneVerifications, users } from '@dealership/user-data';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { and, eq } from 'drizzle-orm';
import { PHONE_CODE_MAX_FAILURES } from './phone-verification.service';
import { sessionOf } from './session-of.fixture';
import { UserModule } from './user.module';
import { UserRouter } from './user.router';

const PASSWORD = 'correct-horse-battery';

// Proving a phone by an SMS code, and the site's texts going by WhatsApp to those who chose it:
// through the real outbox and worker, to loopback stubs of Africa's Talking and Meta's Cloud API.
describe('phone verification and the choice of WhatsApp for texts (integration, real database, SMS and Graph API stubs)', () => {
  let handle: DatabaseHandle;
  let sms: SmsStub;
  let whatsapp: WhatsAppStub;
  let app: NestFastifyApplication;
  let sequence = 0;
  const callerFor = (ctx: TrpcContext) => createCallerFactory(app.get(UserRouter).router)(ctx);
  const ip = () => `10.8.0.${++sequence % 250}`;
  /** A new customer with `phone`, signed in. */
  const customer = async (phone: string) => {
    const email = `buyer${++sequence}@example.co.ke`;
    await callerFor({ user: null, ip: ip() }).register({ name: 'Amina Otieno', email, password: PASSWORD, phone, address: 'Nyali, Mombasa' });
    const session = sessionOf(await callerFor({ user: null, ip: ip() }).login({ email, password: PASSWORD }));
    const user = await app.get(AuthService).userFromAuthorization(session.token);
    return { id: user?.id ?? '', caller: callerFor({ user, ip: ip() }) };
  };
  /** The code in the latest SMS to `to`. */
  const codeSentTo = async (to: string, after: number) => {
    const text = (await sms.waitFor((m) => m.to === to && m.message.includes('your code is') && sms.messages.indexOf(m) >= after)).message;
    return /your code is (\d{6})/.exec(text)?.[1] ?? '';
  };
  const enqueueSms = (to: string, text: string) => handle.db.transaction((tx) => app.get(Outbox).enqueue(tx, [smsMessage(to, 'order.status', text)]));
  const sentTo = (to: string, topic: string) =>
    handle.db
      .select({ channel: outboxMessages.channel, template: outboxMessages.template })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, to), eq(outboxMessages.topic, topic)));

  beforeAll(async () => {
    [handle, sms, whatsapp] = await Promise.all([createTestDatabase(), startSmsStub(), startWhatsAppStub()]);
    app = await createModuleTestApp(handle, [UserModule], {
      env: {
        AFRICASTALKING_USERNAME: 'sandbox',
        AFRICASTALKING_API_KEY: 'stub-api-key',
        AFRICASTALKING_API_URL: sms.url,
        ...whatsapp.env,
        WHATSAPP_NOTIFY_TEMPLATE: 'dealer_update:en:Update from the dealer: {{1}}',
      },
      userLookup: 'provided',
    });
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([handle?.close(), sms?.close(), whatsapp?.close()]);
  });

  it('a code by SMS proves the phone; wrong codes are counted; then texts go by WhatsApp, both, or SMS again after STOP', async () => {
    const amina = await customer('0712 345 678');
    expect(await amina.caller.textMessages()).toEqual({ phone: '0712 345 678', verified: false, channel: 'sms', canVerify: true, whatsappAvailable: true });
    // WhatsApp only for a proved number.
    await expect(amina.caller.setTextChannel({ channel: 'whatsapp' })).rejects.toMatchObject({ code: 'CONFLICT', cause: { field: 'channel' } });

    const before = sms.messages.length;
    expect(await amina.caller.sendPhoneCode()).toEqual({ sentTo: '+254712345678' });
    const code = await codeSentTo('+254712345678', before);
    // Only the code's hash is kept, and its SMS is blanked in the outbox once sent.
    const [stored] = await handle.db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, amina.id));
    expect(stored.codeHash).not.toContain(code);
    expect((await handle.db.select({ sensitive: outboxMessages.sensitive }).from(outboxMessages).where(eq(outboxMessages.topic, 'phone.verify')))[0]).toEqual({ sensitive: true });
    await expect(amina.caller.verifyPhone({ code: code === '000000' ? '111111' : '000000' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'That code is not the one we sent: check the SMS and type it again',
      cause: { field: 'code' },
    });
    await expect(amina.caller.verifyPhone({ code: '12ab' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('6-digit code') });
    expect(await amina.caller.verifyPhone({ code })).toMatchObject({ verified: true, channel: 'sms' });
    // Used: the same code proves nothing twice.
    await expect(amina.caller.verifyPhone({ code })).rejects.toMatchObject({ message: 'That code no longer works: ask for a new one' });

    // WhatsApp in place of SMS: the approved template carries the SMS's wording.
    await amina.caller.setTextChannel({ channel: 'whatsapp' });
    await enqueueSms('+254712345678', 'Mombasa Car Dealership: your order is on its way.');
    const template = await whatsapp.waitFor((m) => m.to === '254712345678' && m.type === 'template');
    expect(template.template).toEqual({ name: 'dealer_update', language: 'en', parameters: ['Mombasa Car Dealership: your order is on its way.'] });
    expect(await sentTo('+254712345678', 'order.status')).toEqual([
      { channel: 'whatsapp', template: { name: 'dealer_update', language: 'en', parameters: ['Mombasa Car Dealership: your order is on its way.'] } },
    ]);

    // WhatsApp cannot take it (the number is not on WhatsApp, Meta is down): it goes by SMS at once, not never.
    whatsapp.setBehaviour('error500');
    try {
      await enqueueSms('+254712345678', 'Your reservation ends tomorrow.');
      await sms.waitFor((m) => m.to === '+254712345678' && m.message === 'Your reservation ends tomorrow.');
    } finally {
      whatsapp.setBehaviour('accept');
    }

    // A phone code is an SMS whatever the account chose.
    const codes = sms.messages.length;
    await amina.caller.sendPhoneCode();
    await codeSentTo('+254712345678', codes);

    // Both: one of each.
    await amina.caller.setTextChannel({ channel: 'both' });
    await enqueueSms('+254712345678', 'Second update.');
    await sms.waitFor((m) => m.to === '+254712345678' && m.message === 'Second update.');
    await whatsapp.waitFor((m) => m.to === '254712345678' && m.template?.parameters[0] === 'Second update.');

    // Wrote STOP on WhatsApp: texts stay SMS whatever the account chose.
    await handle.db.insert(whatsappOptOuts).values({ phone: '+254712345678' });
    await enqueueSms('+254712345678', 'Third update.');
    // The first WhatsApp text; the one WhatsApp refused and its SMS; "both" (one of each); and this SMS.
    expect((await sentTo('+254712345678', 'order.status')).map((m) => m.channel).sort()).toEqual(['sms', 'sms', 'sms', 'whatsapp', 'whatsapp', 'whatsapp']);

    // In the person's data export.
    expect((await amina.caller.exportMyData()).textMessages).toEqual({ verifiedPhone: '+254712345678', channel: 'both' });
  });

  it('a code stops working after a few wrong tries; a new phone is unproved; a number proved on another account leaves the first', async () => {
    const baraka = await customer('0733 000 111');
    let before = sms.messages.length;
    await baraka.caller.sendPhoneCode();
    const code = await codeSentTo('+254733000111', before);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < PHONE_CODE_MAX_FAILURES; i++) await expect(baraka.caller.verifyPhone({ code: wrong })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(baraka.caller.verifyPhone({ code })).rejects.toMatchObject({ message: 'That code no longer works: ask for a new one' });

    before = sms.messages.length;
    await baraka.caller.sendPhoneCode();
    await baraka.caller.verifyPhone({ code: await codeSentTo('+254733000111', before) });
    await baraka.caller.setTextChannel({ channel: 'whatsapp' });

    // The same number proved on another account: it moves there, and the first account's texts go by SMS.
    const other = await customer('+254 733 000 111');
    before = sms.messages.length;
    await other.caller.sendPhoneCode();
    await other.caller.verifyPhone({ code: await codeSentTo('+254733000111', before) });
    expect(await baraka.caller.textMessages()).toMatchObject({ verified: false, channel: 'sms' });
    expect(await other.caller.textMessages()).toMatchObject({ verified: true, channel: 'sms' });

    // A new phone in the profile is unproved; a code sent to the old number proves nothing of it.
    before = sms.messages.length;
    await other.caller.sendPhoneCode();
    const oldCode = await codeSentTo('+254733000111', before);
    await other.caller.updateProfile({ name: 'Amina Otieno', email: (await other.caller.me()).email, password: '', phone: '0799 123 456', address: 'Nyali' });
    expect(await other.caller.textMessages()).toMatchObject({ phone: '0799 123 456', verified: false, channel: 'sms' });
    await expect(other.caller.verifyPhone({ code: oldCode })).rejects.toMatchObject({ message: 'That code no longer works: ask for a new one' });
    const [row] = await handle.db.select({ verifiedPhone: users.verifiedPhone }).from(users).where(eq(users.id, other.id));
    expect(row.verifiedPhone).toBeNull();
  });

  it('refuses a number that is not a Kenyan mobile, throttles codes per account, and checks per number a day', async () => {
    const abroad = await customer('+44 20 7946 0958');
    await expect(abroad.caller.sendPhoneCode()).rejects.toMatchObject({ code: 'BAD_REQUEST', cause: { field: 'phone' } });

    const eager = await customer('0744 555 666');
    for (let i = 0; i < PHONE_CODE_THROTTLE.maxPerAccount; i++) await eager.caller.sendPhoneCode();
    await expect(eager.caller.sendPhoneCode()).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(await sentTo('+254744555666', 'phone.verify')).toHaveLength(PHONE_CODE_THROTTLE.maxPerAccount);
    // Guessing from many accounts: every account's checks against one number count together.
    const guessers = [await customer('0755 000 222'), await customer('0755 000 222')];
    let refused = 0;
    for (let i = 0; i < PHONE_CODE_THROTTLE.maxChecksPerNumberDay + 2; i++) {
      const error = await guessers[i % 2].caller.verifyPhone({ code: '000000' }).catch((e: { code?: string }) => e);
      if ((error as { code?: string }).code === 'TOO_MANY_REQUESTS') refused++;
    }
    expect(refused).toBe(2);
  });
});
