import { createModuleTestApp, insertBrand, insertCar, insertUser } from '@dealership/app-schema/testing';
import { cars } from '@dealership/car-data';
import { outboxMessages } from '@dealership/message-data';
import { mpesaPayments, orders } from '@dealership/order-data';
import { metrics } from '@dealership/server-core';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { PaymentModule } from '@dealership/server-payment';
import { thrown } from '@dealership/server-payment/testing';
import { type DarajaStub, freeLoopbackPort, startDarajaStub } from '@dealership/shared-provider-stubs';
import { SettingService } from '@dealership/setting-server';
import { createCallerFactory } from '@dealership/server-trpc';
import { orderNumber } from '@dealership/order-schemas';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { asc, eq } from 'drizzle-orm';
import { setReservationRules } from './order-history.fixture';
import { OrderModule } from './order.module';
import { OrderRouter } from './order.router';
import { MpesaDepositService } from './mpesa-deposit.service';
import { ReservationHoldService } from './reservation-hold.service';

const DAY = 86_400_000;

const until = async (check: () => Promise<boolean>, timeoutMs = 5000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

// M-Pesa Express deposits (issue 27) through the real order module, database and HTTP callback
// route, against a loopback Daraja stub that answers in Daraja's documented shapes and calls back.
describe('M-Pesa deposits: STK push, callback and status query against a Daraja stub (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let stub: DarajaStub;
  let brandId: string;
  let cars_ = 0;
  const people: Record<'amina' | 'baraka' | 'admin', { id: string; name: string; email: string }> = {} as never;
  const as = (who: keyof typeof people) => createCallerFactory(app.get(OrderRouter).router)({ user: { ...people[who], role: who === 'admin' ? 1 : 0 }, ip: '41.90.4.1' });
  const holds = () => app.get(ReservationHoldService);
  const deposits = () => app.get(MpesaDepositService);
  const caller = (user: { id: string; name: string; email: string }) => createCallerFactory(app.get(OrderRouter).router)({ user: { ...user, role: 0 }, ip: '41.90.4.1' });
  /** A reservation of a new car by a new buyer (each buyer's payment attempts are throttled: 5 an hour). */
  const reserve = async (price = 1_500_000) => {
    const n = ++cars_;
    const user = await insertUser(handle.db, { name: `Buyer ${n}`, email: `buyer${n}@example.co.ke`, phone: '0712345678' });
    const buyer = caller({ id: user.id, name: user.name, email: user.email });
    const car = await insertCar(handle.db, { name: `Mazda Deposit ${n}`, brandId, price });
    const order = await buyer.place({ carIds: [car.id], payment: { method: 'reservation' } });
    return { carId: car.id, order, buyer, buyerId: user.id };
  };
  const paymentRow = async (id: string) => (await handle.db.select().from(mpesaPayments).where(eq(mpesaPayments.id, id)))[0];
  const orderRow = async (id: string) => (await handle.db.select().from(orders).where(eq(orders.id, id)))[0];
  const carStatus = async (id: string) => (await handle.db.select({ status: cars.status }).from(cars).where(eq(cars.id, id)))[0].status;
  const messagesAbout = async (reference: string) =>
    handle.db
      .select({ channel: outboxMessages.channel, topic: outboxMessages.topic, recipient: outboxMessages.recipient })
      .from(outboxMessages)
      .where(eq(outboxMessages.reference, reference))
      .orderBy(asc(outboxMessages.createdAt));
  const settledAs = (paymentId: string, state: 'paid' | 'failed') => until(async () => (await paymentRow(paymentId)).state === state);
  

  beforeAll(async () => {
    stub = await startDarajaStub();
    const port = await freeLoopbackPort();
    handle = await createTestDatabase();
    brandId = (await insertBrand(handle.db, { name: 'Mazda' })).id;
    for (const who of ['amina', 'baraka', 'admin'] as const) {
      const user = await insertUser(handle.db, { name: who, email: `${who}@example.co.ke`, phone: '0712345678', role: who === 'admin' ? 1 : 0 });
      people[who] = { id: user.id, name: user.name, email: user.email };
    }
    app = await createModuleTestApp(handle, [PaymentModule, OrderModule], {
      env: {
        ...stub.envFor(`http://127.0.0.1:${port}`),
        MPESA_TIMEOUT_MS: '1000',
        // The pushes, queries and callbacks counted by outcome (the last test).
        METRICS_TOKEN: 'metrics-token-for-the-test-0001',
      },
    });
    await app.listen(port, '127.0.0.1');
    // Many reservations for one buyer here; each payment attempt counts against the throttle's 5 an hour, so several buyers pay.
    await setReservationRules(app.get(SettingService), { maxUnpaidPerBuyer: 10, maxUnpaidCarsPerBuyer: 30, maxUnpaidCarsPerAddress: 300 }, people.admin);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await stub?.close();
  });

  beforeEach(() => stub.setBehaviour('normal'));

  it('quotes the deposit of the Available cars and says M-Pesa is on', async () => {
    const car = await insertCar(handle.db, { name: 'Mazda Quote', brandId, price: 2_000_000 });
    const cheap = await insertCar(handle.db, { name: 'Mazda Cheap', brandId, price: 30_000 });
    expect(await as('amina').quote({ carIds: [car.id, cheap.id] })).toMatchObject({ mpesaPayments: true, deposit: 80_000, total: 2_030_000 });
  });

  it('success: the push carries the database deposit and the order number, the callback pays it, the car is held 14 days and both sides are told once', async () => {
    const { carId, order, buyer } = await reserve(1_500_000);
    expect(order).toMatchObject({ deposit: { amount: 50_000, paidAt: null, receipt: null }, balance: 1_500_000, mpesaPayments: [] });
    stub.nextOutcome({ resultCode: 0, receipt: 'TKL3ABC1XY', afterMs: 50 });
    const payment = await buyer.payDeposit({ orderId: order.id, phone: '0712 345 678' });
    expect(payment).toMatchObject({ state: 'pending', amount: 50_000, phone: '+254712345678', message: 'Check your phone and enter your M-Pesa PIN' });

    const push = await stub.waitForPush((p) => p.accountReference === orderNumber(order.id));
    expect(push).toMatchObject({ amount: 50_000, phoneNumber: '254712345678', partyA: '254712345678', partyB: '174379', transactionType: 'CustomerPayBillOnline' });
    expect(push.callBackUrl).toMatch(/\/api\/payments\/mpesa\/callback\/[A-Za-z0-9_-]{43}$/);
    const row = await paymentRow(payment.id);
    expect(row.checkoutRequestId).toBe(push.checkoutRequestId);
    // Only the token's hash is kept.
    expect(row.callbackTokenHash).not.toContain(push.callBackUrl.split('/').pop());

    await settledAs(payment.id, 'paid');
    const polled = await buyer.mpesaPayment({ paymentId: payment.id });
    expect(polled).toMatchObject({ state: 'paid', receipt: 'TKL3ABC1XY', resultCode: 0, message: expect.stringContaining('Paid') });
    const paid = (await buyer.mine()).find((o) => o.id === order.id);
    expect(paid).toMatchObject({ deposit: { amount: 50_000, receipt: 'TKL3ABC1XY' }, balance: 1_450_000, status: 'Not Process' });
    const heldFor = Date.parse(paid?.holdExpiresAt ?? '') - Date.parse(paid?.deposit?.paidAt ?? '');
    expect(heldFor).toBe(14 * DAY);
    expect(await carStatus(carId)).toBe('Reserved');
    expect((await messagesAbout(payment.id)).map((m) => `${m.topic} ${m.channel}`).sort()).toEqual(
      expect.arrayContaining(['order.deposit email', 'order.deposit sms', 'order.deposit-staff email']),
    );
    expect((await messagesAbout(payment.id)).find((m) => m.topic === 'order.deposit' && m.channel === 'sms')?.recipient).toBe('+254712345678');
    // A paid deposit's hold does not run out as an unpaid one does.
    const sweep = await holds().sweepHolds(new Date(Date.now() + 3 * DAY));
    expect(sweep.expired).not.toContain(order.id);
    // Paid: nothing more is due.
    expect(await thrown(() => buyer.payDeposit({ orderId: order.id, phone: '0712345678' }))).toMatchObject({ code: 'CONFLICT', message: 'The deposit of this order is paid already' });
  });

  it("a callback that overtakes Daraja's reply to the push still pays the deposit, and the reply's ids are kept", async () => {
    const { order, buyer } = await reserve();
    stub.nextOutcome({ resultCode: 0, receipt: 'TKL3EARLY1', callback: 'before-reply' });
    const payment = await buyer.payDeposit({ orderId: order.id, phone: '0712345678' });
    const push = await stub.waitForPush((p) => p.accountReference === orderNumber(order.id));
    expect(stub.callbacks.find((c) => JSON.stringify(c.body).includes('TKL3EARLY1'))?.status).toBe(200);
    expect(await paymentRow(payment.id)).toMatchObject({ state: 'paid', receipt: 'TKL3EARLY1', checkoutRequestId: push.checkoutRequestId });
  });

  it('a repeated callback changes nothing and tells nobody twice', async () => {
    const { order, buyer } = await reserve();
    stub.nextOutcome({ resultCode: 0, receipt: 'TKL3TWICE1', callback: 'twice' });
    const payment = await buyer.payDeposit({ orderId: order.id, phone: '0712345678' });
    await until(async () => stub.callbacks.filter((c) => c.url.includes('/callback/') && JSON.stringify(c.body).includes('TKL3TWICE1')).length === 2);
    expect((await paymentRow(payment.id)).state).toBe('paid');
    const told = (await messagesAbout(payment.id)).filter((m) => m.topic === 'order.deposit');
    expect(told.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
  });

  it.each([
    [1032, 'You cancelled the M-Pesa request on your phone'],
    [1, 'Your M-Pesa balance is not enough'],
    [2001, 'The M-Pesa PIN entered was wrong'],
    [9999, 'M-Pesa could not complete the payment'],
  ])('result %i: the request fails with what the buyer reads, the reservation still holds the car and may be paid again', async (resultCode, words) => {
    const { carId, order, buyer } = await reserve(900_000);
    stub.nextOutcome({ resultCode });
    const payment = await buyer.payDeposit({ orderId: order.id, phone: '0712345678' });
    await settledAs(payment.id, 'failed');
    expect(await buyer.mpesaPayment({ paymentId: payment.id })).toMatchObject({ state: 'failed', resultCode, receipt: null, message: expect.stringContaining(words) });
    expect(await orderRow(order.id)).toMatchObject({ depositPaidAt: null, status: 'Not Process' });
    expect(await carStatus(carId)).toBe('Reserved');
    expect((await messagesAbout(payment.id)).filter((m) => m.topic === 'order.deposit')).toEqual([]);
  });

  it('timeout with no callback: the status query resolves it (job and polling page alike), once', async () => {
    const { order, buyer } = await reserve();
    stub.nextOutcome({ resultCode: 1037, callback: 'none', afterMs: 0 });
    const payment = await buyer.payDeposit({ orderId: order.id, phone: '0712345678' });
    await stub.waitForPush((p) => p.accountReference === orderNumber(order.id));
    // Too early to ask: still waiting.
    expect((await deposits().queryWaitingMpesa()).settled).not.toContain(payment.id);
    const later = new Date(Date.now() + 25_000);
    expect((await deposits().queryWaitingMpesa(later)).settled).toContain(payment.id);
    expect(await buyer.mpesaPayment({ paymentId: payment.id })).toMatchObject({ state: 'failed', resultCode: 1037, message: expect.stringContaining('timed out') });
    expect((await paymentRow(payment.id)).settledBy).toBe('query');
  });

  it('paid with no callback: the page\'s poll asks Daraja and the deposit is paid, its receipt to follow', async () => {
    const { order, buyer, buyerId } = await reserve();
    stub.nextOutcome({ resultCode: 0, callback: 'none', afterMs: 0 });
    const payment = await buyer.payDeposit({ orderId: order.id, phone: '0712345678' });
    await stub.waitForPush((p) => p.accountReference === orderNumber(order.id));
    const polled = await deposits().mpesaPayment(buyerId, payment.id, new Date(Date.now() + 21_000));
    expect(polled).toMatchObject({ state: 'paid', receipt: null });
    expect((await orderRow(order.id)).depositPaidAt).not.toBeNull();
  });

  it('trusts no forged callback: an unknown token, another request\'s CheckoutRequestID, or a tampered amount or number', async () => {
    const { order, buyer } = await reserve();
    stub.nextOutcome({ resultCode: 0, callback: 'none', afterMs: 60_000 });
    const payment = await buyer.payDeposit({ orderId: order.id, phone: '0712345678' });
    const push = await stub.waitForPush((p) => p.accountReference === orderNumber(order.id));
    const paidBody = (checkoutRequestId: string, amount = 50_000, phone = 254712345678) => ({
      Body: {
        stkCallback: {
          MerchantRequestID: push.merchantRequestId,
          CheckoutRequestID: checkoutRequestId,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: amount },
              { Name: 'MpesaReceiptNumber', Value: 'FORGED0001' },
              { Name: 'TransactionDate', Value: 20261128101010 },
              { Name: 'PhoneNumber', Value: phone },
            ],
          },
        },
      },
    });
    const base = push.callBackUrl.replace(/[^/]+$/, '');
    // A made-up token, and a wrong CheckoutRequestID with the right token: 200 for Daraja, nothing changes.
    expect(await stub.deliver(`${base}${'A'.repeat(43)}`, paidBody(push.checkoutRequestId))).toBe(200);
    expect(await stub.deliver(push.callBackUrl, paidBody('ws_CO_forged'))).toBe(200);
    // Not Daraja's shape at all: refused.
    expect(await stub.deliver(push.callBackUrl, { not: 'a callback' })).toBe(400);
    expect((await paymentRow(payment.id)).state).toBe('pending');
    // The right request, but less money than asked: not trusted; the staff are told to check it.
    expect(await stub.deliver(push.callBackUrl, paidBody(push.checkoutRequestId, 1))).toBe(200);
    const row = await paymentRow(payment.id);
    expect(row).toMatchObject({ state: 'failed', receipt: null });
    expect(row.message).toContain('We could not match this M-Pesa payment');
    expect((await orderRow(order.id)).depositPaidAt).toBeNull();
    expect((await messagesAbout(payment.id)).map((m) => m.topic)).toContain('order.deposit-staff');
    expect((await messagesAbout(payment.id)).map((m) => m.topic)).not.toContain('order.deposit');
  });

  it('a success callback without the payer\'s number or the receipt pays nothing until the status query confirms it', async () => {
    for (const missing of ['PhoneNumber', 'MpesaReceiptNumber']) {
      const { order, buyer } = await reserve();
      stub.nextOutcome({ resultCode: 0, callback: 'none', afterMs: 0 });
      const payment = await buyer.payDeposit({ orderId: order.id, phone: '0712345678' });
      const push = await stub.waitForPush((p) => p.accountReference === orderNumber(order.id));
      const items = [
        { Name: 'Amount', Value: 50_000 },
        { Name: 'MpesaReceiptNumber', Value: 'SKLEAKED01' },
        { Name: 'TransactionDate', Value: 20261128101010 },
        { Name: 'PhoneNumber', Value: 254712345678 },
      ].filter((item) => item.Name !== missing);
      const body = { Body: { stkCallback: { MerchantRequestID: push.merchantRequestId, CheckoutRequestID: push.checkoutRequestId, ResultCode: 0, ResultDesc: 'The service request is processed successfully.', CallbackMetadata: { Item: items } } } };
      expect(await stub.deliver(push.callBackUrl, body)).toBe(200);
      expect((await paymentRow(payment.id)).state).toBe('pending');
      expect((await orderRow(order.id)).depositPaidAt).toBeNull();
      // Daraja, asked by us, confirms it: paid by the query.
      expect((await deposits().queryWaitingMpesa(new Date(Date.now() + 25_000))).settled).toContain(payment.id);
      expect(await paymentRow(payment.id)).toMatchObject({ state: 'paid', settledBy: 'query' });
      expect((await orderRow(order.id)).depositPaidAt).not.toBeNull();
    }
  });

  it("a deposit paid after we gave up waiting is applied and the staff told, not just logged", async () => {
    const { order, buyer } = await reserve();
    stub.nextOutcome({ resultCode: 0, callback: 'none', afterMs: 60_000 });
    const payment = await buyer.payDeposit({ orderId: order.id, phone: '0712345678' });
    const push = await stub.waitForPush((p) => p.accountReference === orderNumber(order.id));
    // Ten minutes without a result: the request fails for the buyer.
    expect((await deposits().queryWaitingMpesa(new Date(Date.now() + 11 * 60_000))).settled).toContain(payment.id);
    expect(await paymentRow(payment.id)).toMatchObject({ state: 'failed', settledBy: 'gave-up' });
    // Then M-Pesa's answer comes: the money is in.
    const late = {
      Body: {
        stkCallback: {
          MerchantRequestID: push.merchantRequestId,
          CheckoutRequestID: push.checkoutRequestId,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: 50_000 },
              { Name: 'MpesaReceiptNumber', Value: 'SKLATE0001' },
              { Name: 'TransactionDate', Value: 20261128101010 },
              { Name: 'PhoneNumber', Value: 254712345678 },
            ],
          },
        },
      },
    };
    expect(await stub.deliver(push.callBackUrl, late)).toBe(200);
    expect(await paymentRow(payment.id)).toMatchObject({ state: 'paid', receipt: 'SKLATE0001', settledBy: 'callback' });
    expect((await orderRow(order.id)).depositPaidAt).not.toBeNull();
    expect((await buyer.mine()).find((o) => o.id === order.id)?.mpesaPayments[0]).toMatchObject({ state: 'paid', receipt: 'SKLATE0001' });
    expect((await messagesAbout(payment.id)).map((m) => m.topic)).toEqual(expect.arrayContaining(['order.deposit-staff', 'order.deposit']));
  });

  it('another number than asked is not trusted either', async () => {
    const { order, buyer } = await reserve();
    stub.nextOutcome({ resultCode: 0, phone: '254799999999' });
    const payment = await buyer.payDeposit({ orderId: order.id, phone: '0712345678' });
    await settledAs(payment.id, 'failed');
    expect((await orderRow(order.id)).depositPaidAt).toBeNull();
  });

  it('Daraja answering 500 or not at all: 503 for the buyer, the request failed, the reservation kept, and a later try works', async () => {
    const { order, buyer } = await reserve(1_200_000);
    stub.setBehaviour('error500');
    expect(await thrown(() => buyer.payDeposit({ orderId: order.id, phone: '0712345678' }))).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringContaining('M-Pesa is not answering'),
    });
    stub.setBehaviour('hang');
    expect(await thrown(() => buyer.payDeposit({ orderId: order.id, phone: '0712345678' }))).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const failed = (await buyer.mine()).find((o) => o.id === order.id);
    expect(failed?.mpesaPayments.map((p) => p.state)).toEqual(['failed', 'failed']);
    stub.setBehaviour('normal');
    stub.nextOutcome({ resultCode: 0, receipt: 'TKL3LATER1' });
    const retry = await buyer.payDeposit({ orderId: order.id, phone: '0712345678' });
    await settledAs(retry.id, 'paid');
  });

  it('a second tap while the prompt waits gets the same request, not a second prompt', async () => {
    const { order, buyer } = await reserve();
    stub.nextOutcome({ resultCode: 0, callback: 'none', afterMs: 60_000 });
    const first = await buyer.payDeposit({ orderId: order.id, phone: '0712345678' });
    const pushes = stub.pushes.length;
    expect(await buyer.payDeposit({ orderId: order.id, phone: '0712345678' })).toMatchObject({ id: first.id });
    expect(stub.pushes.length).toBe(pushes);
  });

  it("a buyer cannot see or pay another buyer's order, and the number must be a Safaricom mobile", async () => {
    const { order, buyer } = await reserve();
    stub.nextOutcome({ resultCode: 1032 });
    const payment = await buyer.payDeposit({ orderId: order.id, phone: '0712345678' });
    expect(await thrown(() => as('baraka').payDeposit({ orderId: order.id, phone: '0712345678' }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await thrown(() => as('baraka').mpesaPayment({ paymentId: payment.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await thrown(() => buyer.payDeposit({ orderId: order.id, phone: '041 222 3333' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Enter the Safaricom number that pays'),
    });
  });

  it('throttles M-Pesa attempts per account: the sixth in an hour is refused with Retry-After, nothing pushed', async () => {
    const { order, buyer } = await reserve();
    for (let i = 0; i < 5; i++) {
      stub.nextOutcome({ resultCode: 1032, afterMs: 0 });
      const attempt = await buyer.payDeposit({ orderId: order.id, phone: '0712345678' });
      await settledAs(attempt.id, 'failed');
    }
    const pushes = stub.pushes.length;
    expect(await thrown(() => buyer.payDeposit({ orderId: order.id, phone: '0712345678' }))).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(stub.pushes.length).toBe(pushes);
  });

  it('counts pushes, status queries and callbacks by outcome for GET /metrics', async () => {
    const counts = async () => {
      const metric = metrics.getSingleMetric('mpesa_requests_total');
      // Copied: prom-client hands out its live values.
      const values = new Map((metric ? (await metric.get()).values : []).map((v) => [`${v.labels.call} ${v.labels.outcome}`, v.value]));
      return (call: string, outcome: string) => values.get(`${call} ${outcome}`) ?? 0;
    };
    const before = await counts();

    // Paid, and cancelled on the phone: two pushes accepted, two callbacks by their result.
    const paid = await reserve();
    stub.nextOutcome({ resultCode: 0 });
    await settledAs((await paid.buyer.payDeposit({ orderId: paid.order.id, phone: '0712345678' })).id, 'paid');
    const cancelled = await reserve();
    stub.nextOutcome({ resultCode: 1032 });
    await settledAs((await cancelled.buyer.payDeposit({ orderId: cancelled.order.id, phone: '0712345678' })).id, 'failed');
    // Daraja down: a failed push.
    const down = await reserve();
    stub.setBehaviour('error500');
    await thrown(() => down.buyer.payDeposit({ orderId: down.order.id, phone: '0712345678' }));
    stub.setBehaviour('normal');
    // No callback: the page's poll asks, and the buyer could not be reached.
    const silent = await reserve();
    stub.nextOutcome({ resultCode: 1037, callback: 'none', afterMs: 0 });
    const unanswered = await silent.buyer.payDeposit({ orderId: silent.order.id, phone: '0712345678' });
    const push = await stub.waitForPush((p) => p.accountReference === orderNumber(silent.order.id));
    expect(await deposits().mpesaPayment(silent.buyerId, unanswered.id, new Date(Date.now() + 21_000))).toMatchObject({ state: 'failed', resultCode: 1037 });
    // A callback with a made-up token, and one naming a waiting request with another amount.
    const body = (checkoutRequestId: string, amount: number) => ({
      Body: {
        stkCallback: {
          MerchantRequestID: 'm',
          CheckoutRequestID: checkoutRequestId,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: { Item: [{ Name: 'Amount', Value: amount }, { Name: 'MpesaReceiptNumber', Value: 'FORGED0002' }, { Name: 'PhoneNumber', Value: 254712345678 }] },
        },
      },
    });
    expect(await stub.deliver(push.callBackUrl.replace(/[^/]+$/, 'A'.repeat(43)), body(push.checkoutRequestId, 50_000))).toBe(200);
    const waiting = await reserve();
    stub.nextOutcome({ resultCode: 0, callback: 'none', afterMs: 60_000 });
    await waiting.buyer.payDeposit({ orderId: waiting.order.id, phone: '0712345678' });
    const waitingPush = await stub.waitForPush((p) => p.accountReference === orderNumber(waiting.order.id));
    expect(await stub.deliver(waitingPush.callBackUrl, body(waitingPush.checkoutRequestId, 1))).toBe(200);

    const after = await counts();
    const delta = (call: string, outcome: string) => after(call, outcome) - before(call, outcome);
    expect({
      pushAccepted: delta('push', 'accepted'),
      pushFailed: delta('push', 'failed'),
      callbackPaid: delta('callback', 'paid'),
      callbackCancelled: delta('callback', 'cancelled'),
      callbackIgnored: delta('callback', 'ignored'),
      callbackUntrusted: delta('callback', 'untrusted'),
      queryTimedOut: delta('query', 'timed_out'),
    }).toEqual({ pushAccepted: 4, pushFailed: 1, callbackPaid: 1, callbackCancelled: 1, callbackIgnored: 1, callbackUntrusted: 1, queryTimedOut: 1 });
    expect(await metrics.getSingleMetricAsString('mpesa_requests_total')).toMatch(/^mpesa_requests_total\{call="push",outcome="accepted"\} \d+$/m);
  });

  it('a hold without a deposit does not end while a prompt waits on the phone', async () => {
    const { order, buyer } = await reserve();
    stub.nextOutcome({ resultCode: 0, callback: 'none', afterMs: 60_000 });
    await buyer.payDeposit({ orderId: order.id, phone: '0712345678' });
    const sweep = await holds().sweepHolds(new Date(Date.now() + 3 * DAY));
    expect(sweep.expired).not.toContain(order.id);
    expect((await orderRow(order.id)).status).toBe('Not Process');
  });
});
