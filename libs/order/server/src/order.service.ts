import { type AuditActor, AuditService } from '@dealership/audit-server';
import {
  type ClientToken,
  type MpesaPayment,
  type Order,
  type OrderListFilters,
  orderNumber,
  type OrderPage,
  type OrderPlaceFields,
  type OrderQuote,
  type OrderReport,
  type OrderSetStatusInput,
  type OrderStats,
  type PaymentOptions,
} from '@dealership/order-schemas';
import {
  CardPaymentsDisabledError,
  type CardSaleResult,
  MPESA_GATEWAY,
  type MpesaGateway,
  MpesaPaymentsDisabledError,
  mpesaResultMessage,
  parseStkCallback,
  PAYMENT_GATEWAY,
  type PaymentGateway,
  PaymentGatewayError,
  PaymentSettingsError,
  PaymentUnconfirmedError,
} from '@dealership/server-payment';
import { emailMessage, Outbox, smsMessage } from '@dealership/message-server';
import { PeriodicJobs, type Transaction } from '@dealership/server-db';
import { monthsBefore, normaliseKenyanPhone, RETENTION } from '@dealership/shared-schemas';
import { OrderThrottle } from '@dealership/server-auth';
import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { SettingService } from '@dealership/setting-server';
import { reservationDeposit } from '@dealership/setting-schemas';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import {
  BuyerNotFoundError,
  CarsUnavailableError,
  DepositNotDueError,
  OrderCarsTakenError,
  OrderInProgressError,
  OrderNotFoundError,
  UnpaidReservationsLimitError,
} from './order.errors';
import {
  buyerDepositEmail,
  buyerDepositSms,
  buyerHoldExpiredEmail,
  buyerHoldExpiredSms,
  buyerHoldReminderEmail,
  buyerHoldReminderSms,
  buyerOrderEmail,
  buyerOrderSms,
  buyerStatusEmail,
  buyerStatusSms,
  staffDepositEmail,
  staffDepositSms,
  staffOrderEmail,
  staffOrderSms,
} from './order.messages';
import { type OrderHook, OrderRepository } from './order.repository';

/**
 * The idempotency key of a card payment sent without one: the nonce's hash. A nonce pays once, so
 * a resubmitted nonce is the same checkout (the raw nonce is not stored).
 */
const nonceKey = (nonce: string) => `nonce:${createHash('sha256').update(nonce).digest('hex')}`;

/** How often pending card orders are reconciled with the gateway. */
export const PENDING_RECONCILE_INTERVAL_MS = 60 * 1000;

/** A pending card order older than this is no longer being placed: its sale is looked up and settled. */
export const PENDING_ORDER_MAX_AGE_MS = 2 * 60 * 1000;
const RECONCILE_BATCH = 100;

/** How often M-Pesa requests still waiting for a result are asked after (the callback may be late or never come). */
export const MPESA_QUERY_INTERVAL_MS = 30 * 1000;
/** A request is first asked after this long (the callback usually comes within seconds)... */
export const MPESA_QUERY_AFTER_MS = 20 * 1000;
/** ...and again at most this often, by the job and the buyer's page alike. */
export const MPESA_QUERY_EVERY_MS = 15 * 1000;
/** A request that is still waiting after this long has failed for the buyer (Daraja's prompt lasts about a minute). */
export const MPESA_GIVE_UP_MS = 10 * 60 * 1000;
/** A second tap within this long gets the request already waiting, not a second prompt. */
export const MPESA_PENDING_WINDOW_MS = 2 * 60 * 1000;
/** What the buyer reads while the prompt is on their phone. */
export const MPESA_WAITING_MESSAGE = 'Check your phone and enter your M-Pesa PIN';
const MPESA_MISMATCH_MESSAGE = 'We could not match this M-Pesa payment to your deposit. Our staff will check it and call you; please do not pay again.';
const MPESA_NO_RESULT_MESSAGE = 'M-Pesa did not tell us the result of this request. If money left your account, call us with the M-Pesa message; otherwise you can try again.';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What one reconciliation did, by order id. */
export interface PendingReconciliation {
  /** The gateway holds their sale: placed and paid now. */
  paid: string[];
  /** The gateway holds no sale: deleted, their cars Available again. */
  discarded: string[];
  /** The lookup (or the database) failed: still pending, for the next run. */
  unresolved: string[];
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

@Injectable()
export class OrderService implements OnModuleInit {
  private readonly logger = new Logger('Orders');
  /** The reconciliation in progress, if any: a slow one is never overlapped by the next. */
  private reconciling?: Promise<PendingReconciliation>;
  /** Pending orders whose `place` is still running in this process: the reconciliation leaves them to it. */
  private readonly placing = new Set<string>();

