import { type AuditActor, AuditService } from '@dealership/audit-server';
import type {
  Order,
  OrderListFilters,
  OrderPage,
  OrderPlaceFields,
  OrderQuote,
  OrderReport,
  OrderSetStatusInput,
  OrderStats,
  PaymentOptions,
} from '@dealership/order-schemas';
import { isLoopbackAddress, OrderThrottle, throttleAddress } from '@dealership/server-auth';
import type { Transaction } from '@dealership/server-db';
import { CardPaymentsDisabledError } from '@dealership/server-payment';
import { SettingService } from '@dealership/setting-server';
import { reservationDeposit } from '@dealership/setting-schemas';
import { monthsBefore, RETENTION } from '@dealership/shared-schemas';
import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { CardPaymentService } from './card-payment.service';
import { MpesaDepositService } from './mpesa-deposit.service';
import { OrderAnnouncements } from './order-announcements';
import {
  BuyerNotFoundError,
  TradeInCreditCoversCardError,
  TradeInCreditUnavailableError,
  CarsUnavailableError,
  OrderCarsTakenError,
  OrderInProgressError,
  OrderNotFoundError,
  UnpaidCarsLimitError,
  UnpaidReservationsLimitError,
} from './order.errors';
import { OrderRepository } from './order.repository';
import { OrderReportRepository } from './order-report.repository';

/**
 * The idempotency key of a card payment sent without one: the nonce's hash. A nonce pays once, so
 * a resubmitted nonce is the same checkout (the raw nonce is not stored).
 */
const nonceKey = (nonce: string) => `nonce:${createHash('sha256').update(nonce).digest('hex')}`;

/**
 * Orders and checkout: the quote, placing an order (a reservation at once, a card order through
 * its sale), the staff's status changes, the lists and figures, and the buyer's personal fields.
 */
@Injectable()
export class OrderService {
  constructor(
    private readonly orders: OrderRepository,
    private readonly announce: OrderAnnouncements,
    private readonly cards: CardPaymentService,
    private readonly deposits: MpesaDepositService,
    private readonly audit: AuditService,
    private readonly throttle: OrderThrottle,
    private readonly settings: SettingService,
    private readonly reports: OrderReportRepository,
  ) {}

  /**
   * A buyer deleted their account (the user domain's port): their orders stay for the accounts,
   * without their personal fields, and the staff's messages about them and their deposits go, in
   * the caller's transaction. How many orders and messages.
   */
  async forgetBuyer(buyerId: string, tx: Transaction): Promise<{ orders: number; messages: number }> {
    const { orderIds, paymentIds } = await this.orders.anonymiseBuyer(tx, buyerId);
    return { orders: orderIds.length, messages: await this.announce.forgetAbout(tx, [...orderIds, ...paymentIds]) };
  }

  /** The privacy policy's period for orders (RETENTION.saleYears after the sale): older ones lose the buyer's personal fields. How many. */
  applyRetention(now = new Date()): Promise<number> {
    return this.orders.anonymisePlacedBefore(monthsBefore(now, RETENTION.saleYears * 12));
  }

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

  /** The owner's figures of orders, the last 12 months. */
  report(now = new Date()): Promise<OrderReport> {
    return this.reports.report(new Date(now.getTime() - 365 * 86_400_000));
  }

  /** Every order counted by status (admin). */
  stats(): Promise<OrderStats> {
    return this.orders.stats();
  }

  /** What an order of these cars would hold and cost now: database prices and statuses; deleted cars left out. */
  async quote(carIds: string[]): Promise<OrderQuote> {
    const [lines, rules] = await Promise.all([this.orders.quoteLines(carIds), this.settings.reservationRules()]);
    const available = lines.filter((line) => line.status === 'Available');
    return {
      lines,
      total: available.reduce((sum, line) => sum + line.price, 0),
      cardPayments: this.cards.enabled,
      mpesaPayments: this.deposits.enabled,
      deposit: available.reduce((sum, line) => sum + reservationDeposit(rules, line.price), 0),
    };
  }

