import { OrderThrottle } from '@dealership/server-auth';
import { OrderSchema } from '@dealership/order-schemas';
import { createModuleTestApp, insertBrand, insertCar, insertUser } from '@dealership/app-schema/testing';
import { auditEvents } from '@dealership/audit-data';
import { cars } from '@dealership/car-data';
import { orderLines, orders } from '@dealership/order-data';
import { type DatabaseHandle, PeriodicJobs, throttleCounters } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { users } from '@dealership/user-data';
import { SettingService } from '@dealership/setting-server';
import { DisabledPaymentGateway, PaymentModule } from '@dealership/server-payment';
import { type BraintreeStub, braintreeGatewayForStub, startBraintreeStub } from '@dealership/server-payment/testing';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { setReservationRules } from './order-history.fixture';
import { OrderModule } from './order.module';
import { OrderRepository } from './order.repository';
import { PayableCardPaymentRepository } from './payable-card-payment.repository';
import { OrderRouter } from './order.router';
import { CardPaymentService, PENDING_RECONCILE_INTERVAL_MS } from './card-payment.service';
import { OrderAnnouncements } from './order-announcements';

/** What a call threw (it must throw). */
async function thrown(run: () => Promise<unknown>): Promise<{ code?: string; message: string; cause?: unknown }> {
  try {
    await run();
  } catch (error) {
    return error as { code?: string; message: string };
  }
  throw new Error('expected the call to throw');
}

/**
 * Placing orders through tRPC `order.place` on a real database, with the official Braintree SDK
 * against a loopback stub of the gateway: what is and is not in the database after each outcome.
 */
