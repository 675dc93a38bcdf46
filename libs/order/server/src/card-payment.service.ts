import type { ClientToken, Order } from '@dealership/order-schemas';
import { OrderThrottle } from '@dealership/server-auth';
import {
  type CardSaleResult,
  CardPaymentsDisabledError,
  PAYMENT_GATEWAY,
  type PaymentGateway,
  PaymentGatewayError,
  PaymentSettingsError,
  PaymentUnconfirmedError,
} from '@dealership/server-payment';
import { DomainError, ErrorCode } from '@dealership/shared-schemas';
import { PeriodicJobs } from '@dealership/server-db';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { OrderAnnouncements } from './order-announcements';
import { OrderRepository } from './order.repository';
import { errorText, PayableNotFoundError } from './order.errors';
import { PayableCardPaymentRepository } from './payable-card-payment.repository';

/** How often pending card orders are reconciled with the gateway. */
export const PENDING_RECONCILE_INTERVAL_MS = 60 * 1000;

/** A pending card order older than this is no longer being placed: its sale is looked up and settled. */
export const PENDING_ORDER_MAX_AGE_MS = 2 * 60 * 1000;
const RECONCILE_BATCH = 100;

/** What one reconciliation did, by order id. */
export interface PendingReconciliation {
  /** The gateway holds their sale: placed and paid now (orders, and payables' card payments). */
  paid: string[];
  /** The gateway holds no sale: deleted, their cars Available again (a payable's card payment: failed). */
  discarded: string[];
  /** The lookup (or the database) failed: still pending, for the next run. */
  unresolved: string[];
}

/** Card orders (Braintree): the Drop-in's token, the sale of a pending order, and the reconciliation of those left pending. */
@Injectable()
export class CardPaymentService implements OnModuleInit {
  private readonly logger = new Logger('Orders');
  /** The reconciliation in progress, if any: a slow one is never overlapped by the next. */
  private reconciling?: Promise<PendingReconciliation>;
  /** Pending orders (and payables' card payments) whose sale is still running in this process: the reconciliation leaves them to it. */
  private readonly placing = new Set<string>();

  constructor(
    private readonly orders: OrderRepository,
    private readonly announce: OrderAnnouncements,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly jobs: PeriodicJobs,
    private readonly payableCards: PayableCardPaymentRepository,
    private readonly throttle: OrderThrottle,
  ) {}

  onModuleInit() {
    // Once per period across every instance on the database.
    this.jobs.every('order.reconcile-pending', PENDING_RECONCILE_INTERVAL_MS, () =>
      this.reconcilePending().catch((error: unknown) => this.logger.warn(`pending order reconciliation failed: ${errorText(error)}`)),
    );
  }

  /** Whether card payments are configured. */
  get enabled(): boolean {
    return this.gateway.cardPayments;
  }

  /** The Drop-in's client token (503 when card payments are off, 502 when the gateway fails). */
  async clientToken(): Promise<ClientToken> {
    return { clientToken: await this.gateway.clientToken() };
  }

  /** Charges a pending card order and settles it: paid, undone, or left pending when the sale's fate is unknown. */
  async charge(order: Order, nonce: string): Promise<Order> {
    this.placing.add(order.id);
    try {
      return await this.chargeOnce(order, nonce);
    } finally {
      this.placing.delete(order.id);
    }
  }

  private async chargeOnce(order: Order, nonce: string): Promise<Order> {
    let sale: CardSaleResult;
    try {
      // The amount less a trade-in credit (issue 46): the credit is paid for by the buyer's car.
      sale = await this.gateway.sale({ amountKes: order.amount - (order.tradeInCredit?.amountKes ?? 0), nonce, orderId: order.id });
    } catch (error) {
      // A timeout or 5xx does not prove the card was not charged; refused credentials do (the
      // gateway authenticates before it processes anything), and so do declines.
      if (error instanceof PaymentGatewayError && !(error instanceof PaymentSettingsError)) {
        let found: CardSaleResult | null;
        try {
          found = await this.gateway.findSale(order.id);
        } catch (lookup) {
          this.logger.warn(
            `order ${order.id}: the sale failed without an answer and could not be looked up (${errorText(lookup)}): left pending, its cars held, for the reconciliation`,
          );
          throw new PaymentUnconfirmedError();
        }
        if (found) {
          this.logger.log(
            `order ${order.id}: the sale failed without an answer but the gateway holds transaction ${found.transactionId} (${found.status}): placing it as paid`,
          );
          return this.paid(order.id, found);
        }
        this.logger.log(`order ${order.id}: the sale failed and the gateway holds none: undoing the pending order`);
      }
      await this.orders.discardPending(order.id).catch((undo: unknown) => {
        // The cars stay held by the pending order until the reconciliation: the buyer hears the payment's error.
        this.logger.error(`could not undo pending order ${order.id} after a failed sale: ${errorText(undo)}`);
      });
      throw error;
    }
    return this.paid(order.id, sale);
  }

