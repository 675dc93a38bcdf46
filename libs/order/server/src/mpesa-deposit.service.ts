import { type MpesaPayment, orderNumber } from '@dealership/order-schemas';
import { OrderThrottle } from '@dealership/server-auth';
import { PeriodicJobs, type Transaction } from '@dealership/server-db';
import {
  MPESA_GATEWAY,
  type MpesaGateway,
  MpesaPaymentsDisabledError,
  type MpesaPushRequest,
  MpesaRejectedError,
  mpesaResultMessage,
  mpesaResultOutcome,
  parseStkCallback,
  type StkPushAccepted,
} from '@dealership/server-payment';
import { SettingService } from '@dealership/setting-server';
import { DomainError, ErrorCode } from '@dealership/shared-schemas';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { MpesaMetrics } from './mpesa-metrics';
import { MpesaPaymentRepository } from './mpesa-payment.repository';
import { OrderAnnouncements } from './order-announcements';
import { DepositNotDueError, errorText, OrderNotFoundError, PayableNotFoundError } from './order.errors';
import { OrderRepository } from './order.repository';

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

/** Reservation deposits by M-Pesa Express (Daraja): the push, the buyer's polling, the callback and the status queries. */
@Injectable()
export class MpesaDepositService implements OnModuleInit {
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly payments: MpesaPaymentRepository,
    private readonly orders: OrderRepository,
    private readonly announce: OrderAnnouncements,
    @Inject(MPESA_GATEWAY) private readonly mpesa: MpesaGateway,
    private readonly throttle: OrderThrottle,
    private readonly settings: SettingService,
    private readonly jobs: PeriodicJobs,
    private readonly metrics: MpesaMetrics,
  ) {}

  onModuleInit() {
    // Once per period across every instance on the database.
    this.jobs.every('order.mpesa-query', MPESA_QUERY_INTERVAL_MS, () =>
      this.queryWaitingMpesa().catch((error: unknown) => this.logger.warn(`M-Pesa status queries failed: ${errorText(error)}`)),
    );
  }

  /** Whether M-Pesa payments are configured. */
  get enabled(): boolean {
    return this.mpesa.enabled;
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
    const started = await this.payments.startMpesaPayment({
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
    return this.push(started.payment, token, buyerId, now, { accountReference: orderNumber(input.orderId), description: 'Car deposit', about: `order ${input.orderId}` });
  }

  /**
   * Asks M-Pesa to prompt `phone` for what is due on a registered payable (`Payables`: an
   * import's deposit or balance), with the same rules as a deposit: the amount from the database,
   * one prompt for a double tap, the attempts counted against `throttleKey`, and the same callback,
   * status queries and settlement.
   */
  async payPayable(kind: string, id: string, phone: string, throttleKey: string, now = new Date()): Promise<MpesaPayment> {
    if (!this.mpesa.enabled) throw new MpesaPaymentsDisabledError();
    const token = randomBytes(32).toString('base64url');
    const started = await this.payments.startPayableMpesaPayment({ kind, id, phone, callbackTokenHash: sha256(token), now, pendingWindowMs: MPESA_PENDING_WINDOW_MS });
    if (!started.ok) {
      if (started.reason === 'waiting') return started.payment;
      if (started.reason === 'not-found') throw new PayableNotFoundError(`${kind} ${id}`);
      throw new DomainError(ErrorCode.Conflict, started.message);
    }
    return this.push(started.payment, token, throttleKey, now, { ...started.due, about: `${kind} ${id}` });
  }

  /** One of a payable's M-Pesa requests, as its page polls it (asked after at Daraja as `mpesaPayment` does). */
  async payablePayment(kind: string, id: string, paymentId: string, now = new Date()): Promise<MpesaPayment> {
    const payment = await this.payments.payablePaymentOf(kind, id, paymentId);
    if (!payment) throw new PayableNotFoundError(`M-Pesa request ${paymentId}`);
    return this.polled(payment, now);
  }

  /** A payable's buyer is forgotten (their data erased or past retention): its M-Pesa requests keep no number; the requests changed. */
  forgetPayable(tx: Transaction, kind: string, ids: string[]): Promise<string[]> {
    return this.payments.forgetPayable(tx, kind, ids);
  }

  /** Counts the attempt and sends the push of a request just written; a refused or failed push fails the request. */
  private async push(payment: MpesaPayment, token: string, throttleKey: string, now: Date, what: { accountReference: string; description: string; about: string }): Promise<MpesaPayment> {
    try {
      await this.throttle.beginPayment(throttleKey, now);
    } catch (error) {
      await this.payments.failPush(payment.id, now, 'throttled', 'Too many payment attempts; nothing was requested. Please try again later.');
      throw error;
    }
    try {
      const push = await this.stkPush({
        amountKes: payment.amount,
        phone: payment.phone,
        accountReference: what.accountReference,
        description: what.description,
        callbackToken: token,
      });
      await this.payments.recordPush(payment.id, { checkoutRequestId: push.checkoutRequestId, merchantRequestId: push.merchantRequestId });
      this.logger.log(`${what.about}: M-Pesa payment of KES ${payment.amount} requested (${push.checkoutRequestId})`);
      return payment;
    } catch (error) {
      const detail = error instanceof Error ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}` : String(error);
      this.logger.warn(`${what.about}: the M-Pesa push failed: ${detail}`);
      await this.payments.failPush(payment.id, now, detail, error instanceof Error ? error.message : 'M-Pesa could not send the request');
      throw error;
    }
  }

  /** Daraja's STK push, counted by its outcome. */
  private async stkPush(request: MpesaPushRequest): Promise<StkPushAccepted> {
    try {
      const accepted = await this.mpesa.stkPush(request);
      this.metrics.count('push', 'accepted');
      return accepted;
    } catch (error) {
      this.metrics.count('push', error instanceof MpesaRejectedError ? 'rejected' : 'failed');
      throw error;
    }
  }

  /**
   * One of the buyer's M-Pesa requests, as the page polls it while the buyer enters their PIN. A
   * request whose callback is late is asked after here (at most every 15 s across instances).
   */
  async mpesaPayment(buyerId: string, paymentId: string, now = new Date()): Promise<MpesaPayment> {
    const payment = await this.payments.mpesaPaymentOf(buyerId, paymentId);
    if (!payment) throw new OrderNotFoundError(paymentId);
    return this.polled(payment, now);
  }

  /** A request as a poll shows it: a late one (no result after 20 s) is asked after at Daraja, at most every 15 s. */
  private async polled(payment: MpesaPayment & { checkoutRequestId: string | null; lastQueriedAt: Date | null }, now: Date): Promise<MpesaPayment> {
    const { checkoutRequestId, lastQueriedAt, ...shown } = payment;
    if (shown.state !== 'pending' || !checkoutRequestId || now.getTime() - Date.parse(shown.requestedAt) < MPESA_QUERY_AFTER_MS) return shown;
    if (lastQueriedAt && now.getTime() - lastQueriedAt.getTime() < MPESA_QUERY_EVERY_MS) return shown;
    return (await this.queryMpesa(shown.id, checkoutRequestId, Date.parse(shown.requestedAt), now)) ?? shown;
  }

  /**
   * Daraja's callback for the push whose secret is `token`: trusted only when the token and its
   * `CheckoutRequestID` name one request of ours; settled once (a repeat changes nothing). Never
   * throws: Daraja gets its acknowledgement whatever the body was.
   */
  async mpesaCallback(token: string, body: unknown, now = new Date()): Promise<void> {
    const callback = parseStkCallback(body);
    if (!callback || !/^[A-Za-z0-9_-]{43}$/.test(token)) {
      this.metrics.count('callback', 'ignored');
      this.logger.warn('M-Pesa callback ignored: not a callback of ours (unknown token or unreadable body)');
      return;
    }
    try {
      const settled = await this.settleMpesa({ callbackTokenHash: sha256(token), checkoutRequestId: callback.checkoutRequestId }, 'callback', callback, now);
      this.metrics.count(
        'callback',
        settled.outcome === 'unmatched' ? 'ignored' : settled.outcome === 'mismatch' || settled.outcome === 'unconfirmed' ? 'untrusted' : mpesaResultOutcome(callback.resultCode),
      );
      if (settled.outcome === 'unmatched') this.logger.warn(`M-Pesa callback ignored: ${callback.checkoutRequestId} is not a request of ours`);
      else if (settled.outcome === 'duplicate') this.logger.log(`M-Pesa callback for ${callback.checkoutRequestId} repeated: already settled`);
      else if (settled.outcome === 'unconfirmed')
        this.logger.warn(`M-Pesa callback for ${callback.checkoutRequestId} reported success without the payer's number or the receipt: left for the status query to confirm`);
    } catch (error) {
      this.metrics.count('callback', 'error');
      // Daraja does not retry; the status query settles it.
      this.logger.error(`M-Pesa callback for ${callback.checkoutRequestId} could not be recorded (${errorText(error)}): the status query will settle it`);
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
    const due = await this.payments.waitingMpesaPayments(new Date(now.getTime() - MPESA_QUERY_AFTER_MS), new Date(now.getTime() - MPESA_QUERY_EVERY_MS), 50);
    for (const request of due) {
      const settled = request.checkoutRequestId
        ? await this.queryMpesa(request.id, request.checkoutRequestId, request.createdAt.getTime(), now).catch((error: unknown) => {
            this.logger.warn(`M-Pesa request ${request.id}: status query failed (${errorText(error)})`);
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
    if (!(await this.payments.claimQuery(paymentId, now, new Date(now.getTime() - MPESA_QUERY_EVERY_MS)))) return undefined;
    let result: Awaited<ReturnType<MpesaGateway['stkQuery']>>;
    try {
      result = await this.mpesa.stkQuery(checkoutRequestId);
    } catch (error) {
      this.metrics.count('query', 'failed');
      this.logger.warn(`M-Pesa request ${paymentId}: status query failed (${errorText(error)}): asked again later`);
      return undefined;
    }
    this.metrics.count('query', result.state === 'pending' ? 'pending' : mpesaResultOutcome(result.resultCode));
    if (result.state === 'pending') {
      if (now.getTime() - requestedAt < MPESA_GIVE_UP_MS) return undefined;
      const settled = await this.settleMpesa(
        { paymentId },
        'gave-up',
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
    by: 'callback' | 'query' | 'gave-up',
    result: { resultCode: number; resultDesc: string; receipt?: string; amountKes?: number; phone?: string; message?: string },
    now: Date,
  ) {
    const rules = await this.settings.reservationRules(now);
    const settled = await this.payments.settleMpesa({
      match,
      by,
      result: { ...result, message: result.message ?? mpesaResultMessage(result.resultCode) },
      now,
      paidHoldDays: rules.paidHoldDays,
      mismatchMessage: MPESA_MISMATCH_MESSAGE,
      alongside: this.announce.deposit,
    });
    if (settled.outcome === 'mismatch') {
      this.logger.error(`M-Pesa request ${settled.payment.id} (${settled.payment.orderId ? `order ${settled.payment.orderId}` : 'a payable'}) not trusted: ${settled.problem}`);
      const order = settled.payment.orderId ? await this.orders.byId(settled.payment.orderId) : undefined;
      if (order) await this.orders.inTransaction((tx) => this.announce.staffDeposit(tx, order, settled.payment, settled.problem));
    } else if (settled.outcome === 'paid') {
      this.logger.log(`order ${settled.order.id}: deposit paid by M-Pesa (${settled.payment.receipt ?? 'receipt to follow'}, by ${by})`);
      if (settled.problem) this.logger.error(`order ${settled.order.id}: ${settled.problem}`);
    } else if (settled.outcome === 'payable-paid') {
      this.logger.log(`${settled.payable.kind} ${settled.payable.id}: KES ${settled.payment.amount} paid by M-Pesa (${settled.payment.receipt ?? 'receipt to follow'}, by ${by})`);
    } else if (settled.outcome === 'failed') {
      this.logger.log(`${settled.payment.orderId ? `order ${settled.payment.orderId}` : 'payable'}: M-Pesa request ${settled.payment.id} finished unpaid (${result.resultCode} ${result.resultDesc})`);
    }
    return settled;
  }
}
