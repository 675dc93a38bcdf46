import type { BraintreeConfig } from '@dealership/server-core';
import { Logger } from '@nestjs/common';
import braintree from 'braintree';
import type { CardSale, CardSaleResult, PaymentGateway } from './payment-gateway';
import { PaymentDeclinedError, PaymentGatewayError, PaymentSettingsError } from './payment.errors';

// The SDK's error `type`s (lib/braintree/error_types.js) that mean our credentials or ids are
// wrong, not that the gateway is down: retrying will not help, the dealer must fix the settings.
const SETTINGS_ERRORS = new Set(['authenticationError', 'authorizationError', 'notFoundError']);

/**
 * Transaction statuses of a sale that took the money or will (our sales are submitted for
 * settlement at once; `authorized` and `authorizing` still hold the buyer's funds). Voided,
 * failed, declined, rejected, expired and settlement-declined sales charged nothing.
 */
const CHARGED_STATUSES = new Set([
  'authorizing',
  'authorized',
  'submitted_for_settlement',
  'settling',
  'settlement_pending',
  'settlement_confirmed',
  'settled',
]);

/** The SDK's environment: Braintree's own hosts, or `BRAINTREE_API_URL`'s (a loopback stub in tests). */
export function braintreeEnvironment(config: Pick<BraintreeConfig, 'environment' | 'apiUrl'>): braintree.Environment {
  if (config.apiUrl) {
    const { host, port, ssl } = config.apiUrl;
    const origin = `${ssl ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`;
    // server, port, auth url, ssl, GraphQL server and port (the GraphQL API is not used here).
    return new braintree.Environment(host, String(port), origin, ssl, host, String(port));
  }
  return config.environment === 'production' ? braintree.Environment.Production : braintree.Environment.Sandbox;
}

/**
 * Card payments through Braintree's official SDK: a client token for the Drop-in, and sales that
 * are submitted for settlement at once. Declines carry the processor's text (402); gateway
 * failures and timeouts are 502s; wrong credentials are a 502 that says the dealer's payment
 * settings are wrong. Logs carry transaction ids, never nonces, keys or the SDK's result objects
 * (their `params` echo the request).
 */
export class BraintreePaymentGateway implements PaymentGateway {
  readonly cardPayments = true;
  private readonly gateway: braintree.BraintreeGateway;
  private readonly logger = new Logger('Braintree');

  constructor(private readonly config: BraintreeConfig) {
    this.gateway = new braintree.BraintreeGateway({
      environment: braintreeEnvironment(config),
      merchantId: config.merchantId,
      publicKey: config.publicKey,
      privateKey: config.privateKey,
    });
    // The SDK takes its timeout (60 s by default) from its config object, not the constructor's
    // options. It is an idle timeout on the request's socket: a gateway that never answers fails here.
    (this.gateway.config as { timeout: number }).timeout = config.timeoutMs;
  }

  async clientToken(): Promise<string> {
    const merchantAccountId = this.config.merchantAccountId;
    const result = await this.call('client token', () => this.gateway.clientToken.generate(merchantAccountId ? { merchantAccountId } : {}));
    if (!result.success || typeof result.clientToken !== 'string' || result.clientToken === '') {
      // A refused token request (an unknown merchant account, say) is the dealer's settings, not the buyer's card.
      this.logger.error(`Braintree refused a client token: ${describe(result.message)}`);
      throw new PaymentGatewayError();
    }
    return result.clientToken;
  }

