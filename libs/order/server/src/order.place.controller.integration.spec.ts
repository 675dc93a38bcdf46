import { SettingService } from '@dealership/setting-server';
import { createModuleTestApp, insertBrand, insertCar, insertUser, tokenFor } from '@dealership/app-schema/testing';
import { cars } from '@dealership/car-data';
import { orders } from '@dealership/order-data';
import { type DatabaseHandle, throttleCounters } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { PaymentModule } from '@dealership/server-payment';
import { type BraintreeStub, startBraintreeStub } from '@dealership/server-payment/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { count, eq, inArray } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { LegacyOrderSchema } from './order.legacy-mapper';
import { setReservationRules } from './order-history.fixture';
import { OrderModule } from './order.module';
import { CardPaymentService } from './card-payment.service';

/** Placing orders over the legacy REST paths, with the official Braintree SDK against a loopback stub. */
describe('REST /api/user/create-order, /api/car/braintree/token and /payment (integration)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let stub: BraintreeStub;
  let brandId: string;
  const tokens = { amina: '', baraka: '' };
  let aminaId = '';

  let carCount = 0;
  const newCar = (price: number, name = `Nissan Test ${++carCount}`) => insertCar(handle.db, { name, brandId, price });
  /** A car as the legacy client keeps it in its favourites (legacy names, its own idea of the price). */
  const legacyCartItem = (car: { id: string; name: string; slug: string }, price: number) => ({
    _id: car.id,
    name: car.name,
    slug: car.slug,
    price,
    brand: { _id: brandId, name: 'Nissan' },
    documents: [{ url: '/media/x.webp', public_id: 'x' }],
  });
  const statusOf = async (...ids: string[]) => {
    const rows = await handle.db.select({ id: cars.id, status: cars.status }).from(cars).where(inArray(cars.id, ids));
    return ids.map((id) => rows.find((r) => r.id === id)?.status);
  };
  const orderRows = async () => (await handle.db.select({ n: count() }).from(orders))[0].n;
  const post = (url: string, body: unknown, token?: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload: body as Record<string, unknown>, headers: { ...(token ? { authorization: token } : {}), ...headers } });

  beforeAll(async () => {
    handle = await createTestDatabase();
    stub = await startBraintreeStub();
    const amina = await insertUser(handle.db, { name: 'Amina', phone: '0712345678', address: 'Nyali, Mombasa' });
    const baraka = await insertUser(handle.db, { name: 'Baraka' });
    aminaId = amina.id;
    brandId = (await insertBrand(handle.db, { name: 'Nissan' })).id;
    app = await createModuleTestApp(handle, [PaymentModule, OrderModule], { env: stub.env });
    await setReservationRules(app.get(SettingService), { maxUnpaidPerBuyer: 10, maxUnpaidCarsPerBuyer: 30, maxUnpaidCarsPerAddress: 300 }, { id: aminaId, name: 'Amina', email: 'amina@x.test' });
    tokens.amina = await tokenFor(app, amina.id);
    tokens.baraka = await tokenFor(app, baraka.id);
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

  describe('POST /api/user/create-order', () => {
    it("reserves the cart's cars at database prices whatever the cart says: 201 {success, message, order}", async () => {
      const note = await newCar(1_300_000, 'Nissan Note');
      const xtrail = await newCar(3_900_000, 'Nissan X-Trail');
      const started = performance.now();
      const res = await post(
        '/api/user/create-order',
        { cart: [legacyCartItem(note, 1), legacyCartItem(xtrail, 2), legacyCartItem(note, 1)] },
        `Bearer ${tokens.amina}`,
      );
      console.info(`[timing] POST /api/user/create-order (2 cars): ${(performance.now() - started).toFixed(1)} ms`);
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['success', 'message', 'order']);
      expect(body).toMatchObject({ success: true, message: expect.stringContaining('reserved') });
      expect(LegacyOrderSchema.parse(body.order)).toEqual({
        _id: expect.any(String),
        status: 'Not Process',
        buyer: { _id: aminaId, name: 'Amina' },
        createdAt: expect.any(String),
        amount: 5_200_000,
        payment: { success: false, method: 'reservation', provider: 'reservation' },
        products: [
          { _id: note.id, slug: 'nissan-note', name: 'Nissan Note', price: 1_300_000, productPictures: ['/media/cars/nissan-note-0.webp'] },
          { _id: xtrail.id, slug: 'nissan-x-trail', name: 'Nissan X-Trail', price: 3_900_000, productPictures: ['/media/cars/nissan-x-trail-0.webp'] },
        ],
      });
      expect(await statusOf(note.id, xtrail.id)).toEqual(['Reserved', 'Reserved']);
      // It is the caller's order in the legacy list.
      const mine = (await app.inject({ method: 'GET', url: '/api/user/orders', headers: { authorization: tokens.amina } })).json();
      expect(mine[0]).toEqual(body.order);
    });

    it('takes bare ids too, and returns the first order for a repeated Idempotency-Key', async () => {
      const car = await newCar(800_000);
      const headers = { 'idempotency-key': 'legacy-retry-000001' };
      const first = await post('/api/user/create-order', { cart: [car.id] }, tokens.amina, headers);
      expect(first.statusCode).toBe(201);
      const before = await orderRows();
      const again = await post('/api/user/create-order', { cart: [car.id] }, tokens.amina, headers);
      expect(again.statusCode).toBe(201);
      expect(again.json().order).toEqual(first.json().order);
      expect(await orderRows()).toBe(before);
    });

    it("answers 409 {success:false, message} naming a car that is not available, and holds none of the cart's cars", async () => {
      const taken = await newCar(900_000, 'Nissan Tiida Taken');
      const free = await newCar(950_000);
      expect((await post('/api/user/create-order', { cart: [taken.id] }, tokens.baraka)).statusCode).toBe(201);
      const res = await post('/api/user/create-order', { cart: [legacyCartItem(free, 1), legacyCartItem(taken, 1)] }, tokens.amina);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, message: 'This car is no longer available: Nissan Tiida Taken (Reserved)' });
      expect(await statusOf(free.id)).toEqual(['Available']);
    });

    it('answers 400 naming the field for a bad body or Idempotency-Key, 401 for a guest', async () => {
      const car = await newCar(700_000);
      const cases: [unknown, Record<string, string>, string][] = [
        [{}, {}, 'cart'],
        [{ cart: [] }, {}, 'cart'],
        [{ cart: 'abc' }, {}, 'cart'],
        [{ cart: [{ name: 'no id' }] }, {}, 'cart'],
        [{ cart: ['not-an-id'] }, {}, 'cart'],
        [{ cart: [car.id] }, { 'idempotency-key': 'short' }, 'Idempotency-Key'],
      ];
      for (const [body, headers, field] of cases) {
        const res = await post('/api/user/create-order', body, tokens.amina, headers);
        expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
        expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining(field) });
      }
      const guest = await post('/api/user/create-order', { cart: [car.id] });
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toEqual({ success: false, message: 'Please log in' });
      expect(await statusOf(car.id)).toEqual(['Available']);
    });
  });

  describe('GET /api/car/braintree/token', () => {
    it('gives a signed-in buyer {clientToken}; a guest gets 401', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/car/braintree/token', headers: { authorization: `Bearer ${tokens.amina}` } });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json())).toEqual(['clientToken']);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect((await app.inject({ method: 'GET', url: '/api/car/braintree/token' })).statusCode).toBe(401);
    });

    it('answers 502 {success:false, message} when the gateway fails', async () => {
      stub.setBehaviour('error500');
      const res = await app.inject({ method: 'GET', url: '/api/car/braintree/token', headers: { authorization: tokens.amina } });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ success: false, message: expect.any(String) });
    });
  });

  describe('POST /api/car/braintree/payment', () => {
    it('charges the database amount and answers {ok:true, order} once the sale succeeded', async () => {
      const patrol = await newCar(7_600_000, 'Nissan Patrol');
      const res = await post('/api/car/braintree/payment', { nonce: 'fake-valid-nonce', cart: [legacyCartItem(patrol, 100)] }, tokens.amina);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['ok', 'order']);
      const order = LegacyOrderSchema.parse(body.order);
      expect(order).toMatchObject({
        amount: 7_600_000,
        payment: { success: true, method: 'card', provider: 'braintree', transactionId: expect.any(String), status: 'submitted_for_settlement' },
        products: [{ _id: patrol.id, price: 7_600_000 }],
      });
      expect(Object.keys(order.payment)).toEqual(['success', 'method', 'provider', 'transactionId', 'status']);
      expect(stub.requests).toEqual([expect.objectContaining({ kind: 'sale', amount: '7600000.00', orderId: order._id, submitForSettlement: true })]);
      expect(await statusOf(patrol.id)).toEqual(['Reserved']);
    });

    it.each([
      ['declined', 'decline' as const, 402, 'Do Not Honor'],
      ['a gateway 5xx', 'error500' as const, 502, expect.stringContaining('nothing was charged')],
      ['a timeout', 'timeout' as const, 502, expect.stringContaining('nothing was charged')],
    ])('%s: %s {ok:false, message}, no order, the cars Available', async (_, behaviour, status, message) => {
      const car = await newCar(2_500_000);
      // The lookup after a 5xx or timeout finds no sale.
      stub.setBehaviour(behaviour, 'approve');
      const before = await orderRows();
      const res = await post('/api/car/braintree/payment', { nonce: `nonce-${behaviour}`, cart: [car.id] }, tokens.amina);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ ok: false, success: false, message });
      expect(stub.requests.map((r) => r.kind)).toEqual(behaviour === 'decline' ? ['sale'] : ['sale', 'search']);
      expect(stub.requests[0]).toEqual(expect.objectContaining({ kind: 'sale', amount: '2500000.00' }));
      expect(await orderRows()).toBe(before);
      expect(await statusOf(car.id)).toEqual(['Available']);
    });

    it('a sale charged behind a timeout: 200 with the paid order; a lookup that fails too: 502 unconfirmed, the cars held, a retry 409', async () => {
      const charged = await newCar(2_600_000);
      stub.setBehaviour('chargeThenTimeout', 'approve');
      const paid = await post('/api/car/braintree/payment', { nonce: 'nonce-charged-late', cart: [charged.id] }, tokens.amina);
      expect(paid.statusCode).toBe(200);
      expect(paid.json()).toMatchObject({ ok: true, order: { amount: 2_600_000, payment: { success: true, transactionId: stub.sales[0].id } } });

      const held = await newCar(2_650_000);
      const headers = { 'idempotency-key': 'pay-legacy-unconfirmed' };
      stub.setBehaviour('chargeThenTimeout', 'error500');
      const unconfirmed = await post('/api/car/braintree/payment', { nonce: 'nonce-unconfirmed', cart: [held.id] }, tokens.amina, headers);
      expect(unconfirmed.statusCode).toBe(502);
      expect(unconfirmed.json()).toEqual({ ok: false, success: false, message: expect.stringMatching(/could not be confirmed yet.*dealer will confirm/) });
      expect(await statusOf(held.id)).toEqual(['Reserved']);
      stub.setBehaviour('approve');
      const retry = await post('/api/car/braintree/payment', { nonce: 'nonce-unconfirmed-2', cart: [held.id] }, tokens.amina, headers);
      expect(retry.statusCode).toBe(409);
      expect(retry.json()).toEqual({ ok: false, success: false, message: 'This order is already being processed' });
      // One sale per order: the retry charged nothing.
      expect(stub.requests.filter((r) => r.kind === 'sale')).toHaveLength(2);
      expect(stub.sales).toHaveLength(2);
      // The reconciliation finds the sale two minutes on: the order is placed and paid.
      const settled = await app.get(CardPaymentService).reconcilePending(new Date(Date.now() + 3 * 60 * 1000));
      expect(settled).toEqual({ paid: [stub.sales[1].orderId], discarded: [], unresolved: [] });
      const after = await post('/api/car/braintree/payment', { nonce: 'nonce-unconfirmed-3', cart: [held.id] }, tokens.amina, headers);
      expect(after.json()).toMatchObject({ ok: true, order: { _id: stub.sales[1].orderId, payment: { success: true, transactionId: stub.sales[1].id } } });
    });

    it('charges once for a resubmitted nonce or Idempotency-Key', async () => {
      const car = await newCar(1_800_000);
      const first = await post('/api/car/braintree/payment', { nonce: 'nonce-resubmit', cart: [car.id] }, tokens.amina);
      const again = await post('/api/car/braintree/payment', { nonce: 'nonce-resubmit', cart: [car.id] }, tokens.amina);
      expect(first.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      const other = await newCar(1_900_000);
      const headers = { 'idempotency-key': 'pay-legacy-00000001' };
      const keyed = await post('/api/car/braintree/payment', { nonce: 'nonce-a', cart: [other.id] }, tokens.amina, headers);
      const keyedAgain = await post('/api/car/braintree/payment', { nonce: 'nonce-b', cart: [other.id] }, tokens.amina, headers);
      expect(keyedAgain.json()).toEqual(keyed.json());
      expect(stub.requests.filter((r) => r.kind === 'sale')).toHaveLength(2);
    });

    it('answers 409 {ok:false} for a taken car, 400 naming the field, 401 for a guest, and never calls the gateway', async () => {
      const taken = await newCar(600_000, 'Nissan March Taken');
      await post('/api/user/create-order', { cart: [taken.id] }, tokens.baraka);
      const conflict = await post('/api/car/braintree/payment', { nonce: 'n-1', cart: [taken.id] }, tokens.amina);
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json()).toEqual({ ok: false, success: false, message: 'This car is no longer available: Nissan March Taken (Reserved)' });
      for (const [body, field] of [
        [{ cart: [taken.id] }, 'nonce'],
        [{ nonce: '', cart: [taken.id] }, 'nonce'],
        [{ nonce: 'n-2' }, 'cart'],
        [{ nonce: 'n-2', cart: [] }, 'cart'],
      ] as const) {
        const res = await post('/api/car/braintree/payment', body, tokens.amina);
        expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
        expect(res.json()).toMatchObject({ ok: false, success: false, message: expect.stringContaining(field) });
      }
      const guest = await post('/api/car/braintree/payment', { nonce: 'n-3', cart: [taken.id] });
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toEqual({ ok: false, success: false, message: 'Please log in' });
      expect(stub.requests).toEqual([]);
    });
  });
});