  constructor(
    private readonly orders: OrderRepository,
    private readonly audit: AuditService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(MPESA_GATEWAY) private readonly mpesa: MpesaGateway,
    private readonly jobs: PeriodicJobs,
    private readonly outbox: Outbox,
    private readonly throttle: OrderThrottle,
    private readonly settings: SettingService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit() {
    // Once per period across every instance on the database.
    this.jobs.every('order.reconcile-pending', PENDING_RECONCILE_INTERVAL_MS, () =>
      this.reconcilePending().catch((error: unknown) => this.logger.warn(`pending order reconciliation failed: ${reason(error)}`)),
    );
    this.jobs.every('order.mpesa-query', MPESA_QUERY_INTERVAL_MS, () =>
      this.queryWaitingMpesa().catch((error: unknown) => this.logger.warn(`M-Pesa status queries failed: ${reason(error)}`)),
    );
    // Reservations without a deposit: a hold that ends soon (reminder) or has ended (expiry).
    this.jobs.every('order.reservation-holds', this.config.reservationSweepIntervalMs, () =>
      this.sweepHolds().catch((error: unknown) => this.logger.warn(`reservation hold sweep failed: ${reason(error)}`)),
    );
  }

  /**
   * Reservations without a deposit: the buyer is reminded (once) the rules' hours before the hold
   * ends, and at its end the reservation is cancelled, its cars Available again and the buyer told;
   * each in the transaction of its change, through the outbox. Returns what it did.
   */
  async sweepHolds(now: Date = new Date()): Promise<{ reminded: string[]; expired: string[] }> {
    const rules = await this.settings.reservationRules(now);
    const due = await this.orders.dueHolds(now, rules.reminderHoursBeforeExpiry * 3_600_000);
    const reminded: string[] = [];
    const expired: string[] = [];
    for (const { id, endsAt } of due.remind) {
      if (await this.orders.markReminded(id, now, this.announceHold('reminder', endsAt))) reminded.push(id);
    }
    for (const id of due.expire) {
      if (await this.orders.expireHold(id, now, this.announceHold('expired'))) {
        expired.push(id);
        this.logger.log(`reservation ${id}: its hold without a deposit ended; cancelled, its cars on sale again`);
      }
    }
    return { reminded, expired };
  }

  /** The buyer hears that their reservation's hold ends soon, or has ended. */
  private announceHold(kind: 'reminder' | 'expired', endsAt?: Date): OrderHook {
    return async (tx, order) => {
      const site = this.outbox.site;
      const email = order.buyer ? await this.orders.buyerEmail(tx, order.buyer.id) : undefined;
      const phone = order.contact.phone ? normaliseKenyanPhone(order.contact.phone) : null;
      const topic = kind === 'reminder' ? 'order.hold-reminder' : 'order.hold-expired';
      const mail = kind === 'reminder' ? await buyerHoldReminderEmail(order, endsAt as Date, site) : await buyerHoldExpiredEmail(order, site);
      const sms = kind === 'reminder' ? buyerHoldReminderSms(order, endsAt as Date, site) : buyerHoldExpiredSms(order, site);
      await this.outbox.enqueue(tx, [
        ...(email ? [emailMessage(email, topic, mail, { reference: order.id })] : []),
        ...(phone ? [smsMessage(phone, topic, sms, { reference: order.id })] : []),
      ]);
    };
  }

  /** A placed order (a reservation, or a card order once paid): the staff and the buyer hear of it, in its transaction. */
  private readonly announcePlaced: OrderHook = async (tx, order) => {
    const site = this.outbox.site;
    const email = order.buyer ? await this.orders.buyerEmail(tx, order.buyer.id) : undefined;
    const [staffEmail, buyerEmail] = await Promise.all([staffOrderEmail(order, site), email ? buyerOrderEmail(order, site) : undefined]);
    const phone = order.contact.phone ? normaliseKenyanPhone(order.contact.phone) : null;
    await this.outbox.alertStaff(tx, { topic: 'order.staff', reference: order.id, email: staffEmail, sms: staffOrderSms(order, site) });
    await this.outbox.enqueue(tx, [
      ...(email && buyerEmail ? [emailMessage(email, 'order.buyer', buyerEmail, { reference: order.id })] : []),
      ...(phone ? [smsMessage(phone, 'order.buyer', buyerOrderSms(order, site), { reference: order.id })] : []),
    ]);
  };

  /** The staff moved an order on: the buyer hears of it, in the change's transaction. */
  private readonly announceStatus: OrderHook = async (tx, order) => {
    const site = this.outbox.site;
    const email = order.buyer ? await this.orders.buyerEmail(tx, order.buyer.id) : undefined;
    const phone = order.contact.phone ? normaliseKenyanPhone(order.contact.phone) : null;
    await this.outbox.enqueue(tx, [
      ...(email ? [emailMessage(email, 'order.status', await buyerStatusEmail(order, site), { reference: order.id })] : []),
      ...(phone ? [smsMessage(phone, 'order.status', buyerStatusSms(order, site), { reference: order.id })] : []),
    ]);
  };

  /** A buyer deleted their account (the user domain's port): their orders stay for the accounts, without their personal fields, in the caller's transaction. */
  forgetBuyer(buyerId: string, tx: Transaction): Promise<number> {
    return this.orders.anonymiseBuyer(tx, buyerId);
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
    return this.orders.report(new Date(now.getTime() - 365 * 86_400_000));
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
      cardPayments: this.gateway.cardPayments,
      mpesaPayments: this.mpesa.enabled,
      deposit: available.reduce((sum, line) => sum + reservationDeposit(rules, line.price), 0),
    };
  }

