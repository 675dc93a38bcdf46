import type { BraintreeConfig } from '@dealership/server-core';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BraintreePaymentGateway } from '../braintree-payment-gateway';

/**
 * How the stub answers a call:
 * - `approve`: a sale `submitted_for_settlement` with a new transaction id (and a client token);
 * - `decline`: a processor decline (422 `api-error-response` with a `processor_declined` transaction);
 * - `gatewayReject`: a gateway rejection (422 with a `gateway_rejected` transaction, no processor text);
 * - `validationError`: a 422 with validation errors and no transaction;
 * - `error500`: HTTP 500; `unauthorized`: HTTP 401 whatever the credentials;
 * - `timeout`: never answers (a sale is not processed);
 * - `chargeThenTimeout` / `chargeThen500`: a sale is processed (`submitted_for_settlement`, found
 *   by a search) but the client hears nothing, or HTTP 500: the card was charged all the same.
 * Client token requests and searches treat `decline`, `gatewayReject` and `validationError` as
 * `approve`, and `chargeThenTimeout` / `chargeThen500` as `timeout` / `error500`.
 */
export type BraintreeStubBehaviour =
  | 'approve'
  | 'decline'
  | 'gatewayReject'
  | 'validationError'
  | 'error500'
  | 'unauthorized'
  | 'timeout'
  | 'chargeThenTimeout'
  | 'chargeThen500'
  | { kind: 'decline'; processorResponseCode?: string; processorResponseText?: string }
  | { kind: 'gatewayReject'; reason?: 'avs' | 'cvv' | 'avs_and_cvv' | 'duplicate' | 'fraud' | 'risk_threshold' | 'token_issuance' };

/** One request the stub received, as the gateway would read it. */
export interface BraintreeStubRequest {
  method: string;
  path: string;
  /** `search`: `transactions/advanced_search_ids` or `transactions/advanced_search`. */
  kind: 'clientToken' | 'sale' | 'search' | 'other';
  /** Whether `Authorization` was Basic auth with the stub's public and private key. */
  authenticated: boolean;
  /** The behaviour the stub answered with. */
  behaviour: BraintreeStubBehaviour;
  /** A sale's amount exactly as sent (`'5400000.00'`). */
  amount?: string;
  /** A sale's order id, or the order id a search asked for (`search.orderId().is(...)`). */
  orderId?: string;
  nonce?: string;
  submitForSettlement?: boolean;
  merchantAccountId?: string;
  /** The sale's `type` (`'sale'`). */
  type?: string;
  /** The parsed JSON body (keys underscored, as the SDK sends them). */
  body: unknown;
}

/** A transaction the stub holds (as Braintree would): what searches find. */
export interface BraintreeStubSale {
  id: string;
  orderId: string | null;
  amount: string;
  /** `submitted_for_settlement`, `processor_declined`, `gateway_rejected`, or any status `addSale` was given. */
  status: string;
  merchantAccountId: string;
  createdAt: Date;
  processorResponseCode: string | null;
  processorResponseText: string | null;
  processorResponseType: string | null;
  gatewayRejectionReason: string | null;
}

export interface BraintreeStubOptions {
  merchantId?: string;
  publicKey?: string;
  privateKey?: string;
  /** Sent by the gateway under test as `merchantAccountId`, and echoed in transactions. */
  merchantAccountId?: string;
  /** The SDK timeout in `config`/`env` (default 1000 ms, the least the config allows). */
  timeoutMs?: number;
  /** The first behaviour (default `approve`). */
  behaviour?: BraintreeStubBehaviour;
}

