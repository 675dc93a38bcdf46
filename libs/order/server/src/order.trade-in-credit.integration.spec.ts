import { createModuleTestApp, insertBrand, insertCar, insertUser } from '@dealership/app-schema/testing';
import { type DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { PaymentModule } from '@dealership/server-payment';
import { type BraintreeStub, startBraintreeStub } from '@dealership/server-payment/testing';
import { SettingService } from '@dealership/setting-server';
import { nairobiDate } from '@dealership/shared-util';
import { tradeInOffers } from '@dealership/trade-in-offer-data';
import { TradeInCredits } from '@dealership/trade-in-offer-server';
import { createCallerFactory } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { setReservationRules } from './order-history.fixture';
import { OrderModule } from './order.module';
import { OrderRouter } from './order.router';

const DAY = 86_400_000;

// Issue 46: an accepted trade-in offer is credited at checkout: the order's balance, deposit and a
// card's charge are less by it; it credits one order at a time; cancelling the order releases it
// (while still valid); only the buyer's own offers (accepted signed in, or made for the email or
// phone their account proved) can be used. Real database, Braintree's SDK against its loopback stub.
describe('trade-in credit at checkout (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let stub: BraintreeStub;
  const people: Record<'amina' | 'baraka' | 'admin', { id: string; name: string; email: string }> = {} as never;
  const as = (who: keyof typeof people) =>
    createCallerFactory(app.get(OrderRouter).router)({ user: { ...people[who], role: who === 'admin' ? 1 : 0 }, ip: '127.0.0.1' });
  let brandId: string;
  const newCar = (price: number, name: string) => insertCar(handle.db, { name, brandId, price });
  const offer = async (fields: Partial<typeof tradeInOffers.$inferInsert>) =>
    (
      await handle.db
        .insert(tradeInOffers)
        .values({
          buyerName: 'Amina',
          buyerPhone: '+254712345678',
          car: 'Toyota Axio 2012',
          amountKes: 600_000,
          validUntil: nairobiDate(new Date(Date.now() + 5 * DAY)),
          status: 'accepted',
          createdBy: 'Salim',
          ...fields,
        })
        .returning()
    )[0];

  beforeAll(async () => {
    handle = await createTestDatabase();
    stub = await startBraintreeStub();
    const amina = await insertUser(handle.db, { name: 'Amina Wanjiru', email: 'amina@example.co.ke', emailVerifiedAt: new Date() });
    const baraka = await insertUser(handle.db, { name: 'Baraka Otieno', email: 'baraka@example.co.ke' });
    const admin = await insertUser(handle.db, { name: 'Boss', email: 'boss@dealer.test', role: 1 });
    for (const [key, user] of Object.entries({ amina, baraka, admin }))
      people[key as keyof typeof people] = { id: user.id, name: user.name, email: user.email };
    brandId = (await insertBrand(handle.db, { name: 'Toyota' })).id;
    app = await createModuleTestApp(handle, [PaymentModule, OrderModule], { env: stub.env });
    await setReservationRules(app.get(SettingService), { maxUnpaidPerBuyer: 10, maxUnpaidCarsPerBuyer: 30, maxUnpaidCarsPerAddress: 300 }, people.admin);
  });
  afterAll(async () => {
    await app?.close();
    await stub?.close();
    await handle?.close();
  });

  it('credits an accepted offer once, shows it on the order, releases it on cancel, and refuses anyone else', async () => {
    // Made for the email Amina's account proved (accepted from the SMS link, not signed in).
    const axio = await offer({ buyerEmail: 'amina@example.co.ke' });
    const notYet = await offer({ buyerEmail: 'amina@example.co.ke', status: 'sent' });
    const ended = await offer({ buyerEmail: 'amina@example.co.ke', validUntil: nairobiDate(new Date(Date.now() - DAY)) });
    const credits = app.get(TradeInCredits);
    expect((await credits.available(people.amina.id)).map((credit) => credit.id)).toEqual([axio.id]);
    expect(await credits.available(people.baraka.id)).toEqual([]);

    const prado = await newCar(5_200_000, 'Toyota Prado');
    const order = await as('amina').place({ carIds: [prado.id], payment: { method: 'reservation' }, tradeInOfferId: axio.id });
    expect(order).toMatchObject({ amount: 5_200_000, tradeInCredit: { reference: axio.reference, amountKes: 600_000 }, balance: 4_600_000 });
    expect(await credits.available(people.amina.id)).toEqual([]);

    // Not twice, not someone else's, not one not accepted or past its day.
    const hilux = await newCar(4_100_000, 'Toyota Hilux');
    await expect(as('amina').place({ carIds: [hilux.id], payment: { method: 'reservation' }, tradeInOfferId: axio.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This trade-in offer can no longer be used: it has ended or is on another order',
    });
    for (const id of [notYet.id, ended.id])
      await expect(as('amina').place({ carIds: [hilux.id], payment: { method: 'reservation' }, tradeInOfferId: id })).rejects.toMatchObject({
        code: 'CONFLICT',
      });
    const mine = await offer({ acceptedByUserId: people.baraka.id, buyerEmail: 'someone@else.test' });
    await expect(as('amina').place({ carIds: [hilux.id], payment: { method: 'reservation' }, tradeInOfferId: mine.id })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    // The refused checkouts held nothing.
    expect((await as('amina').mine()).map((o) => o.id)).toEqual([order.id]);

    // Cancelled: the offer is Amina's to use again, while it is valid.
    await as('admin').setStatus({ orderId: order.id, status: 'cancel' });
    expect((await credits.available(people.amina.id)).map((credit) => credit.id)).toEqual([axio.id]);
    // The cancelled order keeps its record of the credit.
    expect((await as('amina').mine()).find((o) => o.id === order.id)?.tradeInCredit).toEqual({ reference: axio.reference, amountKes: 600_000 });

    // By card: the gateway is asked for the price less the credit.
    stub.requests.length = 0;
    const paid = await as('amina').place({ carIds: [hilux.id], payment: { method: 'card', nonce: 'fake-valid-nonce' }, tradeInOfferId: axio.id });
    expect(stub.requests.filter((r) => r.kind === 'sale')).toEqual([expect.objectContaining({ amount: '3500000.00', orderId: paid.id })]);
    expect(paid).toMatchObject({ amount: 4_100_000, tradeInCredit: { amountKes: 600_000 }, balance: 0, payment: { success: true } });
    const [used] = await handle.db.select({ usedByOrderId: tradeInOffers.usedByOrderId }).from(tradeInOffers).where(eq(tradeInOffers.id, axio.id));
    expect(used.usedByOrderId).toBe(paid.id);

    // A credit worth more than the car: capped at its price, nothing left to pay, no deposit to ask.
    const vitz = await newCar(450_000, 'Toyota Vitz');
    const bigger = await offer({ acceptedByUserId: people.amina.id, amountKes: 600_000 });
    const covered = await as('amina').place({ carIds: [vitz.id], payment: { method: 'reservation' }, tradeInOfferId: bigger.id });
    expect(covered).toMatchObject({ tradeInCredit: { amountKes: 450_000 }, deposit: null, balance: 0 });

    // The cancelled first order re-opened: its offer is on the card order now, so it goes on without the credit.
    const reopened = await as('admin').setStatus({ orderId: order.id, status: 'Processing' });
    expect(reopened).toMatchObject({ tradeInCredit: null, balance: 5_200_000 });
  });
});