  /** Which ways to pay are configured. */
  paymentOptions(): PaymentOptions {
    return { cardPayments: this.gateway.cardPayments, mpesaPayments: this.mpesa.enabled };
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
    if (payment.method === 'card' && !this.gateway.cardPayments) throw new CardPaymentsDisabledError();
    // Counted once the order is a new one (a resubmit above is free): per account and address, and each card tried per account.
    await this.throttle.begin(buyerId, ip);
    if (payment.method === 'card') await this.throttle.beginPayment(buyerId);

    // A reservation without a deposit holds cars for free: a buyer may hold only a few (the rules in force).
    const rules = payment.method === 'reservation' ? await this.settings.reservationRules() : undefined;
    const result = await this.orders.reserve({
      buyerId,
      carIds,
      method: payment.method,
      idempotencyKey,
      onPlaced: this.announcePlaced,
      maxUnpaid: rules?.maxUnpaidPerBuyer,
      holdHours: rules?.unpaidHoldHours,
      depositFor: rules && ((price) => reservationDeposit(rules, price)),
    });
    if (!result.ok) {
      if (result.reason === 'unavailable') throw new CarsUnavailableError(result.cars);
      if (result.reason === 'unpaid-limit') throw new UnpaidReservationsLimitError(result.limit);
      if (result.reason === 'no-buyer') throw new BuyerNotFoundError();
      // The same key won a race with this call: answer as a retry after it.
      const first = idempotencyKey ? await this.firstOrder(buyerId, idempotencyKey) : undefined;
      if (!first) throw new OrderInProgressError();
      return first;
    }
    if (payment.method === 'reservation') return result.order;

    const order = result.order;
    this.placing.add(order.id);
    try {
      return await this.charge(order, payment.nonce);
    } finally {
      this.placing.delete(order.id);
    }
  }

