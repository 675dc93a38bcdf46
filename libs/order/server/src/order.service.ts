import { type AuditActor, AuditService } from '@dealership/audit-server';
import type { ClientToken, Order, OrderListFilters, OrderPage, OrderPlaceFields, OrderQuote, OrderSetStatusInput, OrderStats } from '@dealership/order-schemas';
import { CardPaymentsDisabledError, PAYMENT_GATEWAY, type PaymentGateway } from '@dealership/server-payment';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { BuyerNotFoundError, CarsUnavailableError, OrderCarsTakenError, OrderInProgressError, OrderNotFoundError } from './order.errors';
import { OrderRepository } from './order.repository';

/**
 * The idempotency key of a card payment sent without one: the nonce's hash. A nonce pays once, so
 * a resubmitted nonce is the same checkout (the raw nonce is not stored).
 */
const nonceKey = (nonce: string) => `nonce:${createHash('sha256').update(nonce).digest('hex')}`;

@Injectable()
export class OrderService {
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly orders: OrderRepository,
    private readonly audit: AuditService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  /** The buyer's own orders, newest first. */
  mine(buyerId: string): Promise<Order[]> {
    return this.orders.ofBuyer(buyerId);
  }

  /** Every order, newest first (admin; the legacy list). */
  all(): Promise<Order[]> {
    return this.orders.all();
  }

  /** One page of the orders matching the filters, newest first (admin). */
  list(filters: OrderListFilters): Promise<OrderPage> {
    return this.orders.page(filters);
  }

  /** Every order counted by status (admin). */
  stats(): Promise<OrderStats> {
    return this.orders.stats();
  }

  /** What an order of these cars would hold and cost now: database prices and statuses; deleted cars left out. */
  async quote(carIds: string[]): Promise<OrderQuote> {
    const lines = await this.orders.quoteLines(carIds);
    const total = lines.filter((line) => line.status === 'Available').reduce((sum, line) => sum + line.price, 0);
    return { lines, total, cardPayments: this.gateway.cardPayments };
  }

  /** The Drop-in's client token (503 when card payments are off, 502 when the gateway fails). */
  async clientToken(): Promise<ClientToken> {
    return { clientToken: await this.gateway.clientToken() };
  }

  /**
   * Places an order of the buyer's cars (tRPC and REST alike). The cars are locked, checked and
   * Reserved with the order in one transaction; amounts are the database's. A reservation is
   * placed at once. A card order holds its cars as a pending order, is charged outside the
   * transaction (no lock waits on the gateway), and is placed when the sale succeeds; when it
   * fails the pending order is undone (cars Available again) and the gateway's error goes on.
   * A repeated submit (same idempotency key, or for a card the same nonce) gets the first order.
   */
  async place(buyerId: string, input: OrderPlaceFields): Promise<Order> {
    const { carIds, payment } = input;
    const idempotencyKey = input.idempotencyKey ?? (payment.method === 'card' ? nonceKey(payment.nonce) : undefined);
    if (idempotencyKey) {
      const first = await this.firstOrder(buyerId, idempotencyKey);
      if (first) return first;
    }
    // Before anything is held: with card payments off, nothing is reserved for a sale that cannot happen.
    if (payment.method === 'card' && !this.gateway.cardPayments) throw new CardPaymentsDisabledError();

    const result = await this.orders.reserve({ buyerId, carIds, method: payment.method, idempotencyKey });
    if (!result.ok) {
      if (result.reason === 'unavailable') throw new CarsUnavailableError(result.cars);
      if (result.reason === 'no-buyer') throw new BuyerNotFoundError();
      // The same key won a race with this call: answer as a retry after it.
      const first = idempotencyKey ? await this.firstOrder(buyerId, idempotencyKey) : undefined;
      if (!first) throw new OrderInProgressError();
      return first;
    }
    if (payment.method === 'reservation') return result.order;

    const order = result.order;
    let sale: { transactionId: string; status: string };
    try {
      sale = await this.gateway.sale({ amountKes: order.amount, nonce: payment.nonce, orderId: order.id });
    } catch (error) {
      await this.orders.discardPending(order.id).catch((undo: unknown) => {
        // The cars stay held by the pending order: logged for the dealer, the buyer hears the payment's error.
        this.logger.error(`could not undo pending order ${order.id} after a failed sale: ${undo instanceof Error ? undo.message : String(undo)}`);
      });
      throw error;
    }
    return this.orders.markPaid(order.id, sale);
  }

  /** The order a key placed before; throws while its card sale is still under way. */
  private async firstOrder(buyerId: string, idempotencyKey: string): Promise<Order | undefined> {
    const first = await this.orders.byIdempotencyKey(buyerId, idempotencyKey);
    if (first?.pending) throw new OrderInProgressError();
    return first?.order;
  }

  /**
   * Any of the legacy statuses may follow any other (the spec shows no transition rule); the
   * order's cars move with it in the same transaction (cancel: Available, deliverd: Sold, else
   * Reserved), and the change is an audit-log row.
   */
  async setStatus({ orderId, status }: OrderSetStatusInput, actor: AuditActor): Promise<Order> {
    const result = await this.orders.setStatus(orderId, status);
    if (!result.ok) {
      if (result.reason === 'cars-taken') throw new OrderCarsTakenError(result.cars);
      throw new OrderNotFoundError(orderId);
    }
    const order = await this.orders.byId(orderId);
    if (!order) throw new OrderNotFoundError(orderId);
    await this.audit.record({
      actor,
      entity: 'order',
      entityId: orderId,
      label: order.buyer ? `Order of ${order.buyer.name}` : undefined,
      action: 'setStatus',
      before: { status: result.before },
      after: { status: order.status },
    });
    return order;
  }
}