/** A running stub of Braintree's gateway API on 127.0.0.1. */
export interface BraintreeStub {
  /** `http://127.0.0.1:<port>`, as `BRAINTREE_API_URL`. */
  url: string;
  port: number;
  /** Every request received, oldest first (`timeout` ones too). */
  requests: BraintreeStubRequest[];
  /**
   * Every transaction the stub holds, oldest first: each sale it processed (approved, declined,
   * rejected, or charged behind a `chargeThen*` failure) and each `addSale`. Searches look here.
   */
  sales: BraintreeStubSale[];
  /** Records a transaction as if Braintree held it (a sale from before a crash, a voided one). */
  addSale(sale: { orderId: string; amount?: string; status?: string }): BraintreeStubSale;
  /**
   * The next calls' behaviours, in order; the last one stays for every call after it.
   * `setBehaviour('decline')` declines until told otherwise; `setBehaviour('error500', 'approve')`
   * fails once, then approves.
   */
  setBehaviour(...behaviours: [BraintreeStubBehaviour, ...BraintreeStubBehaviour[]]): void;
  /** Forgets the requests and the sales, and goes back to the first behaviour. */
  reset(): void;
  /** `AppConfig.braintree` pointing at the stub. */
  config: BraintreeConfig;
  /** The `BRAINTREE_*` environment pointing at the stub (for `loadConfig` or `createModuleTestApp`'s `env`). */
  env: Record<string, string>;
  /** Stops the server and drops open connections (a `timeout` call's too). */
  close(): Promise<void>;
}

const xmlEscape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An XML element as the gateway writes it; `null` is `nil="true"`. */
const element = (name: string, value: string | null) => (value === null ? `<${name} nil="true"/>` : `<${name}>${xmlEscape(value)}</${name}>`);

const kindOf = (behaviour: BraintreeStubBehaviour) => (typeof behaviour === 'string' ? behaviour : behaviour.kind);

/** Page size of the stub's search results (the gateway's is 50 too). */
const SEARCH_PAGE_SIZE = 50;

/**
 * Starts a loopback stand-in for Braintree's gateway API, speaking its XML:
 * `POST /merchants/<id>/client_token`, `POST /merchants/<id>/transactions` (sales), and the
 * transaction search the SDK runs (`transactions/advanced_search_ids`, then
 * `transactions/advanced_search`; criteria `order_id` `is` and `ids`). It checks Basic auth (401
 * otherwise, as the gateway does), records every request and every sale it processed, and answers
 * each call with the programmed behaviour. Point the SDK at it with `config`, `env` or
 * `braintreeGatewayForStub`.
 */