  async sale({ amountKes, nonce, orderId }: CardSale): Promise<CardSaleResult> {
    // A programming error, not a decline: never send the gateway an amount we did not mean.
    if (!Number.isFinite(amountKes) || amountKes <= 0) throw new RangeError(`A card sale needs a positive amount in KES, got ${amountKes}`);
    const merchantAccountId = this.config.merchantAccountId;
    const result = await this.call(`sale for order ${orderId}`, () =>
      this.gateway.transaction.sale({
        amount: amountKes.toFixed(2),
        paymentMethodNonce: nonce,
        orderId,
        ...(merchantAccountId ? { merchantAccountId } : {}),
        options: { submitForSettlement: true },
      }),
    );
    const transaction = result.transaction as braintree.Transaction | undefined;
    if (!result.success) {
      // A processor decline or gateway rejection comes with a transaction; validation errors without.
      const text = transaction?.processorResponseText || result.message;
      this.logger.warn(
        `Braintree did not accept the sale for order ${orderId}: ${transaction ? `transaction ${transaction.id} ${transaction.status}${transaction.gatewayRejectionReason ? ` (${transaction.gatewayRejectionReason})` : ''}` : 'no transaction'}: ${describe(text)}`,
      );
      throw new PaymentDeclinedError(text);
    }
    if (!transaction || typeof transaction.id !== 'string' || !transaction.id || typeof transaction.status !== 'string') {
      this.logger.error(`Braintree answered the sale for order ${orderId} without a transaction id and status`);
      throw new PaymentGatewayError();
    }
    this.logger.log(`Braintree transaction ${transaction.id} ${transaction.status} for order ${orderId}`);
    return { transactionId: transaction.id, status: transaction.status };
  }

  async findSale(orderId: string): Promise<CardSaleResult | null> {
    const transactions = await this.call(`sale lookup for order ${orderId}`, () => this.transactionsOfOrder(orderId));
    const charged = transactions.filter(
      (t) => t.orderId === orderId && t.type === 'sale' && typeof t.id === 'string' && t.id !== '' && CHARGED_STATUSES.has(t.status),
    );
    const others = transactions.filter((t) => !charged.includes(t)).map((t) => `${t.id} ${t.status}`);
    if (charged.length === 0) {
      this.logger.log(`Braintree holds no charged sale for order ${orderId}${others.length ? ` (only ${others.join(', ')})` : ''}`);
      return null;
    }
    if (charged.length > 1)
      this.logger.warn(
        `Braintree holds ${charged.length} charged sales for order ${orderId} (${charged.map((t) => t.id).join(', ')}): the dealer should refund all but ${charged[0].id}`,
      );
    const [sale] = charged;
    this.logger.log(`Braintree transaction ${sale.id} ${sale.status} found for order ${orderId}`);
    return { transactionId: sale.id, status: sale.status };
  }

  /**
   * Every transaction whose order id is `orderId`, through the SDK's search (it posts the criteria
   * to `transactions/advanced_search_ids`, then fetches the matches from `transactions/advanced_search`).
   * Each request has the SDK's timeout; the whole search gets a deadline too, since the SDK's stream
   * would wait for ever on a page holding fewer transactions than it asked for.
   */
  private async transactionsOfOrder(orderId: string): Promise<braintree.Transaction[]> {
    const stream = this.gateway.transaction.search((search) => search.orderId().is(orderId));
    const deadline = setTimeout(() => stream.destroy(new Error('Transaction search timed out')), this.config.timeoutMs * 3);
    try {
      const transactions: braintree.Transaction[] = [];
      for await (const transaction of stream) transactions.push(transaction as braintree.Transaction);
      return transactions;
    } finally {
      clearTimeout(deadline);
    }
  }

  /** One SDK call; a thrown SDK error (HTTP status, timeout, network) becomes a 502. */
  private async call<T>(action: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const type = (error as { type?: unknown })?.type;
      const message = error instanceof Error ? error.message : undefined;
      if (typeof type === 'string' && SETTINGS_ERRORS.has(type)) {
        this.logger.error(
          `Braintree ${action} failed with ${type}: check BRAINTREE_ENVIRONMENT, BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY, BRAINTREE_PRIVATE_KEY and BRAINTREE_MERCHANT_ACCOUNT_ID`,
        );
        throw new PaymentSettingsError();
      }
      this.logger.error(`Braintree ${action} failed: ${typeof type === 'string' ? `${type}: ` : ''}${describe(message)}`);
      throw new PaymentGatewayError();
    }
  }
}

/** A gateway text for the logs: short, one line. */
function describe(text: unknown): string {
  return typeof text === 'string' && text.trim() ? text.replace(/\s+/g, ' ').slice(0, 200) : 'no message';
}