  /** Charges a pending card order and settles it: paid, undone, or left pending when the sale's fate is unknown. */
  private async charge(order: Order, nonce: string): Promise<Order> {
    let sale: CardSaleResult;
    try {
      sale = await this.gateway.sale({ amountKes: order.amount, nonce, orderId: order.id });
    } catch (error) {
      // A timeout or 5xx does not prove the card was not charged; refused credentials do (the
      // gateway authenticates before it processes anything), and so do declines.
      if (error instanceof PaymentGatewayError && !(error instanceof PaymentSettingsError)) {
        let found: CardSaleResult | null;
        try {
          found = await this.gateway.findSale(order.id);
        } catch (lookup) {
          this.logger.warn(
            `order ${order.id}: the sale failed without an answer and could not be looked up (${reason(lookup)}): left pending, its cars held, for the reconciliation`,
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
        this.logger.error(`could not undo pending order ${order.id} after a failed sale: ${reason(undo)}`);
      });
      throw error;
    }
    return this.paid(order.id, sale);
  }

  /** Marks a charged pending order paid; a charged order that is gone is an error for the dealer (a refund). */
  private async paid(orderId: string, sale: CardSaleResult): Promise<Order> {
    const order = await this.orders.markPaid(orderId, sale, this.announcePlaced);
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
        this.logger.warn(`pending order ${orderId}: its sale could not be looked up (${reason(error)}): left for the next run`);
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
        this.logger.error(`pending order ${orderId}: could not be settled (${reason(error)}): left for the next run`);
        done.unresolved.push(orderId);
      }
    }
    return done;
  }

  /** The order a key placed before; throws while its card sale is still under way. */
  private async firstOrder(buyerId: string, idempotencyKey: string): Promise<Order | undefined> {
    const first = await this.orders.byIdempotencyKey(buyerId, idempotencyKey);
    if (first?.pending) throw new OrderInProgressError();
    return first?.order;
  }