export async function startBraintreeStub(options: BraintreeStubOptions = {}): Promise<BraintreeStub> {
  const merchantId = options.merchantId ?? 'stub_merchant';
  const publicKey = options.publicKey ?? 'stub_public_key';
  const privateKey = options.privateKey ?? randomBytes(16).toString('hex');
  const firstBehaviour = options.behaviour ?? 'approve';
  const expectedAuthorization = `Basic ${Buffer.from(`${publicKey}:${privateKey}`).toString('base64')}`;
  const requests: BraintreeStubRequest[] = [];
  const sales: BraintreeStubSale[] = [];
  let queue: BraintreeStubBehaviour[] = [firstBehaviour];
  let transactions = 0;
  const transactionsPath = `/merchants/${merchantId}/transactions`;

  const nextBehaviour = () => (queue.length > 1 ? (queue.shift() as BraintreeStubBehaviour) : queue[0]);

  /** Records a transaction the stub now holds. */
  const record = (fields: Partial<BraintreeStubSale> & Pick<BraintreeStubSale, 'status'>): BraintreeStubSale => {
    const sale: BraintreeStubSale = {
      id: `stub${(++transactions).toString(36).padStart(4, '0')}${randomBytes(2).toString('hex')}`,
      orderId: null,
      amount: '',
      merchantAccountId: options.merchantAccountId ?? merchantId,
      createdAt: new Date(),
      processorResponseCode: null,
      processorResponseText: null,
      processorResponseType: null,
      gatewayRejectionReason: null,
      ...fields,
    };
    sales.push(sale);
    return sale;
  };

  /** A transaction as the gateway writes it. */
  const transactionXml = (sale: BraintreeStubSale) =>
    `<transaction>${[
      element('id', sale.id),
      element('status', sale.status),
      element('type', 'sale'),
      element('currency-iso-code', 'KES'),
      element('amount', sale.amount),
      element('merchant-account-id', sale.merchantAccountId),
      element('order-id', sale.orderId),
      `<created-at type="datetime">${sale.createdAt.toISOString()}</created-at>`,
      element('processor-response-code', sale.processorResponseCode),
      element('processor-response-text', sale.processorResponseText),
      element('processor-response-type', sale.processorResponseType),
      element('gateway-rejection-reason', sale.gatewayRejectionReason),
    ].join('')}</transaction>`;

  /** The held transactions a search's criteria match (`order_id: {is}`, `ids: [...]`; others are ignored). */
  const searchMatches = (criteria: Record<string, unknown>) => {
    const orderIdIs = (criteria['order_id'] as { is?: unknown } | undefined)?.is;
    const ids = Array.isArray(criteria['ids']) ? (criteria['ids'] as unknown[]).map(String) : undefined;
    return sales.filter((sale) => (orderIdIs === undefined || sale.orderId === String(orderIdIs)) && (ids === undefined || ids.includes(sale.id)));
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      const path = request.url ?? '';
      const kind =
        path === `/merchants/${merchantId}/client_token`
          ? 'clientToken'
          : path === transactionsPath
            ? 'sale'
            : path === `${transactionsPath}/advanced_search_ids` || path === `${transactionsPath}/advanced_search`
              ? 'search'
              : 'other';
      const authenticated = request.headers.authorization === expectedAuthorization;
      const behaviour = nextBehaviour();
      const recorded: BraintreeStubRequest = { method: request.method ?? '', path, kind, authenticated, behaviour, body };
      const fields = body as { transaction?: Record<string, unknown>; client_token?: Record<string, unknown>; search?: Record<string, unknown> } | undefined;
      const criteria = fields?.search && typeof fields.search === 'object' ? fields.search : {};
      if (kind === 'sale') {
        const sale = fields?.transaction ?? {};
        const saleOptions = (sale['options'] ?? {}) as Record<string, unknown>;
        Object.assign(recorded, {
          amount: sale['amount'],
          orderId: sale['order_id'],
          nonce: sale['payment_method_nonce'],
          submitForSettlement: saleOptions['submit_for_settlement'],
          merchantAccountId: sale['merchant_account_id'],
          type: sale['type'],
        });
      } else if (kind === 'clientToken') {
        recorded.merchantAccountId = fields?.client_token?.['merchant_account_id'] as string | undefined;
      } else if (kind === 'search') {
        const orderIdIs = (criteria['order_id'] as { is?: unknown } | undefined)?.is;
        if (typeof orderIdIs === 'string') recorded.orderId = orderIdIs;
      }
      requests.push(recorded);

      const answer = (status: number, xml: string) =>
        response.writeHead(status, { 'content-type': 'application/xml; charset=utf-8' }).end(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}\n`);
      const behaviourKind = kindOf(behaviour);
      const sale = (fields?.transaction ?? {}) as Record<string, unknown>;
      const saleFields = () => ({
        orderId: typeof sale['order_id'] === 'string' ? sale['order_id'] : null,
        amount: typeof sale['amount'] === 'string' ? sale['amount'] : '',
        merchantAccountId: typeof sale['merchant_account_id'] === 'string' ? sale['merchant_account_id'] : (options.merchantAccountId ?? merchantId),
      });
      const approved = { processorResponseCode: '1000', processorResponseText: 'Approved', processorResponseType: 'approved' };
      // The sale goes through at the gateway, but the answer is lost: the client hears a timeout or a 500.
      const charging = behaviourKind === 'chargeThenTimeout' || behaviourKind === 'chargeThen500';
      if (charging && kind === 'sale' && authenticated && request.method === 'POST')
        record({ ...saleFields(), status: 'submitted_for_settlement', ...approved });
      // Never answers: the SDK's own timeout must end the call.
      if (behaviourKind === 'timeout' || behaviourKind === 'chargeThenTimeout') return;
      if (behaviourKind === 'error500' || behaviourKind === 'chargeThen500') return answer(500, '<error>Internal Server Error</error>');
      if (!authenticated || behaviourKind === 'unauthorized') return answer(401, '');
      if (request.method !== 'POST' || kind === 'other') return answer(404, '');
      if (kind === 'clientToken') {
        const token = {
          version: 2,
          authorizationFingerprint: `stub-fingerprint-${randomBytes(8).toString('hex')}`,
          configUrl: `${url}/merchants/${merchantId}/client_api/v1/configuration`,
          environment: 'development',
          merchantId,
        };
        return answer(201, `<client-token>${element('value', Buffer.from(JSON.stringify(token)).toString('base64'))}</client-token>`);
      }
      if (kind === 'search') {
        const found = searchMatches(criteria);
        if (path.endsWith('/advanced_search_ids'))
          return answer(
            200,
            `<search-results><page-size type="integer">${SEARCH_PAGE_SIZE}</page-size><ids type="array">${found.map((t) => element('item', t.id)).join('')}</ids></search-results>`,
          );
        return answer(
          200,
          `<credit-card-transactions type="collection"><current-page-number type="integer">1</current-page-number><page-size type="integer">${SEARCH_PAGE_SIZE}</page-size><total-items type="integer">${found.length}</total-items>${found.map(transactionXml).join('')}</credit-card-transactions>`,
        );
      }

      // A refused sale: `api-error-response` with its message and, for declines and rejections, the
      // transaction (the SDK gives `result.success === false` and `result.transaction`).
      const refused = (message: string, inner: string, errors = '<errors type="array"/>') =>
        answer(422, `<api-error-response><errors>${errors}</errors>${element('message', message)}${inner}</api-error-response>`);

      if (behaviourKind === 'decline') {
        const decline = typeof behaviour === 'object' && behaviour.kind === 'decline' ? behaviour : undefined;
        const text = decline?.processorResponseText ?? 'Do Not Honor';
        const declined = record({
          ...saleFields(),
          status: 'processor_declined',
          processorResponseCode: decline?.processorResponseCode ?? '2000',
          processorResponseText: text,
          processorResponseType: 'soft_declined',
        });
        return refused(text, transactionXml(declined));
      }
      if (behaviourKind === 'gatewayReject') {
        const reason = (typeof behaviour === 'object' && behaviour.kind === 'gatewayReject' ? behaviour.reason : undefined) ?? 'cvv';
        return refused(`Gateway Rejected: ${reason}`, transactionXml(record({ ...saleFields(), status: 'gateway_rejected', gatewayRejectionReason: reason })));
      }
      if (behaviourKind === 'validationError') {
        const validation = `<transaction><errors type="array"><error>${element('code', '91526')}${element('attribute', 'custom_fields')}${element('message', 'Custom field is invalid: stub.')}</error></errors></transaction>`;
        return refused('Custom field is invalid: stub.', '', `<errors type="array"/>${validation}`);
      }
      return answer(201, transactionXml(record({ ...saleFields(), status: 'submitted_for_settlement', ...approved })));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  const timeoutMs = options.timeoutMs ?? 1000;

  return {
    url,
    port,
    requests,
    sales,
    addSale: ({ orderId, amount = '1.00', status = 'submitted_for_settlement' }) => record({ orderId, amount, status }),
    setBehaviour(...behaviours) {
      queue = [...behaviours];
    },
    reset() {
      requests.length = 0;
      sales.length = 0;
      queue = [firstBehaviour];
    },
    config: {
      environment: 'sandbox',
      merchantId,
      publicKey,
      privateKey,
      merchantAccountId: options.merchantAccountId,
      apiUrl: { host: '127.0.0.1', port, ssl: false },
      timeoutMs,
    },
    env: {
      BRAINTREE_ENVIRONMENT: 'sandbox',
      BRAINTREE_MERCHANT_ID: merchantId,
      BRAINTREE_PUBLIC_KEY: publicKey,
      BRAINTREE_PRIVATE_KEY: privateKey,
      ...(options.merchantAccountId ? { BRAINTREE_MERCHANT_ACCOUNT_ID: options.merchantAccountId } : {}),
      BRAINTREE_API_URL: url,
      BRAINTREE_TIMEOUT_MS: String(timeoutMs),
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // A `timeout` call's connection stays open otherwise, and close() would wait for it.
        server.closeAllConnections();
      }),
  };
}

/** A `BraintreePaymentGateway` against the stub; `overrides` change its config (a wrong key, a longer timeout). */
export function braintreeGatewayForStub(stub: Pick<BraintreeStub, 'config'>, overrides: Partial<BraintreeConfig> = {}): BraintreePaymentGateway {
  return new BraintreePaymentGateway({ ...stub.config, ...overrides });
}
