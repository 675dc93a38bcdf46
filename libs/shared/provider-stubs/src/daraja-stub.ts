import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nairobiTimestamp } from '@dealership/shared-util';
import { received } from './received';

/** An STK push the stub accepted: the body M-Pesa Express's API receives, and what the stub made of it. */
export interface ReceivedStkPush {
  businessShortCode: string;
  password: string;
  timestamp: string;
  transactionType: string;
  amount: number;
  partyA: string;
  partyB: string;
  phoneNumber: string;
  callBackUrl: string;
  accountReference: string;
  transactionDesc: string;
  merchantRequestId: string;
  checkoutRequestId: string;
}

/**
 * What the buyer does with the prompt on their phone, and how Daraja tells us: the result code
 * (0 paid, 1032 cancelled, 1037 not reached, 1 insufficient funds, 2001 wrong PIN, ...), after
 * `afterMs`; the callback is sent once (`send`), twice (`twice`: a repeated delivery), never
 * (`none`: only the query knows), or once before the push is answered (`before-reply`: it
 * overtakes Daraja's reply, so the server does not yet know the request's ids). `amount` and
 * `phone` override what the callback reports (a tampered or mistaken callback).
 */
export interface StkOutcome {
  resultCode: number;
  afterMs?: number;
  callback?: 'send' | 'twice' | 'none' | 'before-reply';
  receipt?: string;
  amount?: number;
  phone?: string;
}

/** How the stub answers the next calls: normally, HTTP 500, or never. */
export type DarajaStubBehaviour = 'normal' | 'error500' | 'hang';

