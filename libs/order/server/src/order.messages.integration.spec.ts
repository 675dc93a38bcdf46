import { MessageWorker } from '@dealership/message-server';
import { orderNumber } from '@dealership/order-schemas';
import { createModuleTestApp, insertBrand, insertCar, insertUser } from '@dealership/app-schema/testing';
import { outboxMessages } from '@dealership/message-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { PaymentModule } from '@dealership/server-payment';
import { type BraintreeStub, startBraintreeStub } from '@dealership/server-payment/testing';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import { startSmsStub, startSmtpStub, type SmsStub, type SmtpStub } from '@dealership/shared-provider-stubs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { OrderModule } from './order.module';
import { OrderRouter } from './order.router';

describe('what an order sends: the staff alert, the buyer receipt, the status change (integration, real database, loopback SMTP, SMS and Braintree stubs)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let braintree: BraintreeStub;
  let smtp: SmtpStub;
  let sms: SmsStub;
  let brandId: string;
  const people = {} as Record<'amina' | 'admin', { id: string; name: string; email: string }>;
  const as = (who: keyof typeof people) =>
    createCallerFactory(app.get(OrderRouter).router)({ user: { ...people[who], role: who === 'admin' ? 1 : 0 }, ip: '127.0.0.1' } satisfies TrpcContext);
  const messagesAbout = (id: string) => handle.db.select().from(outboxMessages).where(eq(outboxMessages.reference, id));

  beforeAll(async () => {
    handle = await createTestDatabase();
    [braintree, smtp, sms] = await Promise.all([startBraintreeStub(), startSmtpStub(), startSmsStub()]);
    const amina = await insertUser(handle.db, { name: 'Amina Wanjiru', email: 'amina@example.co.ke', phone: '0712345678', address: 'Nyali, Mombasa' });
    const admin = await insertUser(handle.db, { name: 'Boss', email: 'boss@dealer.test', role: 1, phone: '0722000111' });
    people.amina = { id: amina.id, name: amina.name, email: amina.email };
    people.admin = { id: admin.id, name: admin.name, email: admin.email };
    brandId = (await insertBrand(handle.db, { name: 'Toyota' })).id;
    app = await createModuleTestApp(handle, [PaymentModule, OrderModule], {
      env: {
        ...braintree.env,
        PUBLIC_URL: 'https://dealer.test',
        DEALER_PHONE: '+254 711 222 333',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'sales@dealer.test',
        AFRICASTALKING_USERNAME: 'sandbox',
        AFRICASTALKING_API_KEY: 'stub-key',
        AFRICASTALKING_API_URL: sms.url,
      },
    });
  });

  afterAll(async () => {
    await app?.close();
    await Promise.all([braintree?.close(), smtp?.close(), sms?.close()]);
    await handle?.close();
  });

  it('a reservation: the staff get an email and an SMS, the buyer a receipt by email and SMS; a status change by the staff reaches the buyer', async () => {
    const car = await insertCar(handle.db, { brandId, name: 'Toyota Harrier 2018', price: 3_450_000 });
    const order = await as('amina').place({ carIds: [car.id], payment: { method: 'reservation' } });
    const number = orderNumber(order.id);

    const staffMail = await smtp.waitFor((m) => m.to.includes('boss@dealer.test') && m.subject.includes(number));
    expect(staffMail.subject).toBe(`New reservation ${number}: Toyota Harrier 2018, KES 3,450,000`);
    expect(staffMail.html).toContain('href="tel:0712345678"');
    expect(staffMail.text).toContain('Reservation: to be paid at the showroom');
    const staffSms = await sms.waitFor((m) => m.to === '+254722000111');
    expect(staffSms.message).toBe(
      `New reservation ${number}: Amina Wanjiru 0712345678, Toyota Harrier 2018, KES 3,450,000. https://dealer.test/dashboard/admin/userorders`,
    );
    const receipt = await smtp.waitFor((m) => m.to.includes('amina@example.co.ke'));
    expect(receipt.subject).toBe(`Your reservation ${number}`);
    // Until when, from the rules in force (48 hours by default), in the dealer's time.
    const holdEnds = new Intl.DateTimeFormat('en-KE', { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Africa/Nairobi' }).format(
      new Date(order.holdExpiresAt as string),
    );
    expect(receipt.text).toContain(`The cars are reserved for you until ${holdEnds}: nobody else can order them`);
    const receiptSms = await sms.waitFor((m) => m.to === '+254712345678');
    expect(receiptSms.message).toContain(`your reservation ${number} of Toyota Harrier 2018, KES 3,450,000. Held for you until ${holdEnds}; a salesperson will call you`);

    await as('admin').setStatus({ orderId: order.id, status: 'Shipped' });
    const shipped = await smtp.waitFor((m) => m.to.includes('amina@example.co.ke') && m.subject.startsWith(`Your order ${number} is`));
    expect(shipped.subject).toBe(`Your order ${number} is on its way (shipped)`);
    const shippedSms = await sms.waitFor((m) => m.to === '+254712345678' && m.message.includes('is now'));
    expect(shippedSms.message).toBe(
      `Mombasa Car Dealership: your order ${number} (Toyota Harrier 2018) is now on its way (shipped). Questions? Call +254 711 222 333.`,
    );
    // The same status again changes nothing and sends nothing.
    await as('admin').setStatus({ orderId: order.id, status: 'Shipped' });
    await app.get(MessageWorker).idle();
    expect((await messagesAbout(order.id)).map((m) => `${m.topic} ${m.channel} ${m.status}`).sort()).toEqual([
      'order.buyer email sent',
      'order.buyer sms sent',
      'order.staff email sent',
      'order.staff sms sent',
      'order.status email sent',
      'order.status sms sent',
    ]);
  });

  it('a card order is announced once it is paid; a declined one announces nothing', async () => {
    const car = await insertCar(handle.db, { brandId, name: 'Toyota Vitz 2017', price: 980_000 });
    const order = await as('amina').place({ carIds: [car.id], payment: { method: 'card', nonce: 'fake-valid-nonce-messages' } });
    await smtp.waitFor((m) => m.subject === `Your order ${orderNumber(order.id)}`);
    const staff = await smtp.waitFor((m) => m.subject.startsWith(`New order ${orderNumber(order.id)}`));
    expect(staff.text).toMatch(/Card, paid \(transaction stub/);

    const other = await insertCar(handle.db, { brandId, name: 'Toyota Axio 2016', price: 1_100_000 });
    braintree.setBehaviour('decline');
    await expect(as('amina').place({ carIds: [other.id], payment: { method: 'card', nonce: 'fake-declined-nonce' } })).rejects.toMatchObject({
      code: 'PAYMENT_REQUIRED',
    });
    await app.get(MessageWorker).idle();
    expect(smtp.mails.filter((m) => m.subject.includes('Toyota Axio'))).toEqual([]);
  });
});