describe('order module: placing orders, tRPC order.quote / clientToken / place / all / setStatus (integration)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let stub: BraintreeStub;
  let brandId: string;
  const people: Record<'amina' | 'baraka' | 'admin', { id: string; name: string; email: string }> = {} as never;
  const callerFor = (ctx: TrpcContext) => createCallerFactory(app.get(OrderRouter).router)(ctx);
  const as = (who: keyof typeof people) => callerFor({ user: { ...people[who], role: who === 'admin' ? 1 : 0 }, ip: '127.0.0.1' });
  const guest = () => callerFor({ user: null, ip: '127.0.0.1' });

  let carCount = 0;
  /** A new Available car (two pictures) at `price`. */
  const newCar = (price: number, name = `Toyota Test ${++carCount}`) => insertCar(handle.db, { name, brandId, price });
  const statusOf = async (...ids: string[]) => {
    const rows = await handle.db.select({ id: cars.id, status: cars.status }).from(cars).where(inArray(cars.id, ids));
    return ids.map((id) => rows.find((r) => r.id === id)?.status);
  };
  /** Orders (pending ones included) and lines holding `carId`. */
  const ordersHolding = async (carId: string) =>
    (await handle.db.select({ id: orders.id }).from(orderLines).innerJoin(orders, eq(orders.id, orderLines.orderId)).where(eq(orderLines.carId, carId))).length;
  const orderRows = async () => (await handle.db.select({ n: count() }).from(orders))[0].n;

  beforeAll(async () => {
    handle = await createTestDatabase();
    stub = await startBraintreeStub();
    const amina = await insertUser(handle.db, { name: 'Amina Wanjiru', email: 'amina@example.co.ke', phone: '0712345678', address: 'Nyali, Mombasa' });
    const baraka = await insertUser(handle.db, { name: 'Baraka Otieno', email: 'baraka@example.co.ke', phone: '0722000111', address: 'Likoni' });
    const admin = await insertUser(handle.db, { name: 'Boss', email: 'boss@dealer.test', role: 1 });
    for (const [key, user] of Object.entries({ amina, baraka, admin }))
      people[key as keyof typeof people] = { id: user.id, name: user.name, email: user.email };
    brandId = (await insertBrand(handle.db, { name: 'Toyota' })).id;
    app = await createModuleTestApp(handle, [PaymentModule, OrderModule], { env: stub.env });
    await setReservationRules(app.get(SettingService), { maxUnpaidPerBuyer: 10, maxUnpaidCarsPerBuyer: 30, maxUnpaidCarsPerAddress: 300 }, people.admin);
  });

  // These tests place many orders from one account: the order throttle (order.throttle.integration.spec.ts) starts afresh for each.
  beforeEach(async () => {
    await handle.db.delete(throttleCounters);
  });

  afterAll(async () => {
    await app?.close();
    await stub?.close();
    await handle?.close();
  });

  beforeEach(() => stub.reset());

  describe('order.quote', () => {
    it('prices the cars from the database for anyone, marks unavailable ones, leaves deleted ids out', async () => {
      const vitz = await newCar(650_000, 'Toyota Vitz Quote');
      const prado = await newCar(5_200_000, 'Toyota Prado Quote');
      const sold = await newCar(900_000, 'Toyota Probox Quote');
      await handle.db.update(cars).set({ status: 'Sold' }).where(eq(cars.id, sold.id));
      const deleted = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';
      const quote = await guest().quote({ carIds: [prado.id, deleted, vitz.id, sold.id, vitz.id] });
      expect(quote).toEqual({
        lines: [
          {
            carId: prado.id,
            name: 'Toyota Prado Quote',
            slug: 'toyota-prado-quote',
            price: 5_200_000,
            imageUrl: '/media/cars/toyota-prado-quote-0.webp',
            status: 'Available',
          },
          {
            carId: vitz.id,
            name: 'Toyota Vitz Quote',
            slug: 'toyota-vitz-quote',
            price: 650_000,
            imageUrl: '/media/cars/toyota-vitz-quote-0.webp',
            status: 'Available',
          },
          {
            carId: sold.id,
            name: 'Toyota Probox Quote',
            slug: 'toyota-probox-quote',
            price: 900_000,
            imageUrl: '/media/cars/toyota-probox-quote-0.webp',
            status: 'Sold',
          },
        ],
        total: 5_850_000,
        cardPayments: true,
        // M-Pesa is off here; the deposit is the rules' KES 50,000 for each Available car.
        mpesaPayments: false,
        deposit: 100_000,
      });
      await expect(guest().quote({ carIds: [] })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('Choose at least one car') });
    });
  });

  describe('order.clientToken', () => {
    it("gives a signed-in buyer the gateway's client token; a guest is refused", async () => {
      const { clientToken } = await as('amina').clientToken();
      expect(JSON.parse(Buffer.from(clientToken, 'base64').toString('utf8'))).toMatchObject({ merchantId: stub.config.merchantId });
      expect(stub.requests.map((r) => r.kind)).toEqual(['clientToken']);
      await expect(guest().clientToken()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    });

    it('answers BAD_GATEWAY when the gateway fails', async () => {
      stub.setBehaviour('error500');
      await expect(as('amina').clientToken()).rejects.toMatchObject({ code: 'BAD_GATEWAY' });
    });
  });

  describe('a reservation', () => {
    it('reserves the cars in one go: database prices, the cars as they are now, the buyer contact, nothing charged', async () => {
      const vitz = await newCar(650_000, 'Toyota Vitz');
      const prado = await newCar(5_200_000, 'Toyota Prado');
      const started = performance.now();
      const order = await as('amina').place({ carIds: [vitz.id, prado.id, vitz.id], payment: { method: 'reservation' } });
      const elapsed = performance.now() - started;
      console.info(`[timing] order.place (reservation, 2 cars, ${handle.engine}): ${elapsed.toFixed(1)} ms`);

      expect(OrderSchema.parse(order)).toEqual(order);
      expect(order).toEqual({
        id: expect.any(String),
        status: 'Not Process',
        buyer: { id: people.amina.id, name: 'Amina Wanjiru', emailVerified: false },
        contact: { name: 'Amina Wanjiru', phone: '0712345678', address: 'Nyali, Mombasa' },
        createdAt: expect.any(String),
        amount: 5_850_000,
        payment: { success: false, method: 'reservation', provider: 'reservation' },
        // The rules' deposit per car, nothing paid yet; held 48 hours from placing.
        deposit: { amount: 100_000, paidAt: null, receipt: null },
        balance: 5_850_000,
        // No trade-in offer credited (order.trade-in-credit.integration.spec.ts).
        tradeInCredit: null,
        holdExpiresAt: expect.any(String),
        mpesaPayments: [],
        lines: [
          { id: expect.any(String), carId: vitz.id, slug: 'toyota-vitz', name: 'Toyota Vitz', price: 650_000, imageUrl: '/media/cars/toyota-vitz-0.webp' },
          {
            id: expect.any(String),
            carId: prado.id,
            slug: 'toyota-prado',
            name: 'Toyota Prado',
            price: 5_200_000,
            imageUrl: '/media/cars/toyota-prado-0.webp',
          },
        ],
      });
      expect(await statusOf(vitz.id, prado.id)).toEqual(['Reserved', 'Reserved']);
      expect(stub.requests).toEqual([]);
      expect((await as('amina').mine())[0]).toEqual(order);

      // The order keeps what was bought and who bought it, whatever changes afterwards.
      await handle.db.update(cars).set({ price: 1, name: 'Renamed' }).where(eq(cars.id, vitz.id));
      await handle.db.update(users).set({ phone: '0799999999', address: 'Nairobi' }).where(eq(users.id, people.amina.id));
      const [again] = await as('amina').mine();
      expect(again).toMatchObject({
        amount: 5_850_000,
        contact: { phone: '0712345678', address: 'Nyali, Mombasa' },
        lines: [{ name: 'Toyota Vitz', price: 650_000 }, { price: 5_200_000 }],
      });
      await handle.db.update(users).set({ phone: '0712345678', address: 'Nyali, Mombasa' }).where(eq(users.id, people.amina.id));
    });

    it('refuses a Reserved, Sold or deleted car with CONFLICT naming it, and holds none of the others', async () => {
      const taken = await newCar(700_000, 'Toyota Axio Taken');
      const free = await newCar(800_000, 'Toyota Fielder Free');
      await as('baraka').place({ carIds: [taken.id], payment: { method: 'reservation' } });
      const before = await orderRows();

      const error = await thrown(() => as('amina').place({ carIds: [free.id, taken.id], payment: { method: 'reservation' } }));
      expect(error).toMatchObject({ code: 'CONFLICT', message: 'This car is no longer available: Toyota Axio Taken (Reserved)' });
      expect(await statusOf(free.id, taken.id)).toEqual(['Available', 'Reserved']);

      await handle.db.update(cars).set({ status: 'Sold' }).where(eq(cars.id, taken.id));
      const gone = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';
      expect(await thrown(() => as('amina').place({ carIds: [taken.id, gone], payment: { method: 'reservation' } }))).toMatchObject({
        code: 'CONFLICT',
        message: `These cars are no longer available: Toyota Axio Taken (Sold), ${gone} (no longer in the catalogue)`,
      });
      expect(await orderRows()).toBe(before);
      expect(await statusOf(free.id)).toEqual(['Available']);
    });

    it('takes at most 10 cars and at least one', async () => {
      await expect(as('amina').place({ carIds: [], payment: { method: 'reservation' } })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      const ids = Array.from({ length: 11 }, (_, i) => `6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4${String(i).padStart(2, '0')}`);
      await expect(as('amina').place({ carIds: ids, payment: { method: 'reservation' } })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('At most 10 cars per order'),
      });
      await expect(guest().place({ carIds: [ids[0]], payment: { method: 'reservation' } })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    });

    it('is idempotent: the same key returns the first order, with no second row', async () => {
      const car = await newCar(1_000_000);
      const input = { carIds: [car.id], payment: { method: 'reservation' as const }, idempotencyKey: 'checkout-3f2a9c1e' };
      const first = await as('amina').place(input);
      const before = await orderRows();
      expect(await as('amina').place(input)).toEqual(first);
      expect(await orderRows()).toBe(before);
      // Another buyer's key is theirs: the same key places (or here, is refused) on its own.
      await expect(as('baraka').place(input)).rejects.toMatchObject({ code: 'CONFLICT' });
    });
  });

  describe('a card payment (Braintree stub)', () => {
    it('charges exactly the database amount, submitted for settlement, and places a paid order', async () => {
      const prado = await newCar(5_400_000, 'Toyota Prado Card');
      const started = performance.now();
      const order = await as('amina').place({ carIds: [prado.id], payment: { method: 'card', nonce: 'fake-valid-nonce' } });
      console.info(`[timing] order.place (card, stub approves): ${(performance.now() - started).toFixed(1)} ms`);
      expect(stub.requests).toEqual([
        expect.objectContaining({
          kind: 'sale',
          authenticated: true,
          amount: '5400000.00',
          orderId: order.id,
          nonce: 'fake-valid-nonce',
          submitForSettlement: true,
          type: 'sale',
        }),
      ]);
      expect(order).toMatchObject({
        amount: 5_400_000,
        status: 'Not Process',
        payment: { success: true, method: 'card', provider: 'braintree', transactionId: expect.stringMatching(/^stub/), status: 'submitted_for_settlement' },
      });
      expect(await statusOf(prado.id)).toEqual(['Reserved']);
      expect((await as('amina').mine()).map((o) => o.id)).toContain(order.id);
    });

    it.each([
      ['a processor decline', 'decline' as const, 'PAYMENT_REQUIRED', 'Do Not Honor'],
      ['a gateway rejection', 'gatewayReject' as const, 'PAYMENT_REQUIRED', 'Gateway Rejected: cvv'],
      ['a gateway 5xx', 'error500' as const, 'BAD_GATEWAY', expect.stringContaining('nothing was charged')],
      ['a gateway timeout', 'timeout' as const, 'BAD_GATEWAY', expect.stringContaining('nothing was charged')],
    ])('records nothing after %s: no order, no line, the cars Available again', async (_, behaviour, code, message) => {
      const car = await newCar(2_300_000);
      const other = await newCar(1_100_000);
      // The sale fails; a lookup after a 5xx or timeout finds nothing.
      stub.setBehaviour(behaviour, 'approve');
      const before = await orderRows();
      const started = performance.now();
      expect(await thrown(() => as('amina').place({ carIds: [car.id, other.id], payment: { method: 'card', nonce: `nonce-${behaviour}` } }))).toMatchObject({
        code,
        message,
      });
      if (behaviour === 'timeout')
        console.info(
          `[timing] order.place (card, gateway never answers; SDK timeout ${stub.config.timeoutMs} ms): ${(performance.now() - started).toFixed(1)} ms`,
        );
      const [sale, ...lookup] = stub.requests;
      expect(sale).toEqual(expect.objectContaining({ kind: 'sale', amount: '3400000.00' }));
      // Only a failure without an answer is looked up (a decline is an answer): nothing was charged.
      expect(lookup).toEqual(
        behaviour === 'error500' || behaviour === 'timeout' ? [expect.objectContaining({ kind: 'search', orderId: sale.orderId, authenticated: true })] : [],
      );
      expect(stub.sales.filter((t) => t.status === 'submitted_for_settlement')).toEqual([]);
      expect(await orderRows()).toBe(before);
      expect(await ordersHolding(car.id)).toBe(0);
      expect(await statusOf(car.id, other.id)).toEqual(['Available', 'Available']);
      // The buyer can try again with another card.
      stub.setBehaviour('approve');
      expect(await as('amina').place({ carIds: [car.id, other.id], payment: { method: 'card', nonce: `nonce-${behaviour}-2` } })).toMatchObject({
        payment: { success: true },
      });
    });

    it('charges once for a repeated submit: the same key, or the same nonce without one', async () => {
      const car = await newCar(3_000_000);
      const input = { carIds: [car.id], payment: { method: 'card' as const, nonce: 'nonce-twice' }, idempotencyKey: 'pay-7c1d2e3f' };
      const first = await as('amina').place(input);
      expect(await as('amina').place(input)).toEqual(first);
      expect(await as('amina').place({ ...input, payment: { method: 'card', nonce: 'another-nonce' } })).toEqual(first);
      expect(stub.requests.filter((r) => r.kind === 'sale')).toHaveLength(1);

      const second = await newCar(3_100_000);
      const byNonce = { carIds: [second.id], payment: { method: 'card' as const, nonce: 'nonce-without-key' } };
      const once = await as('amina').place(byNonce);
      expect(await as('amina').place(byNonce)).toEqual(once);
      expect(stub.requests.filter((r) => r.kind === 'sale')).toHaveLength(2);
      expect(await ordersHolding(second.id)).toBe(1);
    });

    it('answers a retry while the first sale is under way with CONFLICT, and lists no pending order', async () => {
      const car = await newCar(4_000_000);
      const input = { carIds: [car.id], payment: { method: 'card' as const, nonce: 'nonce-slow' }, idempotencyKey: 'pay-slow-0001' };
      stub.setBehaviour('timeout', 'approve');
      const first = thrown(() => as('amina').place(input));
      while (!stub.requests.some((r) => r.kind === 'sale')) await new Promise((resolve) => setTimeout(resolve, 10));
      // Held while the sale runs: not orderable, not in any list.
      expect(await thrown(() => as('amina').place(input))).toMatchObject({ code: 'CONFLICT', message: 'This order is already being processed' });
      expect(await statusOf(car.id)).toEqual(['Reserved']);
      expect((await as('amina').mine()).some((o) => o.lines.some((l) => l.carId === car.id))).toBe(false);
      expect((await as('admin').all({ pageSize: 48 })).items.some((o) => o.lines.some((l) => l.carId === car.id))).toBe(false);
      expect(await thrown(() => as('baraka').place({ carIds: [car.id], payment: { method: 'reservation' } }))).toMatchObject({ code: 'CONFLICT' });
      expect(await first).toMatchObject({ code: 'BAD_GATEWAY' });
      expect(await statusOf(car.id)).toEqual(['Available']);
      expect(stub.requests.filter((r) => r.kind === 'sale')).toHaveLength(1);
    });
  });

  describe('a sale that failed without an answer (timeout, 5xx): looked up once', () => {
    it.each([
      ['times out', 'chargeThenTimeout' as const],
      ['answers 500', 'chargeThen500' as const],
    ])('the gateway charged the card but %s: the order is placed and paid, one sale, the cars Reserved', async (_, behaviour) => {
      const car = await newCar(2_700_000);
      stub.setBehaviour(behaviour, 'approve');
      const order = await as('amina').place({ carIds: [car.id], payment: { method: 'card', nonce: `nonce-${behaviour}` }, idempotencyKey: `pay-${behaviour}` });
      expect(stub.sales).toEqual([expect.objectContaining({ orderId: order.id, amount: '2700000.00', status: 'submitted_for_settlement' })]);
      expect(order).toMatchObject({
        amount: 2_700_000,
        payment: { success: true, method: 'card', provider: 'braintree', transactionId: stub.sales[0].id, status: 'submitted_for_settlement' },
      });
      expect(stub.requests.map((r) => [r.kind, r.orderId])).toEqual([
        ['sale', order.id],
        ['search', order.id],
        ['search', order.id],
      ]);
      expect(await statusOf(car.id)).toEqual(['Reserved']);
      expect(await ordersHolding(car.id)).toBe(1);
      expect((await as('amina').mine()).find((o) => o.id === order.id)).toEqual(order);
      // A retry gets the paid order; nothing is charged again.
      expect(await as('amina').place({ carIds: [car.id], payment: { method: 'card', nonce: 'another' }, idempotencyKey: `pay-${behaviour}` })).toEqual(order);
      expect(stub.requests.filter((r) => r.kind === 'sale')).toHaveLength(1);
    });

    it('the gateway did not charge the card (timeout, nothing recorded): no order, the cars Available', async () => {
      const car = await newCar(2_800_000);
      stub.setBehaviour('timeout', 'approve');
      const before = await orderRows();
      expect(await thrown(() => as('amina').place({ carIds: [car.id], payment: { method: 'card', nonce: 'nonce-lost' } }))).toMatchObject({
        code: 'BAD_GATEWAY',
        message: expect.stringContaining('nothing was charged'),
      });
      expect(stub.sales).toEqual([]);
      expect(stub.requests.map((r) => r.kind)).toEqual(['sale', 'search']);
      expect(await orderRows()).toBe(before);
      expect(await ordersHolding(car.id)).toBe(0);
      expect(await statusOf(car.id)).toEqual(['Available']);
    });

    it.each([
      ['was not charged', 'timeout' as const, 'discarded'],
      ['was charged', 'chargeThenTimeout' as const, 'paid'],
    ])(
      'the lookup fails too (the card %s): the order stays pending with its cars, 502 says the payment is not confirmed yet, a retry is 409; the reconciliation settles it',
      async (_, behaviour, outcome) => {
        const car = await newCar(3_300_000);
        const input = {
          carIds: [car.id],
          payment: { method: 'card' as const, nonce: `nonce-unconfirmed-${behaviour}` },
          idempotencyKey: `pay-unconfirmed-${behaviour}`,
        };
        // The sale gets no answer, and neither does the lookup.
        stub.setBehaviour(behaviour, 'error500');
        const error = await thrown(() => as('amina').place(input));
        expect(error).toMatchObject({ code: 'BAD_GATEWAY', message: expect.stringMatching(/payment could not be confirmed yet.*dealer will confirm/) });
        expect(error.message).not.toContain('nothing was charged');
        expect(stub.requests.map((r) => r.kind)).toEqual(['sale', 'search']);

        const [pending] = await handle.db
          .select({ id: orders.id, pending: orders.pending })
          .from(orders)
          .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
          .where(eq(orderLines.carId, car.id));
        expect(pending).toEqual({ id: stub.requests[0].orderId, pending: true });
        expect(await statusOf(car.id)).toEqual(['Reserved']);
        expect((await as('amina').mine()).some((o) => o.id === pending.id)).toBe(false);

        // The buyer retries: no second charge, the same key is still being processed; nobody else can take the car.
        stub.setBehaviour('approve');
        expect(await thrown(() => as('amina').place(input))).toMatchObject({ code: 'CONFLICT', message: 'This order is already being processed' });
        expect(await thrown(() => as('amina').place({ ...input, payment: { method: 'card', nonce: 'a-new-nonce' } }))).toMatchObject({
          code: 'CONFLICT',
          message: 'This order is already being processed',
        });
        expect(await thrown(() => as('baraka').place({ carIds: [car.id], payment: { method: 'reservation' } }))).toMatchObject({ code: 'CONFLICT' });
        expect(stub.requests.filter((r) => r.kind === 'sale')).toHaveLength(1);

        // Young orders are left alone; two minutes on, the reconciliation looks the sale up and settles it.
        expect(await app.get(CardPaymentService).reconcilePending()).toEqual({ paid: [], discarded: [], unresolved: [] });
        const later = new Date(Date.now() + 3 * 60 * 1000);
        expect(await app.get(CardPaymentService).reconcilePending(later)).toEqual({ paid: [], discarded: [], unresolved: [], [outcome]: [pending.id] });
        if (outcome === 'paid') {
          expect(await statusOf(car.id)).toEqual(['Reserved']);
          expect(await as('amina').place(input)).toMatchObject({ id: pending.id, payment: { success: true, transactionId: stub.sales[0].id } });
        } else {
          expect(await ordersHolding(car.id)).toBe(0);
          expect(await statusOf(car.id)).toEqual(['Available']);
        }
        expect(stub.requests.filter((r) => r.kind === 'sale')).toHaveLength(1);
      },
    );

    it('refused credentials prove nothing was charged: no lookup, no order', async () => {
      const car = await newCar(1_300_000);
      stub.setBehaviour('unauthorized', 'approve');
      expect(await thrown(() => as('amina').place({ carIds: [car.id], payment: { method: 'card', nonce: 'nonce-settings' } }))).toMatchObject({
        code: 'BAD_GATEWAY',
        message: expect.stringContaining("the dealer's payment settings are wrong"),
      });
      expect(stub.requests.map((r) => r.kind)).toEqual(['sale']);
      expect(await statusOf(car.id)).toEqual(['Available']);
    });
  });

  describe('reconciling pending card orders (a crash between reserving and finishing)', () => {
    let logged: string[];
    const minutes = (n: number) => new Date(Date.now() + n * 60 * 1000);
    const service = () => app.get(CardPaymentService);
    /**
     * A pending card order, as a crash after reserving leaves it, created `ageMinutes` ago; `charged`
     * runs its sale at the gateway first, through the SDK.
     */
    const crashedOrder = async (price: number, charged: boolean, ageMinutes = 0) => {
      const car = await newCar(price);
      const reserved = await app
        .get(OrderRepository)
        .reserve({ buyerId: people.amina.id, carIds: [car.id], method: 'card', idempotencyKey: `crash-${car.id}` });
      if (!reserved.ok) throw new Error('expected the order to be reserved');
      if (charged) await braintreeGatewayForStub(stub).sale({ amountKes: price, nonce: `nonce-crash-${car.id}`, orderId: reserved.order.id });
      if (ageMinutes)
        await handle.db
          .update(orders)
          .set({ createdAt: minutes(-ageMinutes) })
          .where(eq(orders.id, reserved.order.id));
      stub.requests.length = 0;
      return { car, order: reserved.order };
    };
    const pendingOf = async (id: string) => (await handle.db.select({ pending: orders.pending }).from(orders).where(eq(orders.id, id)))[0]?.pending;

    beforeEach(() => {
      logged = [];
      for (const level of ['log', 'warn', 'error'] as const)
        jest.spyOn(Logger.prototype, level).mockImplementation((...args: unknown[]) => void logged.push(String(args[0])));
    });

    afterEach(() => {
      jest.restoreAllMocks();
      for (const line of logged) expect(line).not.toMatch(/nonce-/);
    });

    it('a stale pending order the gateway charged is placed as paid; one it did not is deleted and its cars freed; a young one is left alone', async () => {
      const charged = await crashedOrder(4_100_000, true, 3);
      const lost = await crashedOrder(4_200_000, false, 2.5);
      const fresh = await crashedOrder(4_300_000, false, 1.5);
      const sale = stub.sales.find((t) => t.orderId === charged.order.id);
      expect(await statusOf(charged.car.id, lost.car.id, fresh.car.id)).toEqual(['Reserved', 'Reserved', 'Reserved']);

      const done = await service().reconcilePending();
      expect(done).toEqual({ paid: [charged.order.id], discarded: [lost.order.id], unresolved: [] });
      expect(stub.requests.filter((r) => r.path.endsWith('advanced_search_ids')).map((r) => r.orderId)).toEqual([charged.order.id, lost.order.id]);

      expect(await pendingOf(charged.order.id)).toBe(false);
      expect((await as('amina').mine()).find((o) => o.id === charged.order.id)).toMatchObject({
        amount: 4_100_000,
        payment: { success: true, method: 'card', provider: 'braintree', transactionId: sale?.id, status: 'submitted_for_settlement' },
      });
      expect(await pendingOf(lost.order.id)).toBeUndefined();
      expect(await ordersHolding(lost.car.id)).toBe(0);
      expect(await statusOf(charged.car.id, lost.car.id, fresh.car.id)).toEqual(['Reserved', 'Available', 'Reserved']);
      expect(await pendingOf(fresh.order.id)).toBe(true);
      expect(stub.requests.some((r) => r.orderId === fresh.order.id)).toBe(false);
      expect(stub.requests.filter((r) => r.kind === 'sale')).toEqual([]);
      // Each decision is logged with the order id.
      expect(logged).toContainEqual(expect.stringMatching(new RegExp(`pending order ${charged.order.id}: .*${sale?.id}.*placed as paid`)));
      expect(logged).toContainEqual(`pending order ${lost.order.id}: the gateway holds no sale: deleted, its cars released`);

      // Its turn comes once it is two minutes old.
      expect(await service().reconcilePending(minutes(0.25))).toEqual({ paid: [], discarded: [], unresolved: [] });
      expect(await service().reconcilePending(minutes(0.75))).toEqual({ paid: [], discarded: [fresh.order.id], unresolved: [] });
      expect(await statusOf(fresh.car.id)).toEqual(['Available']);
    });

    it('a failed lookup leaves the order pending with its cars for the next run', async () => {
      const { car, order } = await crashedOrder(4_400_000, true);
      stub.setBehaviour('error500');
      expect(await service().reconcilePending(minutes(3))).toEqual({ paid: [], discarded: [], unresolved: [order.id] });
      expect(await pendingOf(order.id)).toBe(true);
      expect(await statusOf(car.id)).toEqual(['Reserved']);
      expect(logged).toContainEqual(expect.stringContaining(`pending order ${order.id}: its sale could not be looked up`));

      stub.setBehaviour('timeout');
      expect(await service().reconcilePending(minutes(4))).toEqual({ paid: [], discarded: [], unresolved: [order.id] });
      stub.setBehaviour('approve');
      expect(await service().reconcilePending(minutes(5))).toEqual({ paid: [order.id], discarded: [], unresolved: [] });
      expect(await pendingOf(order.id)).toBe(false);
    });

    it('never runs twice at once, and leaves alone an order whose sale is still under way in this process', async () => {
      const car = await newCar(4_500_000);
      stub.setBehaviour('timeout', 'approve');
      const placing = thrown(() => as('amina').place({ carIds: [car.id], payment: { method: 'card', nonce: 'nonce-in-flight' } }));
      while (!stub.requests.some((r) => r.kind === 'sale')) await new Promise((resolve) => setTimeout(resolve, 10));
      const first = service().reconcilePending(minutes(10));
      expect(service().reconcilePending(minutes(10))).toBe(first);
      expect(await first).toEqual({ paid: [], discarded: [], unresolved: [] });
      expect(stub.requests.map((r) => r.kind)).toEqual(['sale']);
      expect(await placing).toMatchObject({ code: 'BAD_GATEWAY', message: expect.stringContaining('nothing was charged') });
      expect(await statusOf(car.id)).toEqual(['Available']);
    });

    it('with card payments off, settles nothing: a sale may have been charged and cannot be looked up', async () => {
      const { car, order } = await crashedOrder(4_600_000, true);
      const off = new CardPaymentService(app.get(OrderRepository), app.get(OrderAnnouncements), new DisabledPaymentGateway(), app.get(PeriodicJobs), app.get(PayableCardPaymentRepository), app.get(OrderThrottle));
      expect(await off.reconcilePending(minutes(3))).toEqual({ paid: [], discarded: [], unresolved: [order.id] });
      expect(await pendingOf(order.id)).toBe(true);
      expect(await statusOf(car.id)).toEqual(['Reserved']);
      expect(logged).toContainEqual(expect.stringContaining('cannot be settled while card payments are off'));
      expect(await service().reconcilePending(minutes(3))).toEqual({ paid: [order.id], discarded: [], unresolved: [] });
    });
  });

  describe('concurrent orders for one car', () => {
    it('20 buyers at once: exactly one order, the rest CONFLICT', async () => {
      const car = await newCar(1_234_000, 'Toyota Harrier Rush');
      const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => insertUser(handle.db, { name: `Rush Buyer ${i}` })));
      const started = performance.now();
      const results = await Promise.allSettled(
        buyers.map((buyer) =>
          callerFor({ user: { id: buyer.id, name: buyer.name, email: buyer.email, role: 0 }, ip: '127.0.0.1' }).place({
            carIds: [car.id],
            payment: { method: 'reservation' },
          }),
        ),
      );
      const elapsed = performance.now() - started;
      const won = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      console.info(
        `[timing] 20 concurrent order.place for one car (${handle.engine}): ${elapsed.toFixed(1)} ms; ${won.length} placed, ${refused.length} refused`,
      );
      expect(won).toHaveLength(1);
      expect(refused.map((r) => (r.reason as { code: string }).code)).toEqual(Array(19).fill('CONFLICT'));
      expect(await ordersHolding(car.id)).toBe(1);
      expect(await statusOf(car.id)).toEqual(['Reserved']);
    });

    it('20 card payments at once: one sale at the gateway, one paid order', async () => {
      const car = await newCar(2_000_000, 'Toyota Hilux Rush');
      const started = performance.now();
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => as(i % 2 ? 'amina' : 'baraka').place({ carIds: [car.id], payment: { method: 'card', nonce: `rush-nonce-${i}` } })),
      );
      console.info(`[timing] 20 concurrent card order.place for one car: ${(performance.now() - started).toFixed(1)} ms`);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(stub.requests.filter((r) => r.kind === 'sale')).toHaveLength(1);
      expect(await ordersHolding(car.id)).toBe(1);
    });
  });

  describe('order.setStatus moves the cars', () => {
    it('cancel makes them Available again, deliverd Sold, any other status Reserved; each change is audited', async () => {
      const car = await newCar(900_000);
      const other = await newCar(950_000);
      const order = await as('amina').place({ carIds: [car.id, other.id], payment: { method: 'reservation' } });
      const steps: [string, string][] = [];
      for (const status of ['Processing', 'cancel', 'Shipped', 'deliverd', 'Processing', 'cancel'] as const) {
        await as('admin').setStatus({ orderId: order.id, status });
        const [a, b] = await statusOf(car.id, other.id);
        expect(a).toBe(b);
        steps.push([status, a as string]);
      }
      expect(steps).toEqual([
        ['Processing', 'Reserved'],
        ['cancel', 'Available'],
        ['Shipped', 'Reserved'],
        ['deliverd', 'Sold'],
        ['Processing', 'Reserved'],
        ['cancel', 'Available'],
      ]);
      const events = await handle.db.select().from(auditEvents).where(eq(auditEvents.entityId, order.id)).orderBy(asc(auditEvents.createdAt));
      expect(events.map((e) => e.changes)).toHaveLength(6);
      expect(events[1]).toMatchObject({
        entity: 'order',
        action: 'setStatus',
        actorId: people.admin.id,
        changes: { status: { before: 'Processing', after: 'cancel' } },
      });
    });

    it('a cancelled car can be ordered again; the cancelled order cannot take it back from the new buyer', async () => {
      const car = await newCar(1_500_000, 'Toyota Noah Twice');
      const first = await as('amina').place({ carIds: [car.id], payment: { method: 'reservation' } });
      await as('admin').setStatus({ orderId: first.id, status: 'cancel' });
      const second = await as('baraka').place({ carIds: [car.id], payment: { method: 'reservation' } });
      expect(await statusOf(car.id)).toEqual(['Reserved']);

      expect(await thrown(() => as('admin').setStatus({ orderId: first.id, status: 'Processing' }))).toMatchObject({
        code: 'CONFLICT',
        message: 'Another order holds Toyota Noah Twice now; this order stays cancelled',
      });
      expect((await as('admin').all({ search: 'amina', pageSize: 48 })).items.find((o) => o.id === first.id)?.status).toBe('cancel');
      // Cancelling the old order again leaves the new buyer's car alone.
      await as('admin').setStatus({ orderId: first.id, status: 'cancel' });
      expect(await statusOf(car.id)).toEqual(['Reserved']);
      await as('admin').setStatus({ orderId: second.id, status: 'deliverd' });
      expect(await statusOf(car.id)).toEqual(['Sold']);
      // A sold car is not orderable.
      expect(await thrown(() => as('amina').place({ carIds: [car.id], payment: { method: 'reservation' } }))).toMatchObject({
        code: 'CONFLICT',
        message: expect.stringContaining('(Sold)'),
      });
    });
  });

  describe('ownership and the admin list', () => {
    it("never shows a buyer another's orders; customers cannot list or change orders", async () => {
      const mine = await as('amina').mine();
      const theirs = await as('baraka').mine();
      expect(mine.length).toBeGreaterThan(0);
      expect(theirs.length).toBeGreaterThan(0);
      expect(mine.every((o) => o.buyer?.id === people.amina.id)).toBe(true);
      expect(theirs.every((o) => o.buyer?.id === people.baraka.id)).toBe(true);
      await expect(as('amina').all({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(as('amina').setStatus({ orderId: theirs[0].id, status: 'cancel' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      // Newest first.
      const times = mine.map((o) => Date.parse(o.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('filters by status, searches the buyer (name, email, phone, the contact kept on the order) literally, and pages', async () => {
      const all = await as('admin').all({ pageSize: 48 });
      expect(all.total).toBe(all.items.length);
      const [rows] = await handle.db.select({ n: count() }).from(orders).where(eq(orders.pending, false));
      expect(all.total).toBe(rows.n);

      const cancelled = await as('admin').all({ status: 'cancel', pageSize: 48 });
      expect(cancelled.items.length).toBeGreaterThan(0);
      expect(cancelled.items.every((o) => o.status === 'cancel')).toBe(true);

      const byName = await as('admin').all({ search: 'WANJIRU', pageSize: 48 });
      const byEmail = await as('admin').all({ search: 'amina@example', pageSize: 48 });
      const byPhone = await as('admin').all({ search: '0712345', pageSize: 48 });
      for (const page of [byName, byEmail, byPhone]) {
        expect(page.total).toBe((await as('amina').mine()).length);
        expect(page.items.every((o) => o.buyer?.id === people.amina.id)).toBe(true);
      }
      // The phone the buyer had when ordering finds the order after the account changes.
      await handle.db.update(users).set({ phone: '0733000000' }).where(eq(users.id, people.amina.id));
      expect((await as('admin').all({ search: '0712345', pageSize: 48 })).total).toBe(byPhone.total);
      await handle.db.update(users).set({ phone: '0712345678' }).where(eq(users.id, people.amina.id));
      expect((await as('admin').all({ search: '%' })).total).toBe(0);
      expect(
        (await as('admin').all({ search: 'Wanjiru', status: 'cancel', pageSize: 48 })).items.every(
          (o) => o.status === 'cancel' && o.buyer?.id === people.amina.id,
        ),
      ).toBe(true);

      const pages = await Promise.all([1, 2, 3].map((page) => as('admin').all({ page, pageSize: 2 })));
      expect(pages[0]).toMatchObject({ page: 1, pageSize: 2, total: all.total, pageCount: Math.ceil(all.total / 2) });
      expect(pages.flatMap((p) => p.items.map((o) => o.id))).toEqual(all.items.slice(0, 6).map((o) => o.id));
      const times = all.items.map((o) => Date.parse(o.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('keeps no pending order after the outcomes above', async () => {
      expect(
        await handle.db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.pending, true))),
      ).toEqual([]);
    });
  });
});

describe('order module with card payments off (no BRAINTREE_*)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let buyer: { id: string; name: string; email: string };
  const caller = () => createCallerFactory(app.get(OrderRouter).router)({ user: { ...buyer, role: 0 }, ip: '127.0.0.1' });

  beforeAll(async () => {
    handle = await createTestDatabase();
    const user = await insertUser(handle.db, { name: 'Amina' });
    buyer = { id: user.id, name: user.name, email: user.email };
    app = await createModuleTestApp(handle, [PaymentModule, OrderModule]);
  });

  // These tests place many orders from one account: the order throttle (order.throttle.integration.spec.ts) starts afresh for each.
  beforeEach(async () => {
    await handle.db.delete(throttleCounters);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('quotes cardPayments false, refuses tokens and card orders with SERVICE_UNAVAILABLE before holding a car, and still takes reservations', async () => {
    const brand = await insertBrand(handle.db, { name: 'Mazda' });
    const car = await insertCar(handle.db, { name: 'Mazda Demio', brandId: brand.id, price: 720_000 });
    expect((await caller().quote({ carIds: [car.id] })).cardPayments).toBe(false);
    await expect(caller().clientToken()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await expect(caller().place({ carIds: [car.id], payment: { method: 'card', nonce: 'n' } })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(await handle.db.select().from(orders)).toEqual([]);
    expect((await handle.db.select({ status: cars.status }).from(cars).where(eq(cars.id, car.id)))[0].status).toBe('Available');
    expect(await caller().place({ carIds: [car.id], payment: { method: 'reservation' } })).toMatchObject({
      amount: 720_000,
      payment: { method: 'reservation' },
    });
  });
});

describe('order module: the pending order reconciliation is scheduled', () => {
  it('runs every minute from start-up on an unref’d timer, once per period across instances, and the timer is cleared on shutdown', async () => {
    const handle = await createTestDatabase();
    const scheduled = jest.spyOn(global, 'setInterval');
    const cleared = jest.spyOn(global, 'clearInterval');
    try {
      const app = await createModuleTestApp(handle, [PaymentModule, OrderModule]);
      const index = scheduled.mock.calls.findIndex(([, ms]) => ms === PENDING_RECONCILE_INTERVAL_MS);
      expect(index).toBeGreaterThanOrEqual(0);
      const timer = scheduled.mock.results[index].value as NodeJS.Timeout;
      expect(timer.hasRef()).toBe(false);
      const run = jest.spyOn(app.get(CardPaymentService), 'reconcilePending');
      const tick = scheduled.mock.calls[index][0] as () => void;
      tick();
      // The tick claims the period in the database first (scheduled_jobs), then runs.
      for (let waited = 0; run.mock.calls.length === 0 && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(run).toHaveBeenCalledTimes(1);
      await run.mock.results[0].value;
      // Another tick in the same period (another instance's, say) does not run it again.
      tick();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(run).toHaveBeenCalledTimes(1);
      await app.close();
      expect(cleared).toHaveBeenCalledWith(timer);
    } finally {
      jest.restoreAllMocks();
      await handle.close();
    }
  });
});
