import { loadConfig } from '@dealership/server-core';
import { ErrorCode } from '@dealership/shared-schemas';
import { Logger } from '@nestjs/common';
import { createServer } from 'node:net';
import { BraintreePaymentGateway, braintreeEnvironment } from './braintree-payment-gateway';
import { PaymentDeclinedError, PaymentGatewayError, PaymentSettingsError } from './payment.errors';
import { type BraintreeStub, braintreeGatewayForStub, startBraintreeStub, thrown } from './testing';

const sale = { amountKes: 5_400_000, nonce: 'fake-valid-nonce-6f1c', orderId: 'order-0001' };

describe('BraintreePaymentGateway: the official SDK against a loopback stub (integration)', () => {
  let stub: BraintreeStub;
  let gateway: BraintreePaymentGateway;
  let logged: string[];

  beforeAll(async () => {
    stub = await startBraintreeStub({ merchantAccountId: 'dealer_KES' });
    gateway = braintreeGatewayForStub(stub);
  });

  afterAll(() => stub.close());

  beforeEach(() => {
    stub.reset();
    logged = [];
    for (const level of ['log', 'warn', 'error'] as const) {
      jest.spyOn(Logger.prototype, level).mockImplementation((...args: unknown[]) => void logged.push(String(args[0])));
    }
  });

  afterEach(() => {
    jest.restoreAllMocks();
    // Nothing secret reaches the logs, whatever happened.
    for (const line of logged) {
      expect(line).not.toContain(sale.nonce);
      expect(line).not.toContain(stub.config.privateKey);
    }
  });

  it('says card payments are on', () => {
    expect(gateway.cardPayments).toBe(true);
  });

  it('generates a client token for the KES merchant account, authenticated with the keys', async () => {
    const token = await gateway.clientToken();
    expect(JSON.parse(Buffer.from(token, 'base64').toString('utf8'))).toMatchObject({ version: 2, merchantId: stub.config.merchantId });
    expect(stub.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: `/merchants/${stub.config.merchantId}/client_token`,
        kind: 'clientToken',
        authenticated: true,
        merchantAccountId: 'dealer_KES',
      }),
    ]);
  });

  it('sells the exact amount, submitted for settlement, and answers the transaction id and status', async () => {
    const result = await gateway.sale(sale);
    expect(result).toEqual({ transactionId: expect.stringMatching(/^stub/), status: 'submitted_for_settlement' });
    expect(stub.requests).toHaveLength(1);
    expect(stub.requests[0]).toMatchObject({
      method: 'POST',
      path: `/merchants/${stub.config.merchantId}/transactions`,
      kind: 'sale',
      authenticated: true,
      type: 'sale',
      amount: '5400000.00',
      orderId: 'order-0001',
      nonce: sale.nonce,
      submitForSettlement: true,
      merchantAccountId: 'dealer_KES',
    });
    expect(logged).toContainEqual(expect.stringContaining(`transaction ${result.transactionId} submitted_for_settlement for order order-0001`));
  });

  it('leaves the merchant account out when none is configured (the merchant default)', async () => {
    await braintreeGatewayForStub(stub, { merchantAccountId: undefined }).sale(sale);
    expect(stub.requests[0]).toMatchObject({ authenticated: true, merchantAccountId: undefined });
    expect(stub.requests[0].body).toEqual({ transaction: expect.not.objectContaining({ merchant_account_id: expect.anything() }) });
  });

  it('refuses an amount that is not a positive number before calling out', async () => {
    for (const amountKes of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(gateway.sale({ ...sale, amountKes })).rejects.toThrow(RangeError);
    }
    expect(stub.requests).toEqual([]);
  });

  it("a processor decline is a PaymentDeclinedError (402) with the processor's text", async () => {
    stub.setBehaviour('decline');
    const error = await thrown(() => gateway.sale(sale));
    expect(error).toBeInstanceOf(PaymentDeclinedError);
    expect(error).toMatchObject({ code: ErrorCode.PaymentRequired, message: 'Do Not Honor' });
    stub.setBehaviour({ kind: 'decline', processorResponseCode: '2001', processorResponseText: 'Insufficient Funds' });
    await expect(gateway.sale(sale)).rejects.toThrow(new PaymentDeclinedError('Insufficient Funds'));
    expect(logged).toContainEqual(expect.stringMatching(/transaction stub\w+ processor_declined: Insufficient Funds/));
  });

  it("a gateway rejection is a PaymentDeclinedError with the gateway's message", async () => {
    stub.setBehaviour({ kind: 'gatewayReject', reason: 'fraud' });
    const error = await thrown(() => gateway.sale(sale));
    expect(error).toBeInstanceOf(PaymentDeclinedError);
    expect(error.message).toBe('Gateway Rejected: fraud');
  });

  it('validation errors (no transaction) are a PaymentDeclinedError with the message', async () => {
    stub.setBehaviour('validationError');
    await expect(gateway.sale(sale)).rejects.toThrow(new PaymentDeclinedError('Custom field is invalid: stub.'));
  });

  it.each(['sale', 'clientToken'] as const)('a gateway 500 is a PaymentGatewayError (502) on %s', async (call) => {
    stub.setBehaviour('error500');
    const error = await thrown(() => (call === 'sale' ? gateway.sale(sale) : gateway.clientToken()));
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error).not.toBeInstanceOf(PaymentSettingsError);
    expect(error).toMatchObject({ code: ErrorCode.BadGateway, message: expect.stringContaining('nothing was charged') });
    expect(logged).toContainEqual(expect.stringContaining('serverError'));
  });

  it('a gateway that never answers is a PaymentGatewayError after the configured timeout (1000 ms)', async () => {
    expect(stub.config.timeoutMs).toBe(1000);
    stub.setBehaviour('timeout');
    const started = Date.now();
    const error = await thrown(() => gateway.sale(sale));
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(1500);
    expect(stub.requests).toHaveLength(1);
    expect(logged).toContainEqual(expect.stringContaining('Request timed out'));
  });

  it('takes each call its programmed behaviour, the last one staying', async () => {
    stub.setBehaviour('error500', 'approve');
    await expect(gateway.sale(sale)).rejects.toThrow(PaymentGatewayError);
    await expect(gateway.sale(sale)).resolves.toMatchObject({ status: 'submitted_for_settlement' });
    await expect(gateway.sale(sale)).resolves.toMatchObject({ status: 'submitted_for_settlement' });
    expect(stub.requests.map((request) => request.behaviour)).toEqual(['error500', 'approve', 'approve']);
  });

  describe('findSale: the sale the gateway holds for an order (transaction search)', () => {
    const searchPath = (step: string) => `/merchants/${stub.config.merchantId}/transactions/${step}`;

    it('finds the sale made for the order through the SDK search: the ids first, then the transactions', async () => {
      const made = await gateway.sale(sale);
      await gateway.sale({ ...sale, orderId: 'order-0002' });
      // Forget the sales' requests, not the sales.
      stub.requests.length = 0;
      await expect(gateway.findSale(sale.orderId)).resolves.toEqual(made);
      expect(stub.requests).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: searchPath('advanced_search_ids'),
          kind: 'search',
          authenticated: true,
          orderId: 'order-0001',
          body: { search: { order_id: { is: 'order-0001' } } },
        }),
        expect.objectContaining({
          path: searchPath('advanced_search'),
          kind: 'search',
          authenticated: true,
          body: { search: { order_id: { is: 'order-0001' }, ids: [made.transactionId] } },
        }),
      ]);
      expect(logged).toContainEqual(`Braintree transaction ${made.transactionId} submitted_for_settlement found for order order-0001`);
    });

    it('answers null when the gateway holds no transaction for the order (one request: no ids to fetch)', async () => {
      await gateway.sale({ ...sale, orderId: 'order-other' });
      stub.requests.length = 0;
      await expect(gateway.findSale('order-none')).resolves.toBeNull();
      expect(stub.requests.map((r) => r.path)).toEqual([searchPath('advanced_search_ids')]);
    });

    it('ignores sales that charged nothing (declined, rejected, voided, failed) and finds the one that did', async () => {
      stub.setBehaviour('decline', 'gatewayReject', 'approve');
      await expect(gateway.sale(sale)).rejects.toThrow(PaymentDeclinedError);
      await expect(gateway.sale(sale)).rejects.toThrow(PaymentDeclinedError);
      for (const status of ['voided', 'failed', 'settlement_declined', 'authorization_expired']) stub.addSale({ orderId: sale.orderId, status });
      expect(stub.sales.map((s) => s.status)).toEqual([
        'processor_declined',
        'gateway_rejected',
        'voided',
        'failed',
        'settlement_declined',
        'authorization_expired',
      ]);
      await expect(gateway.findSale(sale.orderId)).resolves.toBeNull();
      expect(logged).toContainEqual(
        expect.stringMatching(/no charged sale for order order-0001 \(only stub\w+ processor_declined, stub\w+ gateway_rejected, stub\w+ voided/),
      );

      for (const status of ['settled', 'authorized', 'settling']) {
        stub.reset();
        const held = stub.addSale({ orderId: sale.orderId, amount: '5400000.00', status });
        await expect(gateway.findSale(sale.orderId)).resolves.toEqual({ transactionId: held.id, status });
      }
    });

    it('finds a sale that went through although the client heard a timeout or a 500', async () => {
      for (const behaviour of ['chargeThenTimeout', 'chargeThen500'] as const) {
        stub.reset();
        stub.setBehaviour(behaviour, 'approve');
        await expect(gateway.sale(sale)).rejects.toThrow(PaymentGatewayError);
        expect(stub.sales).toEqual([expect.objectContaining({ orderId: 'order-0001', amount: '5400000.00', status: 'submitted_for_settlement' })]);
        await expect(gateway.findSale(sale.orderId)).resolves.toEqual({ transactionId: stub.sales[0].id, status: 'submitted_for_settlement' });
      }
      // A plain timeout or 500 processed nothing.
      for (const behaviour of ['timeout', 'error500'] as const) {
        stub.reset();
        stub.setBehaviour(behaviour, 'approve');
        await expect(gateway.sale(sale)).rejects.toThrow(PaymentGatewayError);
        expect(stub.sales).toEqual([]);
        await expect(gateway.findSale(sale.orderId)).resolves.toBeNull();
      }
    });

    it('notes more than one charged sale for an order and answers the first', async () => {
      const first = stub.addSale({ orderId: sale.orderId, status: 'settled' });
      const second = stub.addSale({ orderId: sale.orderId, status: 'submitted_for_settlement' });
      await expect(gateway.findSale(sale.orderId)).resolves.toEqual({ transactionId: first.id, status: 'settled' });
      expect(logged).toContainEqual(expect.stringContaining(`2 charged sales for order order-0001 (${first.id}, ${second.id})`));
    });

    it.each([
      ['a 500 on the ids', ['error500'] as const, PaymentGatewayError],
      ['a 500 on the transactions', ['approve', 'error500'] as const, PaymentGatewayError],
      ['a timeout', ['timeout'] as const, PaymentGatewayError],
      ['a timeout on the transactions', ['approve', 'timeout'] as const, PaymentGatewayError],
      ['wrong keys', ['unauthorized'] as const, PaymentSettingsError],
    ])('a search that fails (%s) throws: the sale is unknown, not missing', async (_, behaviours, type) => {
      stub.addSale({ orderId: sale.orderId });
      stub.setBehaviour(behaviours[0], ...behaviours.slice(1));
      const started = Date.now();
      const error = await thrown(() => gateway.findSale(sale.orderId));
      expect(error).toBeInstanceOf(type);
      expect(Date.now() - started).toBeLessThan(2500);
      expect(logged).toContainEqual(expect.stringContaining('Braintree sale lookup for order order-0001 failed'));
    });
  });

  it("wrong keys are a 502 that says the dealer's payment settings are wrong", async () => {
    const wrong = braintreeGatewayForStub(stub, { privateKey: 'not-the-private-key' });
    const error = await thrown(() => wrong.sale(sale));
    expect(error).toBeInstanceOf(PaymentSettingsError);
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error).toMatchObject({ code: ErrorCode.BadGateway, message: expect.stringContaining("the dealer's payment settings are wrong") });
    expect(stub.requests).toEqual([expect.objectContaining({ authenticated: false })]);
    await expect(wrong.clientToken()).rejects.toThrow(PaymentSettingsError);
    expect(logged).toContainEqual(expect.stringContaining('authenticationError: check BRAINTREE_ENVIRONMENT, BRAINTREE_MERCHANT_ID'));
    // An unknown merchant id is the settings too.
    await expect(braintreeGatewayForStub(stub, { merchantId: 'someone_else' }).sale(sale)).rejects.toThrow(PaymentSettingsError);
  });

  it('a gateway that refuses connections is a PaymentGatewayError', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const offline = braintreeGatewayForStub(stub, { apiUrl: { host: '127.0.0.1', port: closed, ssl: false } });
    await expect(offline.clientToken()).rejects.toThrow(PaymentGatewayError);
  });

  it('is configured from the BRAINTREE_* environment the stub gives', async () => {
    const { braintree } = loadConfig({ ...stub.env, NODE_ENV: 'test' });
    expect(braintree).toEqual(stub.config);
    if (!braintree) throw new Error('expected card payments on');
    await expect(new BraintreePaymentGateway(braintree).clientToken()).resolves.toEqual(expect.any(String));
  });

  it("uses Braintree's own hosts without BRAINTREE_API_URL", () => {
    expect(braintreeEnvironment({ environment: 'sandbox' })).toMatchObject({ server: 'api.sandbox.braintreegateway.com', ssl: true });
    expect(braintreeEnvironment({ environment: 'production' })).toMatchObject({ server: 'api.braintreegateway.com', ssl: true });
    expect(braintreeEnvironment({ environment: 'production', apiUrl: { host: '127.0.0.1', port: 4010, ssl: false } })).toMatchObject({
      server: '127.0.0.1',
      port: '4010',
      ssl: false,
    });
  });
});