export interface DarajaStub {
  /** `http://127.0.0.1:<port>` for MPESA_API_URL. */
  url: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  pushes: ReceivedStkPush[];
  /** Every request, answered or not, with the status given (0 for none). */
  requests: { path: string; status: number }[];
  /** Callbacks the stub delivered: where, what, and our server's status. */
  callbacks: { url: string; body: unknown; status: number }[];
  /** Access tokens issued (each valid for `tokenLifetimeSeconds`). */
  tokensIssued: number;
  /** What happens to the next push (the default: paid after 50 ms, one callback). */
  nextOutcome(outcome: StkOutcome): void;
  setBehaviour(behaviour: DarajaStubBehaviour): void;
  /** Lifetime of the next tokens, seconds (Daraja's: 3599). */
  setTokenLifetime(seconds: number): void;
  /** Delivers a callback body of our choosing to a URL (a forged or replayed callback). */
  deliver(url: string, body: unknown): Promise<number>;
  waitForPush(match: (push: ReceivedStkPush) => boolean, timeoutMs?: number): Promise<ReceivedStkPush>;
  waitForCallback(match: (callback: { url: string; body: unknown; status: number }) => boolean, timeoutMs?: number): Promise<{ url: string; body: unknown; status: number }>;
  close(): Promise<void>;
  /** The server's M-Pesa settings for this stub, its callbacks sent to `callbackUrl` (the server's base address). */
  envFor(callbackUrl: string): Record<string, string>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Daraja's descriptions of the result codes tests use (its STK push documentation). */
const RESULT_DESCRIPTIONS: Record<number, string> = {
  0: 'The service request is processed successfully.',
  1: 'The balance is insufficient for the transaction.',
  1032: 'Request cancelled by user',
  1037: 'DS timeout user cannot be reached',
  2001: 'The initiator information is invalid.',
};

/**
 * A loopback stub of Safaricom's Daraja API for M-Pesa Express, answering in its documented shapes:
 * `GET /oauth/v1/generate?grant_type=client_credentials` (Basic auth: `{access_token, expires_in}`),
 * `POST /mpesa/stkpush/v1/processrequest` (checks the bearer token and that `Password` is
 * base64(shortcode + passkey + timestamp); answers `{MerchantRequestID, CheckoutRequestID,
 * ResponseCode: "0", ...}` or `{requestId, errorCode, errorMessage}`), `POST
 * /mpesa/stkpushquery/v1/query` (`500.001.1001` "The transaction is being processed" until the
 * buyer has answered, then `{ResultCode, ResultDesc}`), and it calls the push's `CallBackURL` with
 * `{Body: {stkCallback: ...}}` as Daraja does.
 */
export async function startDarajaStub(): Promise<DarajaStub> {
  const consumerKey = 'stub-consumer-key';
  const consumerSecret = 'stub-consumer-secret';
  const shortcode = '174379';
  const passkey = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';
  const pushes = received<ReceivedStkPush>((p) => `${p.phoneNumber} KES ${p.amount} ${p.accountReference}`, 'STK push');
  const callbacks = received<{ url: string; body: unknown; status: number }>((c) => `${c.url} -> ${c.status}`, 'callback');
  const requests: { path: string; status: number }[] = [];
  const tokens = new Map<string, number>();
  const decided = new Map<string, { resultCode: number; at: number }>();
  const timers = new Set<NodeJS.Timeout>();
  let outcomes: StkOutcome[] = [];
  let behaviour: DarajaStubBehaviour = 'normal';
  let tokenLifetime = 3599;
  let sequence = 0;
  let tokensIssued = 0;

  const answer = (response: ServerResponse, path: string, status: number, body: unknown) => {
    requests.push({ path, status });
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const fault = (response: ServerResponse, path: string, status: number, errorCode: string, errorMessage: string) =>
    answer(response, path, status, { requestId: `stub-${++sequence}`, errorCode, errorMessage });
  const authorised = (request: IncomingMessage) => {
    const token = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
    const expires = token ? tokens.get(token) : undefined;
    return expires !== undefined && expires > Date.now();
  };
  const passwordOk = (body: Record<string, unknown>) =>
    body.BusinessShortCode === shortcode &&
    typeof body.Timestamp === 'string' &&
    /^\d{14}$/.test(body.Timestamp) &&
    body.Password === Buffer.from(`${shortcode}${passkey}${body.Timestamp}`).toString('base64');

  async function deliver(url: string, body: unknown): Promise<number> {
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      await response.arrayBuffer();
      callbacks.add({ url, body, status: response.status });
      return response.status;
    } catch {
      callbacks.add({ url, body, status: 0 });
      return 0;
    }
  }

  /** Decides the push and returns the callback's body. */
  function decide(push: ReceivedStkPush, outcome: StkOutcome) {
    decided.set(push.checkoutRequestId, { resultCode: outcome.resultCode, at: Date.now() });
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResultCode: outcome.resultCode,
      ResultDesc: RESULT_DESCRIPTIONS[outcome.resultCode] ?? 'The service request failed.',
    };
    if (outcome.resultCode === 0) {
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: outcome.amount ?? push.amount },
          { Name: 'MpesaReceiptNumber', Value: outcome.receipt ?? `SK${String(++sequence).padStart(8, '0')}` },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: Number(nairobiTimestamp()) },
          { Name: 'PhoneNumber', Value: Number(outcome.phone ?? push.phoneNumber) },
        ],
      };
    }
    return { Body: { stkCallback } };
  }

  function settle(push: ReceivedStkPush, outcome: StkOutcome) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      const body = decide(push, outcome);
      const times = outcome.callback === 'none' ? 0 : outcome.callback === 'twice' ? 2 : 1;
      void (async () => {
        for (let i = 0; i < times; i++) await deliver(push.callBackUrl, body);
      })();
    }, outcome.afterMs ?? 50);
    timers.add(timer);
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stub');
      const path = url.pathname;
      const raw = await readBody(request);
      if (behaviour === 'hang') {
        requests.push({ path, status: 0 });
        return;
      }
      if (behaviour === 'error500') return fault(response, path, 500, '500.003.02', 'System is busy. Please try again in few minutes.');

      if (request.method === 'GET' && path === '/oauth/v1/generate') {
        const expected = `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')}`;
        if (url.searchParams.get('grant_type') !== 'client_credentials') return fault(response, path, 400, '400.008.02', 'Invalid grant type passed');
        if (request.headers.authorization !== expected) return fault(response, path, 400, '400.008.01', 'Invalid Authentication passed');
        const token = createHash('sha256').update(`${Date.now()}-${++sequence}`).digest('base64url').slice(0, 28);
        tokens.set(token, Date.now() + tokenLifetime * 1000);
        tokensIssued++;
        // Daraja sends expires_in as a string.
        return answer(response, path, 200, { access_token: token, expires_in: String(tokenLifetime) });
      }

      if (request.method !== 'POST') return fault(response, path, 404, '404.001.03', 'Invalid Access Token');
      if (!authorised(request)) return fault(response, path, 401, '404.001.03', 'Invalid Access Token');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return fault(response, path, 400, '400.002.02', 'Bad Request - Invalid JSON');
      }
      if (!passwordOk(body)) return fault(response, path, 400, '400.002.02', 'Bad Request - Invalid Password');

      if (path === '/mpesa/stkpush/v1/processrequest') {
        const amount = Number(body.Amount);
        if (!Number.isInteger(amount) || amount < 1) return fault(response, path, 400, '400.002.02', 'Bad Request - Invalid Amount');
        if (!/^2547\d{8}$|^2541\d{8}$/.test(String(body.PhoneNumber))) return fault(response, path, 400, '400.002.02', 'Bad Request - Invalid PhoneNumber');
        if (typeof body.CallBackURL !== 'string' || !/^https?:\/\//.test(body.CallBackURL)) return fault(response, path, 400, '400.002.02', 'Bad Request - Invalid CallBackURL');
        const id = ++sequence;
        const push: ReceivedStkPush = {
          businessShortCode: String(body.BusinessShortCode),
          password: String(body.Password),
          timestamp: String(body.Timestamp),
          transactionType: String(body.TransactionType),
          amount,
          partyA: String(body.PartyA),
          partyB: String(body.PartyB),
          phoneNumber: String(body.PhoneNumber),
          callBackUrl: body.CallBackURL,
          accountReference: String(body.AccountReference),
          transactionDesc: String(body.TransactionDesc),
          merchantRequestId: `29115-34620561-${id}`,
          checkoutRequestId: `ws_CO_${Date.now()}${String(id).padStart(4, '0')}`,
        };
        pushes.add(push);
        const outcome = outcomes.shift() ?? { resultCode: 0 };
        if (outcome.callback === 'before-reply') await deliver(push.callBackUrl, decide(push, outcome));
        else settle(push, outcome);
        return answer(response, path, 200, {
          MerchantRequestID: push.merchantRequestId,
          CheckoutRequestID: push.checkoutRequestId,
          ResponseCode: '0',
          ResponseDescription: 'Success. Request accepted for processing',
          CustomerMessage: 'Success. Request accepted for processing',
        });
      }

      if (path === '/mpesa/stkpushquery/v1/query') {
        const checkoutRequestId = String(body.CheckoutRequestID);
        const push = pushes.items.find((p) => p.checkoutRequestId === checkoutRequestId);
        if (!push) return fault(response, path, 400, '400.002.02', 'Bad Request - Invalid CheckoutRequestID');
        const result = decided.get(checkoutRequestId);
        if (!result) return fault(response, path, 500, '500.001.1001', 'The transaction is being processed');
        // The query reports result codes as strings.
        return answer(response, path, 200, {
          ResponseCode: '0',
          ResponseDescription: 'The service request has been accepted successsfully',
          MerchantRequestID: push.merchantRequestId,
          CheckoutRequestID: checkoutRequestId,
          ResultCode: String(result.resultCode),
          ResultDesc: RESULT_DESCRIPTIONS[result.resultCode] ?? 'The service request failed.',
        });
      }
      return fault(response, path, 404, '404.001.01', 'Resource not found');
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    consumerKey,
    consumerSecret,
    shortcode,
    passkey,
    pushes: pushes.items,
    requests,
    callbacks: callbacks.items,
    get tokensIssued() {
      return tokensIssued;
    },
    nextOutcome(outcome) {
      outcomes.push(outcome);
    },
    setBehaviour(next) {
      behaviour = next;
    },
    setTokenLifetime(seconds) {
      tokenLifetime = seconds;
    },
    deliver,
    waitForPush: (match, timeoutMs = 5000) => pushes.waitFor(match, timeoutMs),
    waitForCallback: (match, timeoutMs = 5000) => callbacks.waitFor(match, timeoutMs),
    envFor: (callbackUrl) => ({
      MPESA_CONSUMER_KEY: consumerKey,
      MPESA_CONSUMER_SECRET: consumerSecret,
      MPESA_SHORTCODE: shortcode,
      MPESA_PASSKEY: passkey,
      MPESA_CALLBACK_URL: callbackUrl,
      MPESA_API_URL: `http://127.0.0.1:${port}`,
    }),
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      outcomes = [];
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
