import { type DarajaStub, startDarajaStub } from '@dealership/shared-provider-stubs';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DarajaClient, DarajaRejectedError, DarajaUnavailableError, darajaPassword, darajaTimestamp } from './daraja-client';
import { mpesaResultMessage, parseStkCallback } from './stk-callback';
import { thrown } from '../testing';

/** A loopback endpoint standing in for our callback route: it keeps the bodies Daraja posts. */
async function startCallbackReceiver(): Promise<{ url: string; bodies: unknown[]; server: Server }> {
  const bodies: unknown[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ResultCode":0,"ResultDesc":"Accepted"}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/mpesa/callback/token`, bodies, server };
}

describe('DarajaClient: M-Pesa Express against a loopback Daraja stub (integration)', () => {
  let stub: DarajaStub;
  let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;
  let clock: number;
  const client = (timeoutMs = 2000) =>
    new DarajaClient(
      { consumerKey: stub.consumerKey, consumerSecret: stub.consumerSecret, shortcode: stub.shortcode, passkey: stub.passkey, apiUrl: stub.url, timeoutMs },
      () => new Date(clock),
    );
  const push = (daraja: DarajaClient, phone = '254708374149') =>
    daraja.stkPush({ amountKes: 50_000, phone, accountReference: 'ORD-000123-EXTRA', description: 'Car deposit for a Prado', callbackUrl: receiver.url });

  beforeAll(async () => {
    stub = await startDarajaStub();
    receiver = await startCallbackReceiver();
  });
  beforeEach(() => {
    clock = Date.now();
    stub.setBehaviour('normal');
    stub.setTokenLifetime(3599);
  });
  afterAll(async () => {
    await stub.close();
    receiver.server.closeAllConnections();
    await new Promise((resolve) => receiver.server.close(resolve));
  });

  it('sends the push with the documented password, Nairobi timestamp, amount, number and reference, and hears the callback', async () => {
    const daraja = client();
    const accepted = await push(daraja);
    expect(accepted.checkoutRequestId).toMatch(/^ws_CO_/);
    expect(accepted.customerMessage).toBe('Success. Request accepted for processing');
    const sent = await stub.waitForPush((p) => p.checkoutRequestId === accepted.checkoutRequestId);
    expect(sent).toMatchObject({
      businessShortCode: '174379',
      transactionType: 'CustomerPayBillOnline',
      amount: 50_000,
      partyA: '254708374149',
      partyB: '174379',
      phoneNumber: '254708374149',
      callBackUrl: receiver.url,
      accountReference: 'ORD-000123-E',
      transactionDesc: 'Car deposit f',
    });
    expect(sent.timestamp).toBe(darajaTimestamp(new Date(clock)));
    expect(sent.password).toBe(darajaPassword('174379', stub.passkey, sent.timestamp));

    await stub.waitForCallback((c) => c.url === receiver.url && c.status === 200);
    const result = parseStkCallback(receiver.bodies.at(-1));
    expect(result).toMatchObject({ checkoutRequestId: accepted.checkoutRequestId, resultCode: 0, amountKes: 50_000, phone: '254708374149' });
    expect(result?.receipt).toMatch(/^SK\d{8}$/);
    expect(await daraja.stkQuery(accepted.checkoutRequestId)).toEqual({ state: 'finished', resultCode: 0, resultDesc: 'The service request is processed successfully.' });
  });

  it('writes the timestamp in Nairobi time, whatever the server clock zone', () => {
    expect(darajaTimestamp(new Date('2026-11-27T21:30:05Z'))).toBe('20261128003005');
  });

  it('asks for one access token and keeps it until a minute before it expires, one request for concurrent callers', async () => {
    const daraja = client();
    const before = stub.tokensIssued;
    await Promise.all([push(daraja), push(daraja), push(daraja)]);
    expect(stub.tokensIssued - before).toBe(1);
    clock += 3599_000 - 61_000;
    await push(daraja);
    expect(stub.tokensIssued - before).toBe(1);
    clock += 2_000;
    await push(daraja);
    expect(stub.tokensIssued - before).toBe(2);
  });

  it('reports a push still waiting for the buyer as pending, then its result code', async () => {
    stub.nextOutcome({ resultCode: 1032, afterMs: 300, callback: 'none' });
    const daraja = client();
    const accepted = await push(daraja);
    expect(await daraja.stkQuery(accepted.checkoutRequestId)).toEqual({ state: 'pending' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await daraja.stkQuery(accepted.checkoutRequestId)).toEqual({ state: 'finished', resultCode: 1032, resultDesc: 'Request cancelled by user' });
  });

  it('refuses a number Daraja does not take, with its error code', async () => {
    const error = await thrown(() => push(client(), '254208374149'));
    expect(error).toBeInstanceOf(DarajaRejectedError);
    expect((error as DarajaRejectedError).errorCode).toBe('400.002.02');
    expect(error.message).toBe('Bad Request - Invalid PhoneNumber');
  });

  it('fails as unavailable when Daraja answers 5xx or never answers', async () => {
    stub.setBehaviour('error500');
    const failed = await thrown(() => push(client()));
    expect(failed).toBeInstanceOf(DarajaUnavailableError);
    expect(failed.message).toMatch(/Daraja answered 500 to \/oauth\/v1\/generate \(500\.003\.02/);

    stub.setBehaviour('hang');
    const started = Date.now();
    const silent = await thrown(() => push(client(1000)));
    expect(silent).toBeInstanceOf(DarajaUnavailableError);
    expect(silent.message).toBe('Daraja could not be reached (/oauth/v1/generate): no answer within 1000 ms');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('says which settings to check when Daraja refuses our credentials', async () => {
    const daraja = new DarajaClient({ consumerKey: 'wrong', consumerSecret: 'wrong', shortcode: stub.shortcode, passkey: stub.passkey, apiUrl: stub.url, timeoutMs: 2000 });
    const error = await thrown(() => push(daraja));
    expect(error).toBeInstanceOf(DarajaUnavailableError);
    expect(error.message).toBe('Daraja refused our credentials (400.008.01): check MPESA_CONSUMER_KEY and MPESA_CONSUMER_SECRET');
  });
});

describe('parseStkCallback and mpesaResultMessage', () => {
  it('reads a failed push without metadata, and refuses what is not a callback', () => {
    expect(
      parseStkCallback({ Body: { stkCallback: { MerchantRequestID: 'm-1', CheckoutRequestID: 'ws_CO_1', ResultCode: 1037, ResultDesc: 'DS timeout user cannot be reached' } } }),
    ).toEqual({ merchantRequestId: 'm-1', checkoutRequestId: 'ws_CO_1', resultCode: 1037, resultDesc: 'DS timeout user cannot be reached' });
    expect(parseStkCallback({ Body: {} })).toBeUndefined();
    expect(parseStkCallback('ResultCode=0')).toBeUndefined();
  });

  it("tells the buyer each documented outcome in their words, and any other in a generic one", () => {
    expect(mpesaResultMessage(1032)).toMatch(/You cancelled the M-Pesa request/);
    expect(mpesaResultMessage(1037)).toMatch(/timed out/);
    expect(mpesaResultMessage(1)).toMatch(/balance is not enough/);
    expect(mpesaResultMessage(2001)).toMatch(/PIN entered was wrong/);
    expect(mpesaResultMessage(17)).toBe('M-Pesa could not complete the payment. Nothing was paid; please try again or call us.');
  });
});