  /** Which ways to pay are configured. */
  paymentOptions(): PaymentOptions {
    return { cardPayments: this.cards.enabled, mpesaPayments: this.deposits.enabled };
  }

  /**
   * Places an order of the buyer's cars (tRPC and REST alike). The cars are locked, checked and
   * Reserved with the order in one transaction; amounts are the database's. A reservation is
   * placed at once. A card order holds its cars as a pending order, is charged outside the
   * transaction (no lock waits on the gateway), and is placed when the sale succeeds; when it
   * fails the pending order is undone (cars Available again) and the gateway's error goes on.
   * A sale that failed without an answer (timeout, 5xx) may have charged the card all the same:
   * it is looked up once, and the order is placed if the gateway holds it, undone if not, and
   * left pending (cars held, 502 `PaymentUnconfirmedError`) when the lookup fails too; the
   * reconciliation settles it later. A repeated submit (same idempotency key, or for a card the
   * same nonce) gets the first order, or 409 while it is pending.
   */
  async place(buyerId: string, input: OrderPlaceFields, ip: string): Promise<Order> {
    const { carIds, payment } = input;
    const idempotencyKey = input.idempotencyKey ?? (payment.method === 'card' ? nonceKey(payment.nonce) : undefined);
    if (idempotencyKey) {
      const first = await this.firstOrder(buyerId, idempotencyKey);
      if (first) return first;
    }
    // Before anything is held: with card payments off, nothing is reserved for a sale that cannot happen.
    if (payment.method === 'card' && !this.cards.enabled) throw new CardPaymentsDisabledError();
    // Counted once the order is a new one (a resubmit above is free): per account and address, and each card tried per account.
    await this.throttle.begin(buyerId, ip);
    if (payment.method === 'card') await this.throttle.beginPayment(buyerId);

    // A reservation without a deposit holds cars for free: an account, and an address whatever its
    // accounts, may hold only a few (the rules in force; the address as the throttles count it).
    const rules = payment.method === 'reservation' ? await this.settings.reservationRules() : undefined;
    const caps = rules && {
      reservationsPerBuyer: rules.maxUnpaidPerBuyer,
      carsPerBuyer: rules.maxUnpaidCarsPerBuyer,
      carsPerAddress: rules.maxUnpaidCarsPerAddress,
      address: isLoopbackAddress(ip) ? null : throttleAddress(ip),
    };
    const result = await this.orders.reserve({
      buyerId,
      carIds,
      method: payment.method,
      idempotencyKey,
      alongside: this.announce.placed,
      caps,
      holdHours: rules?.unpaidHoldHours,
      depositFor: rules && ((price) => reservationDeposit(rules, price)),
      tradeInOfferId: input.tradeInOfferId,
    });
    if (!result.ok) {
      if (result.reason === 'unavailable') throw new CarsUnavailableError(result.cars);
      if (result.reason === 'unpaid-limit') throw new UnpaidReservationsLimitError(result.limit);
      if (result.reason === 'unpaid-cars-limit') throw new UnpaidCarsLimitError(result.limit, 'buyer');
      if (result.reason === 'address-cars-limit') throw new UnpaidCarsLimitError(result.limit, 'address');
      if (result.reason === 'no-buyer') throw new BuyerNotFoundError();
      if (result.reason === 'credit-unavailable') throw new TradeInCreditUnavailableError();
      if (result.reason === 'credit-covers-card') throw new TradeInCreditCoversCardError();
      // The same key won a race with this call: answer as a retry after it.
      const first = idempotencyKey ? await this.firstOrder(buyerId, idempotencyKey) : undefined;
      if (!first) throw new OrderInProgressError();
      return first;
    }
    if (payment.method === 'reservation') return result.order;

    return this.cards.charge(result.order, payment.nonce);
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
    const result = await this.orders.setStatus(orderId, status, this.announce.status);
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
