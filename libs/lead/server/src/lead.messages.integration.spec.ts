import { nairobiToday } from '@dealership/lead-schemas';
import { MessageWorker } from '@dealership/message-server';
import { createModuleTestApp, insertBrand, insertCar, insertUser, truncateAll } from '@dealership/app-schema/testing';
import { outboxMessages } from '@dealership/message-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { startSmsStub, startSmtpStub, type SmsStub, type SmtpStub } from '@dealership/shared-provider-stubs';
import { createCallerFactory } from '@dealership/server-trpc';
import { UserModule } from '@dealership/user-server';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { LeadModule } from './lead.module';
import { LeadRouter } from './lead.router';

/** The next day after today (Nairobi's) that falls on `weekday` (0 Sunday ... 6 Saturday). */
const nextDay = (weekday: number) => {
  const day = new Date(`${nairobiToday()}T00:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() !== weekday);
  return day.toISOString().slice(0, 10);
};

describe('what a lead sends: the staff alert and the buyer acknowledgement (integration, real database, loopback SMTP and SMS stubs)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let smtp: SmtpStub;
  let sms: SmsStub;
  let ip = 0;
  const visitor = () => createCallerFactory(app.get(LeadRouter).router)({ user: null, ip: `10.1.0.${++ip}` });

  beforeAll(async () => {
    handle = await createTestDatabase();
    [smtp, sms] = await Promise.all([startSmtpStub(), startSmsStub()]);
    app = await createModuleTestApp(handle, [UserModule, LeadModule], {
      userLookup: 'provided',
      env: {
        PUBLIC_URL: 'https://dealer.test',
        DEALER_PHONE: '+254 711 222 333',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Mombasa Car Dealership <sales@dealer.test>',
        AFRICASTALKING_USERNAME: 'sandbox',
        AFRICASTALKING_API_KEY: 'stub-key',
        AFRICASTALKING_API_URL: sms.url,
        LEAD_ALERT_EMAILS: 'floor@dealer.test',
        LEAD_ALERT_PHONES: '+254700111222',
      },
    });
  });

  beforeEach(async () => {
    await truncateAll(handle);
    await insertUser(handle.db, { name: 'Boss', email: 'boss@dealer.test', role: 1, phone: '0722 000 111' });
  });

  afterAll(async () => {
    await app?.close();
    await Promise.all([smtp?.close(), sms?.close()]);
    await handle?.close();
  });

  it('a test drive: the staff get an email (name, tap-to-call number, car link, slot, back-office link) and an SMS; the buyer an SMS and an email saying when they will be called', async () => {
    const brand = await insertBrand(handle.db, { name: 'Toyota' });
    const car = await insertCar(handle.db, { brandId: brand.id, name: 'Toyota Prado 2019' });
    const saturday = nextDay(6);
    const { id } = await visitor().create({
      kind: 'test-drive',
      name: 'Amina Njeri',
      phone: '0712 345 678',
      consent: true,
      email: 'amina@buyer.test',
      carId: car.id,
      preferredDate: saturday,
      preferredTime: '10:30',
    });
    const day = new Date(`${saturday}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

    for (const to of ['boss@dealer.test', 'floor@dealer.test']) {
      const mail = await smtp.waitFor((m) => m.to.includes(to) && m.subject.startsWith('New test drive'));
      expect(mail.subject).toBe('New test drive: Amina Njeri, Toyota Prado 2019');
      expect(mail.html).toContain('href="tel:+254712345678"');
      expect(mail.html).toContain(`href="https://dealer.test/car/${car.slug}"`);
      expect(mail.html).toContain(`href="https://dealer.test/dashboard/admin/leads?status=New&amp;lead=${id}"`);
      expect(mail.text).toContain(`Slot: ${day} at 10:30`);
      expect(mail.text).toContain('Phone: +254712345678');
    }
    for (const to of ['+254722000111', '+254700111222']) {
      const text = await sms.waitFor((m) => m.to === to);
      expect(text.message).toBe(
        `New test drive: Amina Njeri +254712345678. Toyota Prado 2019. ${day} at 10:30. Call now. https://dealer.test/dashboard/admin/leads`,
      );
    }
    const ack = await sms.waitFor((m) => m.to === '+254712345678');
    expect(ack.message).toMatch(
      new RegExp(
        `^Mombasa Car Dealership: thank you, we have your request for a test drive of the Toyota Prado 2019 on ${day} at 10:30\\. A salesperson will call you (within 30 minutes|today at 08:00|tomorrow at 08:00|on Monday at 08:00)\\. Questions\\? Call \\+254 711 222 333\\.$`,
      ),
    );
    const buyerMail = await smtp.waitFor((m) => m.to.includes('amina@buyer.test'));
    expect(buyerMail.subject).toBe('We have your request: Test drive');
    expect(buyerMail.text).toContain('A salesperson will call you ');
    // The acknowledgement goes to an address the visitor typed: nothing else they typed is in it.
    expect(buyerMail.text).not.toContain('Amina');

    await app.get(MessageWorker).idle();
    const rows = await handle.db.select().from(outboxMessages);
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => row.status === 'sent' && row.reference === id)).toBe(true);
  });

  it("a trade-in: the staff email lists the buyer's car and links its photos; a buyer without an email gets only the SMS", async () => {
    await visitor().create({
      kind: 'trade-in',
      name: 'Otieno Odhiambo',
      phone: '0733 111 222',
      consent: true,
      message: '',
      details: { make: 'Mazda', model: 'Demio', year: 2015, mileage: 98000, condition: 'Good', askingPrice: 650000, photos: [] },
    });
    const mail = await smtp.waitFor((m) => m.to.includes('boss@dealer.test') && m.subject === 'New trade-in: Otieno Odhiambo');
    expect(mail.text).toContain('Their car: 2015 Mazda Demio, 98,000 km, Good');
    expect(mail.text).toContain('Asking: KES 650,000');
    const ack = await sms.waitFor((m) => m.to === '+254733111222');
    expect(ack.message).toContain('we have your request for a trade-in estimate of your car.');
    expect(ack.message).not.toMatch(/Mazda|Demio|Otieno/);
    await app.get(MessageWorker).idle();
    const rows = await handle.db.select().from(outboxMessages);
    expect(rows.filter((row) => row.topic === 'lead.buyer').map((row) => row.channel)).toEqual(['sms']);
  });

  it("cannot be used to message a stranger: five leads from five addresses naming one number send it at most three messages, and no typed link reaches any SMS", async () => {
    const victim = '+254722000999';
    for (let i = 0; i < 5; i++) {
      await visitor().create({ kind: 'enquiry', name: `Refund https://evil.example/pay?${i}`, phone: '0722 000 999', consent: true, message: 'Call bit.ly/refund-now' });
    }
    // Every lead is kept, and the staff hear of each.
    await app.get(MessageWorker).idle();
    const rows = await handle.db.select().from(outboxMessages);
    expect(new Set(rows.filter((row) => row.topic === 'lead.staff').map((row) => row.reference)).size).toBe(5);
    const toVictim = rows.filter((row) => row.recipient === victim);
    expect(toVictim.map((row) => row.status).sort()).toEqual(['sent', 'sent', 'sent', 'withheld', 'withheld']);
    expect(sms.messages.filter((m) => m.to === victim)).toHaveLength(3);
    // No SMS (the staff's alerts included) carries the visitor's link; the staff's says one was there.
    for (const message of sms.messages) expect(message.message).not.toMatch(/evil\.example|bit\.ly/);
    const alerts = sms.messages.filter((m) => m.to === '+254700111222' && m.message.startsWith('New enquiry: Refund'));
    expect(alerts).toHaveLength(5);
    for (const alert of alerts) expect(alert.message).toMatch(/^New enquiry: Refund \[link removed\] \+254722000999\. Call now\. https:\/\/dealer\.test\/dashboard\/admin\/leads$/);
  });

  it('a refused lead writes no message', async () => {
    await expect(
      visitor().create({ name: 'Ghost', phone: '0712 345 678', consent: true, message: 'Hi', carId: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'carId: this car is no longer listed' });
    await visitor().create({ name: 'Bot', phone: '0712 345 678', consent: true, message: 'Hi', website: 'https://spam.example' });
    expect(await handle.db.select().from(outboxMessages)).toEqual([]);
  });
});
