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
 * - `timeout`: never answers.
 * Client token requests treat `decline`, `gatewayReject` and `validationError` as `approve`.
 */
export type BraintreeStubBehaviour =
  | 'approve'
  | 'decline'
  | 'gatewayReject'
  | 'validationError'
  | 'error500'
  | 'unauthorized'
  | 'timeout'
  | { kind: 'decline'; processorResponseCode?: string; processorResponseText?: string }
  | { kind: 'gatewayReject'; reason?: 'avs' | 'cvv' | 'avs_and_cvv' | 'duplicate' | 'fraud' | 'risk_threshold' | 'token_issuance' };

/** One request the stub received, as the gateway would read it. */
export interface BraintreeStubRequest {
  method: string;
  path: string;
  kind: 'clientToken' | 'sale' | 'other';
  /** Whether `Authorization` was Basic auth with the stub's public and private key. */
  authenticated: boolean;
  /** The behaviour the stub answered with. */
  behaviour: BraintreeStubBehaviour;
  /** A sale's amount exactly as sent (`'5400000.00'`). */
  amount?: string;
  orderId?: string;
  nonce?: string;
  submitForSettlement?: boolean;
  merchantAccountId?: string;
  /** The sale's `type` (`'sale'`). */
  type?: string;
  /** The parsed JSON body (keys underscored, as the SDK sends them). */
  body: unknown;
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
   * The next calls' behaviours, in order; the last one stays for every call after it.
   * `setBehaviour('decline')` declines until told otherwise; `setBehaviour('error500', 'approve')`
   * fails once, then approves.
   */
  setBehaviour(...behaviours: [BraintreeStubBehaviour, ...BraintreeStubBehaviour[]]): void;
  /** Forgets the requests and goes back to the first behaviour. */
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

/**
 * Starts a loopback stand-in for Braintree's gateway API, speaking its XML:
 * `POST /merchants/<id>/client_token` and `POST /merchants/<id>/transactions`. It checks Basic
 * auth (401 otherwise, as the gateway does), records every request, and answers each call with
 * the programmed behaviour. Point the SDK at it with `config`, `env` or `braintreeGatewayForStub`.
 */
export async function startBraintreeStub(options: BraintreeStubOptions = {}): Promise<BraintreeStub> {
  const merchantId = options.merchantId ?? 'stub_merchant';
  const publicKey = options.publicKey ?? 'stub_public_key';
  const privateKey = options.privateKey ?? randomBytes(16).toString('hex');
  const firstBehaviour = options.behaviour ?? 'approve';
  const expectedAuthorization = `Basic ${Buffer.from(`${publicKey}:${privateKey}`).toString('base64')}`;
  const requests: BraintreeStubRequest[] = [];
  let queue: BraintreeStubBehaviour[] = [firstBehaviour];
  let transactions = 0;

  const nextBehaviour = () => (queue.length > 1 ? (queue.shift() as BraintreeStubBehaviour) : queue[0]);

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
      const kind = path === `/merchants/${merchantId}/client_token` ? 'clientToken' : path === `/merchants/${merchantId}/transactions` ? 'sale' : 'other';
      const authenticated = request.headers.authorization === expectedAuthorization;
      const behaviour = nextBehaviour();
      const recorded: BraintreeStubRequest = { method: request.method ?? '', path, kind, authenticated, behaviour, body };
      const fields = body as { transaction?: Record<string, unknown>; client_token?: Record<string, unknown> } | undefined;
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
      }
      requests.push(recorded);

      const answer = (status: number, xml: string) =>
        response.writeHead(status, { 'content-type': 'application/xml; charset=utf-8' }).end(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}\n`);
      const behaviourKind = kindOf(behaviour);
      // Never answers: the SDK's own timeout must end the call.
      if (behaviourKind === 'timeout') return;
      if (behaviourKind === 'error500') return answer(500, '<error>Internal Server Error</error>');
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

      const sale = (fields?.transaction ?? {}) as Record<string, unknown>;
      const amount = typeof sale['amount'] === 'string' ? sale['amount'] : '';
      const id = `stub${(++transactions).toString(36).padStart(4, '0')}${randomBytes(2).toString('hex')}`;
      const transaction = (status: string, extra: Record<string, string | null>) =>
        `<transaction>${[
          element('id', id),
          element('status', status),
          element('type', 'sale'),
          element('currency-iso-code', 'KES'),
          element('amount', amount),
          element(
            'merchant-account-id',
            typeof sale['merchant_account_id'] === 'string' ? sale['merchant_account_id'] : (options.merchantAccountId ?? merchantId),
          ),
          element('order-id', typeof sale['order_id'] === 'string' ? sale['order_id'] : null),
          `<created-at type="datetime">${new Date().toISOString()}</created-at>`,
          ...Object.entries(extra).map(([name, value]) => element(name, value)),
        ].join('')}</transaction>`;
      // A refused sale: `api-error-response` with its message and, for declines and rejections, the
      // transaction (the SDK gives `result.success === false` and `result.transaction`).
      const refused = (message: string, inner: string, errors = '<errors type="array"/>') =>
        answer(422, `<api-error-response><errors>${errors}</errors>${element('message', message)}${inner}</api-error-response>`);

      if (behaviourKind === 'decline') {
        const decline = typeof behaviour === 'object' && behaviour.kind === 'decline' ? behaviour : undefined;
        const text = decline?.processorResponseText ?? 'Do Not Honor';
        return refused(
          text,
          transaction('processor_declined', {
            'processor-response-code': decline?.processorResponseCode ?? '2000',
            'processor-response-text': text,
            'processor-response-type': 'soft_declined',
            'gateway-rejection-reason': null,
          }),
        );
      }
      if (behaviourKind === 'gatewayReject') {
        const reason = (typeof behaviour === 'object' && behaviour.kind === 'gatewayReject' ? behaviour.reason : undefined) ?? 'cvv';
        return refused(
          `Gateway Rejected: ${reason}`,
          transaction('gateway_rejected', {
            'processor-response-code': null,
            'processor-response-text': null,
            'processor-response-type': null,
            'gateway-rejection-reason': reason,
          }),
        );
      }
      if (behaviourKind === 'validationError') {
        const validation = `<transaction><errors type="array"><error>${element('code', '91526')}${element('attribute', 'custom_fields')}${element('message', 'Custom field is invalid: stub.')}</error></errors></transaction>`;
        return refused('Custom field is invalid: stub.', '', `<errors type="array"/>${validation}`);
      }
      return answer(
        201,
        transaction('submitted_for_settlement', {
          'processor-response-code': '1000',
          'processor-response-text': 'Approved',
          'processor-response-type': 'approved',
          'gateway-rejection-reason': null,
        }),
      );
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
    setBehaviour(...behaviours) {
      queue = [...behaviours];
    },
    reset() {
      requests.length = 0;
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