  /**
   * Charges what is due on a registered payable (`Payables`: an import's deposit or balance) to the
   * card of `nonce`: the amount from the database, a row written before the sale (so an unanswered
   * sale is looked up by its id, now or by the reconciliation), the money recorded by the payable's
   * domain in the transaction that settles it. Attempts count against `throttleKey`.
   */
  async payPayable(kind: string, id: string, nonce: string, throttleKey: string, now = new Date()): Promise<{ amountKes: number; transactionId: string }> {
    if (!this.gateway.cardPayments) throw new CardPaymentsDisabledError();
    await this.throttle.beginPayment(throttleKey, now);
    const started = await this.payableCards.start(kind, id, now);
    if (!started.ok) {
      if (started.reason === 'not-found') throw new PayableNotFoundError(`${kind} ${id}`);
      throw new DomainError(ErrorCode.Conflict, started.message);
    }
    this.placing.add(started.paymentId);
    try {
      let sale: CardSaleResult | null;
      try {
        sale = await this.gateway.sale({ amountKes: started.amountKes, nonce, orderId: started.paymentId });
      } catch (error) {
        // As for an order: a timeout or 5xx does not prove the card was not charged; a decline or refused credentials do.
        if (!(error instanceof PaymentGatewayError) || error instanceof PaymentSettingsError) {
          await this.payableCards.settle(started.paymentId, null, now);
          throw error;
        }
        try {
          sale = await this.gateway.findSale(started.paymentId);
        } catch (lookup) {
          this.logger.warn(`${kind} ${id}: card payment ${started.paymentId} unanswered and not found (${errorText(lookup)}): left pending for the reconciliation`);
          throw new PaymentGatewayError('Your payment could not be confirmed yet: the payment service did not answer. Please do not pay again; we will confirm it shortly');
        }
        if (!sale) {
          await this.payableCards.settle(started.paymentId, null, now);
          throw error;
        }
      }
      await this.payableCards.settle(started.paymentId, sale, now);
      this.logger.log(`${kind} ${id}: KES ${started.amountKes} paid by card (transaction ${sale.transactionId})`);
      return { amountKes: started.amountKes, transactionId: sale.transactionId };
    } finally {
      this.placing.delete(started.paymentId);
    }
  }

  /** Marks a charged pending order paid; a charged order that is gone is an error for the dealer (a refund). */
  private async paid(orderId: string, sale: CardSaleResult): Promise<Order> {
    const order = await this.orders.markPaid(orderId, sale, this.announce.placed);
    if (!order) {
      this.logger.error(`order ${orderId} was charged (transaction ${sale.transactionId}) but is gone: the dealer should refund the transaction`);
      throw new Error(`Order ${orderId} is gone after its sale`);
    }
    return order;
  }

  /**
   * Settles the pending card orders older than two minutes (`now` for tests): a crash between
   * reserving and finishing leaves them holding their cars. Each order's sale is looked up:
   * found, the order is placed as paid; missing, the order is undone (deleted, cars Available);
   * a failed lookup leaves it for the next run. Runs every minute, never two at once; with card
   * payments off it settles nothing (no sale can be looked up, and one may have been charged).
   */
  reconcilePending(now = new Date()): Promise<PendingReconciliation> {
    this.reconciling ??= this.reconcile(now).finally(() => (this.reconciling = undefined));
    return this.reconciling;
  }

  private async reconcile(now: Date): Promise<PendingReconciliation> {
    const done = await this.reconcileOrders(now);
    await this.reconcilePayables(now, done);
    return done;
  }

  /** Payables' card payments left pending (their sale unanswered and not found then): looked up, paid or failed. */
  private async reconcilePayables(now: Date, done: PendingReconciliation): Promise<void> {
    const stale = (await this.payableCards.pendingBefore(new Date(now.getTime() - PENDING_ORDER_MAX_AGE_MS), RECONCILE_BATCH)).filter((id) => !this.placing.has(id));
    if (stale.length === 0 || !this.gateway.cardPayments) {
      done.unresolved.push(...stale);
      return;
    }
    for (const paymentId of stale) {
      try {
        const sale = await this.gateway.findSale(paymentId);
        await this.payableCards.settle(paymentId, sale, now);
        (sale ? done.paid : done.discarded).push(paymentId);
        this.logger.log(`card payment ${paymentId}: ${sale ? `the gateway holds transaction ${sale.transactionId}: paid` : 'the gateway holds no sale: failed, nothing charged'}`);
      } catch (error) {
        this.logger.warn(`card payment ${paymentId}: could not be settled (${errorText(error)}): left for the next run`);
        done.unresolved.push(paymentId);
      }
    }
  }

  private async reconcileOrders(now: Date): Promise<PendingReconciliation> {
    const done: PendingReconciliation = { paid: [], discarded: [], unresolved: [] };
    const stale = (await this.orders.pendingBefore(new Date(now.getTime() - PENDING_ORDER_MAX_AGE_MS), RECONCILE_BATCH)).filter((id) => !this.placing.has(id));
    if (stale.length === 0) return done;
    if (!this.gateway.cardPayments) {
      this.logger.warn(
        `${stale.length} pending card order(s) cannot be settled while card payments are off (${stale.join(', ')}): configure BRAINTREE_* again`,
      );
      done.unresolved.push(...stale);
      return done;
    }
    for (const orderId of stale) {
      let sale: CardSaleResult | null;
      try {
        sale = await this.gateway.findSale(orderId);
      } catch (error) {
        this.logger.warn(`pending order ${orderId}: its sale could not be looked up (${errorText(error)}): left for the next run`);
        done.unresolved.push(orderId);
        continue;
      }
      try {
        if (sale) {
          await this.paid(orderId, sale);
          this.logger.log(`pending order ${orderId}: the gateway holds transaction ${sale.transactionId} (${sale.status}): placed as paid`);
          done.paid.push(orderId);
        } else {
          if (await this.orders.discardPending(orderId)) {
            this.logger.log(`pending order ${orderId}: the gateway holds no sale: deleted, its cars released`);
            done.discarded.push(orderId);
          } else this.logger.log(`pending order ${orderId}: the gateway holds no sale, but the order was settled meanwhile`);
        }
      } catch (error) {
        this.logger.error(`pending order ${orderId}: could not be settled (${errorText(error)}): left for the next run`);
        done.unresolved.push(orderId);
      }
    }
    return done;
  }
}
