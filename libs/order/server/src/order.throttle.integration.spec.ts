import { SettingService } from '@dealership/setting-server';
import { ORDER_THROTTLE } from '@dealership/server-auth';
import { createModuleTestApp, insertBrand, insertCar, insertUser } from '@dealership/app-schema/testing';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { PaymentModule } from '@dealership/server-payment';
import { type BraintreeStub, startBraintreeStub } from '@dealership/server-payment/testing';
import { createCallerFactory } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { setReservationRules } from './order-history.fixture';
import { OrderModule } from './order.module';
import { OrderRouter } from './order.router';

// Orders are throttled per buyer account and per client address (issue 27): a script cannot
// reserve the whole stock, and the checkout cannot be used to try out stolen cards.
describe('order throttling: per account, per address, and card attempts per account (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let stub: BraintreeStub;
  let brandId: string;
  let cars = 0;
  const buyers: { id: string; name: string; email: string }[] = [];
  const as = (buyer: number, ip = '41.90.1.1') => createCallerFactory(app.get(OrderRouter).router)({ user: { ...buyers[buyer], role: 0 }, ip });
  const newCar = () => insertCar(handle.db, { name: `Toyota Throttle ${++cars}`, brandId, price: 800_000 });
  const reserve = async (buyer: number, ip?: string) => as(buyer, ip).place({ carIds: [(await newCar()).id], payment: { method: 'reservation' } });

  beforeAll(async () => {
    handle = await createTestDatabase();
    stub = await startBraintreeStub({ merchantAccountId: 'dealer_KES' });
    brandId = (await insertBrand(handle.db, { name: 'Toyota' })).id;
    for (let i = 0; i < 8; i++) {
      const user = await insertUser(handle.db, { name: `Buyer ${i}`, email: `buyer${i}@example.co.ke` });
      buyers.push({ id: user.id, name: user.name, email: user.email });
    }
    app = await createModuleTestApp(handle, [PaymentModule, OrderModule], { env: stub.env });
    // Not about the cap on reservations without a deposit: let each buyer hold as many as the throttle allows.
    await setReservationRules(app.get(SettingService), { maxUnpaidPerBuyer: ORDER_THROTTLE.maxPerAccount, maxUnpaidCarsPerBuyer: 30, maxUnpaidCarsPerAddress: 300 }, buyers[0]);
  });

  afterAll(async () => {
    await app?.close();
    await stub?.close();
    await handle?.close();
  });

  it('takes 10 orders an hour from one account, then answers TOO_MANY_REQUESTS saying when, and counts a resubmit once', async () => {
    const first = await as(0).place({ carIds: [(await newCar()).id], payment: { method: 'reservation' }, idempotencyKey: 'key-0001' });
    // The same order submitted again is answered, not counted.
    expect((await as(0).place({ carIds: [(await newCar()).id], payment: { method: 'reservation' }, idempotencyKey: 'key-0001' })).id).toBe(first.id);
    for (let i = 1; i < ORDER_THROTTLE.maxPerAccount; i++) await reserve(0);
    await expect(reserve(0)).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Too many orders in a short time\. Please try again in (59|60) minutes, or call us to reserve a car\.$/),
    });
    // Another account on the same network is not held back by it.
    expect((await reserve(1)).status).toBe('Not Process');
  });

  it('lets many buyers share one address (a mobile carrier), up to 60 orders an hour from it', async () => {
    const shared = '197.232.61.7';
    for (let i = 0; i < ORDER_THROTTLE.maxPerIp; i++) await reserve(2 + (i % 6), shared);
    await expect(reserve(2, shared)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Another address is not held back by it.
    expect((await reserve(1, '197.232.61.8')).status).toBe('Not Process');
  }, 60_000);

  it('counts card attempts per account: 5 declined cards an hour, then no more tries', async () => {
    stub.setBehaviour('decline');
    for (let i = 0; i < ORDER_THROTTLE.maxPaymentAttemptsPerAccount; i++) {
      await expect(as(1, `41.90.2.${i}`).place({ carIds: [(await newCar()).id], payment: { method: 'card', nonce: `stolen-card-${i}` } })).rejects.toMatchObject({
        code: 'PAYMENT_REQUIRED',
      });
    }
    const salesBefore = stub.requests.filter((r) => r.kind === 'sale').length;
    await expect(as(1, '41.90.2.99').place({ carIds: [(await newCar()).id], payment: { method: 'card', nonce: 'stolen-card-6' } })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Too many payment attempts\. Please try again in (59|60) minutes, or call us to pay another way\.$/),
    });
    // The gateway never saw the sixth card.
    expect(stub.requests.filter((r) => r.kind === 'sale').length).toBe(salesBefore);
  });
});
