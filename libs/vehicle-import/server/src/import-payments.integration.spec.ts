import { createModuleTestApp, insertUser } from '@dealership/app-schema/testing';
import { outboxMessages } from '@dealership/message-data';
import { mpesaPayments, payableCardPayments } from '@dealership/order-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase, eventually } from '@dealership/server-db/testing';
import { CardPaymentService } from '@dealership/order-server';
import { PaymentModule } from '@dealership/server-payment';
import { type BraintreeStub, startBraintreeStub } from '@dealership/server-payment/testing';
import { createCallerFactory } from '@dealership/server-trpc';
import { type DarajaStub, freeLoopbackPort, startDarajaStub } from '@dealership/shared-provider-stubs';
import { vehicleImportPayments } from '@dealership/vehicle-import-data';
import type { VehicleImportOpenInput } from '@dealership/vehicle-import-schemas';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { and, eq } from 'drizzle-orm';
import { VehicleImportPersonalData } from './vehicle-import.personal-data';
import { VehicleImportModule } from './vehicle-import.module';
import { VehicleImportRouter } from './vehicle-import.router';

// Issue 45: the buyer pays an import's deposit, then its balance, by M-Pesa or card from the
// tracking link, through the order domain's payment lifecycles (push, Daraja's callback over HTTP,
// status queries; the card sale, its lookup and the reconciliation), against loopback Daraja and
// Braintree stubs in the providers' documented shapes.
describe("import payments by M-Pesa and card from the buyer's tracking link (integration, real database, Daraja and Braintree stubs)", () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let stub: DarajaStub;
  let braintree: BraintreeStub;
  const sales = { id: '', name: 'Juma', email: 'juma@dealer.test', role: 1 as const, staffRole: 'sales' as const };
  const staff = () => createCallerFactory(app.get(VehicleImportRouter).router)({ user: sales, ip: '127.0.0.1' });
  // The link's holder is nobody signed in.
  const visitor = () => createCallerFactory(app.get(VehicleImportRouter).router)({ user: null, ip: '41.90.4.1' });
  const harrier: VehicleImportOpenInput = {
    buyerName: 'Wanjiru Buyer',
    buyerPhone: '0722 000 111',
    make: 'Toyota',
    model: 'Harrier',
    yearOfManufacture: 2023,
    yearOfFirstRegistration: 2023,
    chassisNumber: 'MXUA80-0012345',
    agreedPriceKes: 2_100_000,
    depositKes: 500_000,
    expectedArrival: '2027-01-20',
  };
  const open = async () => {
    const opened = await staff().open(harrier);
    return { opened, token: opened.trackingUrl.split('/').pop() ?? '' };
  };
  const requestRow = async (id: string) => (await handle.db.select().from(mpesaPayments).where(eq(mpesaPayments.id, id)))[0];
  const receipts = (importId: string) => handle.db.select().from(outboxMessages).where(and(eq(outboxMessages.reference, importId), eq(outboxMessages.topic, 'import.payment')));

  beforeAll(async () => {
    stub = await startDarajaStub();
    braintree = await startBraintreeStub();
    const port = await freeLoopbackPort();
    handle = await createTestDatabase();
    sales.id = (await insertUser(handle.db, { name: 'Juma', email: 'juma@dealer.test', role: 1, staffRole: 'sales' })).id;
    app = await createModuleTestApp(handle, [PaymentModule, VehicleImportModule], {
      env: {
        PUBLIC_URL: 'https://cars.example',
        ...stub.envFor(`http://127.0.0.1:${port}`),
        ...braintree.env,
        MPESA_TIMEOUT_MS: '1000',
      },
    });
    await app.listen(port, '127.0.0.1');
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await stub?.close();
    await braintree?.close();
  });

  it('the deposit, then the balance: each asked from the database, recorded once with its receipt, and nothing more once paid in full', async () => {
    const { opened, token } = await open();
    expect(await visitor().track({ token })).toMatchObject({ mpesaPayments: true, paidKes: 0, dueKes: 2_100_000, nextPayment: { kind: 'deposit', amountKes: 500_000 } });

    stub.nextOutcome({ resultCode: 0, receipt: 'TKI3DEP001', afterMs: 30 });
    const deposit = await visitor().payByMpesa({ token, phone: '0712 345 678' });
    expect(deposit).toMatchObject({ orderId: null, state: 'pending', amount: 500_000, phone: '+254712345678' });
    // The import's number on the buyer's M-Pesa message.
    expect(await stub.waitForPush((push) => push.accountReference === opened.reference)).toMatchObject({ amount: 500_000, transactionDesc: 'Deposit' });
    const paid = await eventually(() => visitor().mpesaPayment({ token, paymentId: deposit.id }), (payment) => payment.state !== 'pending');
    expect(paid).toMatchObject({ state: 'paid', receipt: 'TKI3DEP001' });
    expect(await visitor().track({ token })).toMatchObject({ paidKes: 500_000, dueKes: 1_600_000, nextPayment: { kind: 'balance', amountKes: 1_600_000 } });
    expect((await staff().byId({ id: opened.id })).payments).toEqual([expect.objectContaining({ amountKes: 500_000, method: 'mpesa', reference: 'TKI3DEP001' })]);
    const [receipt] = await receipts(opened.id);
    expect(receipt).toMatchObject({ channel: 'sms', recipient: '+254722000111' });
    expect(receipt.bodyText).toContain('We received KES 500,000 by M-Pesa (TKI3DEP001)');
    expect(receipt.bodyText).toContain('KES 1,600,000 due');

    // The balance, with Daraja delivering its callback twice: one payment, one receipt.
    stub.nextOutcome({ resultCode: 0, receipt: 'TKI3BAL001', callback: 'twice' });
    const balance = await visitor().payByMpesa({ token, phone: '0712345678' });
    expect(balance).toMatchObject({ amount: 1_600_000 });
    await eventually(async () => stub.callbacks.filter((callback) => JSON.stringify(callback.body).includes('TKI3BAL001')).length, (delivered) => delivered === 2);
    expect((await requestRow(balance.id)).state).toBe('paid');
    expect((await staff().byId({ id: opened.id })).payments.map((payment) => payment.reference).sort()).toEqual(['TKI3BAL001', 'TKI3DEP001']);
    expect(await receipts(opened.id)).toHaveLength(2);
    expect(await visitor().track({ token })).toMatchObject({ paidKes: 2_100_000, dueKes: 0, nextPayment: null });
    await expect(visitor().payByMpesa({ token, phone: '0712345678' })).rejects.toMatchObject({ code: 'CONFLICT', message: `Import ${opened.reference} is paid in full: nothing is due` });
  });

  it("a request is seen only through its own import's link; a failed one records nothing", async () => {
    const first = await open();
    const second = await open();
    stub.nextOutcome({ resultCode: 1032 });
    const cancelled = await visitor().payByMpesa({ token: first.token, phone: '0712345678' });
    const failed = await eventually(() => visitor().mpesaPayment({ token: first.token, paymentId: cancelled.id }), (payment) => payment.state !== 'pending');
    expect(failed).toMatchObject({ state: 'failed', resultCode: 1032 });
    await expect(visitor().mpesaPayment({ token: second.token, paymentId: cancelled.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(visitor().payByMpesa({ token: `${first.token}x`, phone: '0712345678' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await staff().byId({ id: first.opened.id })).payments).toEqual([]);
    expect(await receipts(first.opened.id)).toEqual([]);

    // The buyer's erasure leaves the requests without their number.
    await handle.db.transaction((tx) => app.get(VehicleImportPersonalData).forget({ userId: sales.id, verifiedEmail: null, verifiedPhone: '+254722000111' }, tx));
    expect((await requestRow(cancelled.id)).phone).toBe('');
  });

  it('by card: what is due charged once, recorded with its transaction; a decline records nothing; an unanswered sale is looked up', async () => {
    const { opened, token } = await open();
    expect(await visitor().track({ token })).toMatchObject({ cardPayments: true });
    expect(await visitor().clientToken({ token })).toMatchObject({ clientToken: expect.any(String) });
    await expect(visitor().clientToken({ token: `${token}x` })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    braintree.setBehaviour('decline');
    await expect(visitor().payByCard({ token, nonce: 'fake-valid-nonce' })).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' });
    expect((await staff().byId({ id: opened.id })).payments).toEqual([]);

    braintree.setBehaviour('approve');
    const paid = await visitor().payByCard({ token, nonce: 'fake-valid-nonce' });
    expect(paid).toMatchObject({ paidKes: 500_000, nextPayment: { kind: 'balance', amountKes: 1_600_000 } });
    const sale = braintree.sales.at(-1);
    expect(sale).toMatchObject({ amount: '500000.00' });
    expect((await staff().byId({ id: opened.id })).payments).toEqual([expect.objectContaining({ amountKes: 500_000, method: 'card', reference: sale?.id })]);
    expect((await receipts(opened.id))[0].bodyText).toContain('We received KES 500,000 by card');
    // Recorded by the card payment, not filed as M-Pesa's.
    const recorded = await handle.db.select({ recordedBy: vehicleImportPayments.recordedBy }).from(vehicleImportPayments).where(eq(vehicleImportPayments.importId, opened.id));
    expect(recorded).toEqual([{ recordedBy: 'Card' }]);

    // The balance's sale charges but its answer never comes: the lookup finds it, and it is recorded once.
    braintree.setBehaviour('chargeThenTimeout', 'approve');
    const balance = await visitor().payByCard({ token, nonce: 'fake-valid-nonce' });
    expect(balance).toMatchObject({ paidKes: 2_100_000, nextPayment: null });
    const rows = await handle.db.select().from(payableCardPayments).where(eq(payableCardPayments.payableId, opened.id));
    expect(rows.map((row) => row.state).sort()).toEqual(['failed', 'paid', 'paid']);
    expect(await app.get(CardPaymentService).reconcilePending(new Date(Date.now() + 10 * 60_000))).toEqual({ paid: [], discarded: [], unresolved: [] });
    await expect(visitor().payByCard({ token, nonce: 'fake-valid-nonce' })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('a card sale neither answered nor found is left pending, refuses a second charge, and the reconciliation records it', async () => {
    const { opened, token } = await open();
    braintree.setBehaviour('chargeThenTimeout', 'timeout', 'approve');
    await expect(visitor().payByCard({ token, nonce: 'fake-valid-nonce' })).rejects.toMatchObject({ code: 'BAD_GATEWAY', message: expect.stringContaining('Please do not pay again') });
    await expect(visitor().payByCard({ token, nonce: 'fake-valid-nonce' })).rejects.toMatchObject({ code: 'CONFLICT' });
    const [pending] = await handle.db.select().from(payableCardPayments).where(eq(payableCardPayments.payableId, opened.id));
    expect(pending.state).toBe('pending');
    expect(await app.get(CardPaymentService).reconcilePending(new Date(Date.now() + 10 * 60_000))).toEqual({ paid: [pending.id], discarded: [], unresolved: [] });
    expect((await staff().byId({ id: opened.id })).payments).toEqual([expect.objectContaining({ amountKes: 500_000, method: 'card' })]);
    braintree.setBehaviour('approve');
  });

  it('tells the staff of a payment to settle by hand: an M-Pesa amount not the one asked, and money beyond the agreed price', async () => {
    const staffAlerts = (reference: string) => handle.db.select().from(outboxMessages).where(and(eq(outboxMessages.reference, reference), eq(outboxMessages.topic, 'import.payment-staff')));
    const { opened, token } = await open();
    // Daraja reports another amount than asked: not applied, the staff check it.
    stub.nextOutcome({ resultCode: 0, receipt: 'TKI3MIS001', amount: 1 });
    const odd = await visitor().payByMpesa({ token, phone: '0712345678' });
    expect(await eventually(() => requestRow(odd.id), (row) => row.state !== 'pending')).toMatchObject({ state: 'failed' });
    expect((await staff().byId({ id: opened.id })).payments).toEqual([]);
    const [checkOdd] = await staffAlerts(odd.id);
    expect(checkOdd).toMatchObject({ channel: 'email', recipient: 'juma@dealer.test', subject: `Check payment for import ${opened.reference}` });

    // The buyer pays the deposit by M-Pesa while the staff record the whole price paid by bank: both stand, the excess is to refund.
    stub.nextOutcome({ resultCode: 0, receipt: 'TKI3OVR001', afterMs: 400 });
    const late = await visitor().payByMpesa({ token, phone: '0712345678' });
    await staff().recordPayment({ importId: opened.id, amountKes: 2_100_000, method: 'bank', reference: 'EFT-1', receivedOn: '2026-12-06' });
    // A payment the staff record reaches the buyer as a receipt too.
    expect((await receipts(opened.id)).map((receipt) => receipt.bodyText)).toContainEqual(
      expect.stringMatching(new RegExp(`^We received KES 2,100,000 by bank transfer \\(EFT-1\\) for your import ${opened.reference}\\. Paid KES [\\d,]+ of KES 2,100,000: paid in full\\. Track it: `)),
    );
    expect(await eventually(() => requestRow(late.id), (row) => row.state !== 'pending')).toMatchObject({ state: 'paid' });
    const [excess] = await staffAlerts(late.id);
    expect(excess.bodyText).toContain('refund the buyer KES 500,000');
  });
});