describe('REST payment paths with card payments off (no BRAINTREE_*)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let token = '';
  let carId = '';

  beforeAll(async () => {
    handle = await createTestDatabase();
    const user = await insertUser(handle.db, { name: 'Amina' });
    const brand = await insertBrand(handle.db, { name: 'Mazda' });
    carId = (await insertCar(handle.db, { name: 'Mazda Demio', brandId: brand.id, price: 720_000 })).id;
    app = await createModuleTestApp(handle, [PaymentModule, OrderModule]);
    token = await tokenFor(app, user.id);
  });

  // These tests place many orders from one account: the order throttle (order.throttle.integration.spec.ts) starts afresh for each.
  beforeEach(async () => {
    await handle.db.delete(throttleCounters);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('answers the token call with a prompt 503 {success:false, message}', async () => {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/car/braintree/token', headers: { authorization: token } });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ success: false, message: expect.stringContaining('Card payments are not available') });
  });

  it('answers a card payment with 503 {ok:false, message}, records nothing, and still takes reservations', async () => {
    const res = await post();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ok: false, success: false, message: expect.stringContaining('reserve the car') });
    expect(await handle.db.select().from(orders)).toEqual([]);
    expect((await handle.db.select({ status: cars.status }).from(cars).where(eq(cars.id, carId)))[0].status).toBe('Available');
    const reserved = await app.inject({ method: 'POST', url: '/api/user/create-order', headers: { authorization: token }, payload: { cart: [carId] } });
    expect(reserved.statusCode).toBe(201);
  });

  const post = () =>
    app.inject({ method: 'POST', url: '/api/car/braintree/payment', headers: { authorization: token }, payload: { nonce: 'n', cart: [carId] } });
});