  /**
   * Asks M-Pesa to prompt `phone` for the deposit of one of the buyer's reservations (M-Pesa
   * Express): a request row first (its callback token hashed), then the push, with the amount
   * from the database and the order number as the account reference. A second tap while a prompt
   * waits gets that request. Each request counts against the account's payment attempts. Daraja
   * refusing or failing fails the request (the buyer may try again) with a 400 or 503.
   */
  async payDeposit(buyerId: string, input: { orderId: string; phone: string }, now = new Date()): Promise<MpesaPayment> {
    if (!this.mpesa.enabled) throw new MpesaPaymentsDisabledError();
    const token = randomBytes(32).toString('base64url');
    const started = await this.orders.startMpesaPayment({
      orderId: input.orderId,
      buyerId,
      phone: input.phone,
      callbackTokenHash: sha256(token),
      now,
      pendingWindowMs: MPESA_PENDING_WINDOW_MS,
    });
    if (!started.ok) {
      if (started.reason === 'waiting') return started.payment;
      if (started.reason === 'not-found') throw new OrderNotFoundError(input.orderId);
      throw new DepositNotDueError(started.reason);
    }
    const payment = started.payment;
    try {
      await this.throttle.beginPayment(buyerId, now);
    } catch (error) {
      await this.orders.failPush(payment.id, now, 'throttled', 'Too many payment attempts; nothing was requested. Please try again later.');
      throw error;
    }
    try {
      const push = await this.mpesa.stkPush({
        amountKes: payment.amount,
        phone: payment.phone,
        accountReference: orderNumber(payment.orderId),
        description: 'Car deposit',
        callbackToken: token,
      });
      await this.orders.recordPush(payment.id, { checkoutRequestId: push.checkoutRequestId, merchantRequestId: push.merchantRequestId });
      this.logger.log(`order ${payment.orderId}: M-Pesa deposit of KES ${payment.amount} requested (${push.checkoutRequestId})`);
      return payment;
    } catch (error) {
      const detail = error instanceof Error ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}` : String(error);
      this.logger.warn(`order ${payment.orderId}: the M-Pesa push failed: ${detail}`);
      await this.orders.failPush(payment.id, now, detail, error instanceof Error ? error.message : 'M-Pesa could not send the request');
      throw error;
    }
  }

  /**
   * One of the buyer's M-Pesa requests, as the page polls it while the buyer enters their PIN. A
   * request whose callback is late is asked after here (at most every 15 s across instances).
   */
  async mpesaPayment(buyerId: string, paymentId: string, now = new Date()): Promise<MpesaPayment> {
    const payment = await this.orders.mpesaPaymentOf(buyerId, paymentId);
    if (!payment) throw new OrderNotFoundError(paymentId);
    const { checkoutRequestId, lastQueriedAt, ...shown } = payment;
    if (shown.state !== 'pending' || !checkoutRequestId || now.getTime() - Date.parse(shown.requestedAt) < MPESA_QUERY_AFTER_MS) return shown;
    if (lastQueriedAt && now.getTime() - lastQueriedAt.getTime() < MPESA_QUERY_EVERY_MS) return shown;
    return (await this.queryMpesa(paymentId, checkoutRequestId, Date.parse(shown.requestedAt), now)) ?? shown;
  }

  /**
   * Daraja's callback for the push whose secret is `token`: trusted only when the token and its
   * `CheckoutRequestID` name one request of ours; settled once (a repeat changes nothing). Never
   * throws: Daraja gets its acknowledgement whatever the body was.
   */
  async mpesaCallback(token: string, body: unknown, now = new Date()): Promise<void> {
    const callback = parseStkCallback(body);
    if (!callback || !/^[A-Za-z0-9_-]{43}$/.test(token)) {
      this.logger.warn('M-Pesa callback ignored: not a callback of ours (unknown token or unreadable body)');
      return;
    }
    try {
      const settled = await this.settleMpesa({ callbackTokenHash: sha256(token), checkoutRequestId: callback.checkoutRequestId }, 'callback', callback, now);
      if (settled.outcome === 'unmatched') this.logger.warn(`M-Pesa callback ignored: ${callback.checkoutRequestId} is not a request of ours`);
      else if (settled.outcome === 'duplicate') this.logger.log(`M-Pesa callback for ${callback.checkoutRequestId} repeated: already settled`);
    } catch (error) {
      // Daraja does not retry; the status query settles it.
      this.logger.error(`M-Pesa callback for ${callback.checkoutRequestId} could not be recorded (${reason(error)}): the status query will settle it`);
    }
  }

  /**
   * The query job: asks Daraja about every request still waiting after 20 s whose callback has not
   * come (at most every 15 s each), and fails those waiting longer than ten minutes or whose push
   * never got an answer. Once per period across instances.
   */
  async queryWaitingMpesa(now = new Date()): Promise<{ settled: string[]; waiting: string[] }> {
    const done = { settled: [] as string[], waiting: [] as string[] };
    if (!this.mpesa.enabled) return done;
    const due = await this.orders.waitingMpesaPayments(new Date(now.getTime() - MPESA_QUERY_AFTER_MS), new Date(now.getTime() - MPESA_QUERY_EVERY_MS), 50);
    for (const request of due) {
      const settled = request.checkoutRequestId
        ? await this.queryMpesa(request.id, request.checkoutRequestId, request.createdAt.getTime(), now).catch((error: unknown) => {
            this.logger.warn(`M-Pesa request ${request.id}: status query failed (${reason(error)})`);
            return undefined;
          })
        : undefined;
      if (settled && settled.state !== 'pending') done.settled.push(request.id);
      else done.waiting.push(request.id);
    }
    return done;
  }

  /** Asks Daraja about one request (claimed so two instances or polls do not both ask) and settles it when it has finished. */
  private async queryMpesa(paymentId: string, checkoutRequestId: string, requestedAt: number, now: Date): Promise<MpesaPayment | undefined> {
    if (!(await this.orders.claimQuery(paymentId, now, new Date(now.getTime() - MPESA_QUERY_EVERY_MS)))) return undefined;
    let result: Awaited<ReturnType<MpesaGateway['stkQuery']>>;
    try {
      result = await this.mpesa.stkQuery(checkoutRequestId);
    } catch (error) {
      this.logger.warn(`M-Pesa request ${paymentId}: status query failed (${reason(error)}): asked again later`);
      return undefined;
    }
    if (result.state === 'pending') {
      if (now.getTime() - requestedAt < MPESA_GIVE_UP_MS) return undefined;
      const settled = await this.settleMpesa(
        { paymentId },
        'query',
        { resultCode: 1037, resultDesc: 'No result from M-Pesa within ten minutes', message: MPESA_NO_RESULT_MESSAGE },
        now,
      );
      return settled.outcome === 'unmatched' ? undefined : settled.payment;
    }
    const settled = await this.settleMpesa({ paymentId }, 'query', { resultCode: result.resultCode, resultDesc: result.resultDesc }, now);
    return settled.outcome === 'unmatched' ? undefined : settled.payment;
  }

  /** Records a result (callback or query) with the rules in force; a paid deposit tells the buyer and the staff in its transaction. */
  private async settleMpesa(
    match: { callbackTokenHash: string; checkoutRequestId: string } | { paymentId: string },
    by: 'callback' | 'query',
    result: { resultCode: number; resultDesc: string; receipt?: string; amountKes?: number; phone?: string; message?: string },
    now: Date,
  ) {
    const rules = await this.settings.reservationRules(now);
    const settled = await this.orders.settleMpesa({
      match,
      by,
      result: { ...result, message: result.message ?? mpesaResultMessage(result.resultCode) },
      now,
      paidHoldDays: rules.paidHoldDays,
      mismatchMessage: MPESA_MISMATCH_MESSAGE,
      onPaid: this.announceDeposit,
    });
    if (settled.outcome === 'mismatch') {
      this.logger.error(`M-Pesa request ${settled.payment.id} (order ${settled.payment.orderId}) not trusted: ${settled.problem}`);
      const order = await this.orders.byId(settled.payment.orderId);
      if (order) await this.orders.inTransaction((tx) => this.alertStaffAboutDeposit(tx, order, settled.payment, settled.problem));
    } else if (settled.outcome === 'paid') {
      this.logger.log(`order ${settled.order.id}: deposit paid by M-Pesa (${settled.payment.receipt ?? 'receipt to follow'}, by ${by})`);
      if (settled.problem) this.logger.error(`order ${settled.order.id}: ${settled.problem}`);
    } else if (settled.outcome === 'failed') {
      this.logger.log(`order ${settled.payment.orderId}: M-Pesa request ${settled.payment.id} finished unpaid (${result.resultCode} ${result.resultDesc})`);
    }
    return settled;
  }

  /** A paid deposit: the buyer gets its receipt and the new hold, the staff an alert (with what to check when it cannot be applied as it is). */
  private readonly announceDeposit = async (tx: Transaction, order: Order, payment: MpesaPayment, problem?: string) => {
    await this.alertStaffAboutDeposit(tx, order, payment, problem);
    if (problem) return;
    const site = this.outbox.site;
    const email = order.buyer ? await this.orders.buyerEmail(tx, order.buyer.id) : undefined;
    await this.outbox.enqueue(tx, [
      ...(email ? [emailMessage(email, 'order.deposit', await buyerDepositEmail(order, payment.receipt, site), { reference: payment.id })] : []),
      smsMessage(payment.phone, 'order.deposit', buyerDepositSms(order, payment.receipt, site), { reference: payment.id }),
    ]);
  };

  /** The staff hear of a paid deposit, or of an M-Pesa payment to check by hand (`problem`). */
  private async alertStaffAboutDeposit(tx: Transaction, order: Order, payment: MpesaPayment, problem?: string): Promise<void> {
    const site = this.outbox.site;
    await this.outbox.alertStaff(tx, {
      topic: 'order.deposit-staff',
      reference: payment.id,
      email: await staffDepositEmail(order, payment, site, problem),
      sms: staffDepositSms(order, payment, problem),
    });
  }

  /**
   * Any of the legacy statuses may follow any other (the spec shows no transition rule); the
   * order's cars move with it in the same transaction (cancel: Available, deliverd: Sold, else
   * Reserved), and the change is an audit-log row.
   */
  async setStatus({ orderId, status }: OrderSetStatusInput, actor: AuditActor): Promise<Order> {
    const result = await this.orders.setStatus(orderId, status, this.announceStatus);
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
