import type { MpesaPayment, Order } from '@dealership/order-schemas';
import { mpesaPayments, orders } from '@dealership/order-data';
import { type Alongside, type Database, DB, type Transaction } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { type PayableDue, Payables } from './payables';
import { CLOSED_STATUSES, KENYAN_PHONE_PATTERN, loadOrder, placed, toMpesaPayment } from './order-rows';

/** What asking for a deposit came to. */
export type StartMpesaResult =
  | { ok: true; payment: MpesaPayment }
  | { ok: false; reason: 'not-found' | 'no-deposit' | 'paid' | 'closed' }
  /** A request made moments ago still waits for the buyer's PIN. */
  | { ok: false; reason: 'waiting'; payment: MpesaPayment };

/** What asking for a registered payable's amount due came to. */
export type StartPayableResult =
  | { ok: true; payment: MpesaPayment; due: PayableDue }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'nothing-due'; message: string }
  | { ok: false; reason: 'waiting'; payment: MpesaPayment };

/** A paid deposit as its `alongside` work gets it; `problem` when the staff must settle it by hand. */
export interface DepositPaid {
  order: Order;
  payment: MpesaPayment;
  problem?: string;
}

/** One M-Pesa result to record: from our callback (matched by its token and CheckoutRequestID) or our status query. */
export interface MpesaSettlement {
  match: { callbackTokenHash: string; checkoutRequestId: string } | { paymentId: string };
  /** Who settles it: Daraja's callback, our status query, a push Daraja refused, or our giving up on a request with no result (`gave-up`). */
  by: 'callback' | 'query' | 'push' | 'gave-up';
  result: { resultCode: number; resultDesc: string; receipt?: string; amountKes?: number; phone?: string; message: string };
  now: Date;
  /** Days a paid deposit holds the cars (the rules in force). */
  paidHoldDays: number;
  /** What the buyer reads when the paid amount or number is not what we asked. */
  mismatchMessage: string;
  /** Runs in the transaction once the deposit is paid (the messages). */
  alongside?: Alongside<DepositPaid>;
}

export type MpesaSettleResult =
  | { outcome: 'unmatched' }
  | { outcome: 'duplicate' | 'receipt-added' | 'failed' | 'unconfirmed'; payment: MpesaPayment }
  /** Not applied: the staff settle it by hand (`payable`: another domain's, which tells them). */
  | { outcome: 'mismatch'; payment: MpesaPayment; problem: string; payable?: { kind: string; id: string } }
  | { outcome: 'paid'; payment: MpesaPayment; order: Order; problem?: string }
  /** A registered payable's request paid (its domain recorded the money in the same transaction). */
  | { outcome: 'payable-paid'; payment: MpesaPayment; payable: { kind: string; id: string } };

/** M-Pesa deposit requests: started, pushed, queried and settled, each once. */
@Injectable()
export class MpesaPaymentRepository {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly payables: Payables,
  ) {}

  /**
   * Starts an M-Pesa request for the deposit of one of the buyer's reservations, in one transaction
   * with the order locked: the reservation must be placed, open (not cancelled or delivered), with
   * a deposit due and unpaid. A request already waiting for the buyer's PIN (made within
   * `pendingWindowMs`) is returned instead of a second prompt (a double tap).
   */
  async startMpesaPayment(request: { orderId: string; buyerId: string; phone: string; callbackTokenHash: string; now: Date; pendingWindowMs: number }): Promise<StartMpesaResult> {
    return this.db.transaction(async (tx): Promise<StartMpesaResult> => {
      const [order] = await tx
        .select({ id: orders.id, status: orders.status, method: orders.paymentMethod, deposit: orders.deposit, depositPaidAt: orders.depositPaidAt })
        .from(orders)
        .where(and(eq(orders.id, request.orderId), eq(orders.buyerId, request.buyerId), placed()))
        .for('update');
      if (!order) return { ok: false, reason: 'not-found' };
      if (order.method !== 'reservation' || order.deposit === null || order.deposit <= 0) return { ok: false, reason: 'no-deposit' };
      if (order.depositPaidAt !== null) return { ok: false, reason: 'paid' };
      if (CLOSED_STATUSES.includes(order.status)) return { ok: false, reason: 'closed' };
      const [waiting] = await tx
        .select()
        .from(mpesaPayments)
        .where(and(eq(mpesaPayments.orderId, order.id), eq(mpesaPayments.state, 'pending'), gt(mpesaPayments.createdAt, new Date(request.now.getTime() - request.pendingWindowMs))))
        .orderBy(desc(mpesaPayments.createdAt))
        .limit(1);
      if (waiting) return { ok: false, reason: 'waiting', payment: toMpesaPayment(waiting) };
      const [row] = await tx
        .insert(mpesaPayments)
        .values({ orderId: order.id, amount: order.deposit, phone: request.phone, callbackTokenHash: request.callbackTokenHash })
        .returning();
      return { ok: true, payment: toMpesaPayment(row) };
    });
  }

  /**
   * Starts an M-Pesa request for what is due on a registered payable (`kind`, `id`), in one
   * transaction with the payable locked by its domain (`Payable.due`); a request for it still
   * waiting for the PIN (made within `pendingWindowMs`) is returned instead of a second prompt.
   */
  async startPayableMpesaPayment(request: { kind: string; id: string; phone: string; callbackTokenHash: string; now: Date; pendingWindowMs: number }): Promise<StartPayableResult> {
    return this.db.transaction(async (tx): Promise<StartPayableResult> => {
      const due = await this.payables.of(request.kind).due(tx, request.id, request.now);
      if (!due) return { ok: false, reason: 'not-found' };
      if ('nothingDue' in due) return { ok: false, reason: 'nothing-due', message: due.nothingDue };
      const [waiting] = await tx
        .select()
        .from(mpesaPayments)
        .where(
          and(
            eq(mpesaPayments.payableKind, request.kind),
            eq(mpesaPayments.payableId, request.id),
            eq(mpesaPayments.state, 'pending'),
            gt(mpesaPayments.createdAt, new Date(request.now.getTime() - request.pendingWindowMs)),
          ),
        )
        .orderBy(desc(mpesaPayments.createdAt))
        .limit(1);
      if (waiting) return { ok: false, reason: 'waiting', payment: toMpesaPayment(waiting) };
      const [row] = await tx
        .insert(mpesaPayments)
        .values({ payableKind: request.kind, payableId: request.id, amount: due.amountKes, phone: request.phone, callbackTokenHash: request.callbackTokenHash })
        .returning();
      return { ok: true, payment: toMpesaPayment(row), due };
    });
  }

  /** A payable's buyer is forgotten: its requests keep no phone number, in the caller's transaction; the requests changed. */
  async forgetPayable(tx: Transaction, kind: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .update(mpesaPayments)
      .set({ phone: '', resultDesc: sql`regexp_replace(${mpesaPayments.resultDesc}, ${KENYAN_PHONE_PATTERN}, '(removed)', 'g')` })
      .where(and(eq(mpesaPayments.payableKind, kind), inArray(mpesaPayments.payableId, ids)))
      .returning({ id: mpesaPayments.id });
    return rows.map((row) => row.id);
  }

  /** Daraja accepted the push: its ids, which the callback and the query are matched by. */
  async recordPush(paymentId: string, push: { checkoutRequestId: string; merchantRequestId: string }): Promise<void> {
    await this.db.update(mpesaPayments).set(push).where(eq(mpesaPayments.id, paymentId));
  }

  /**
   * The push never reached the buyer (Daraja refused it, failed, or did not answer): the request
   * fails with `message`, unless a callback that overtook the reply settled it already.
   */
  async failPush(paymentId: string, now: Date, detail: string, message: string): Promise<void> {
    await this.db
      .update(mpesaPayments)
      .set({ state: 'failed', settledBy: 'push', finishedAt: now, resultDesc: detail.slice(0, 500), message })
      .where(and(eq(mpesaPayments.id, paymentId), eq(mpesaPayments.state, 'pending')));
  }

  /** One of the buyer's M-Pesa requests (undefined for another buyer's). */
  async mpesaPaymentOf(buyerId: string, paymentId: string): Promise<(MpesaPayment & { checkoutRequestId: string | null; lastQueriedAt: Date | null }) | undefined> {
    const [row] = await this.db
      .select({ payment: mpesaPayments })
      .from(mpesaPayments)
      .innerJoin(orders, eq(orders.id, mpesaPayments.orderId))
      .where(and(eq(mpesaPayments.id, paymentId), eq(orders.buyerId, buyerId)));
    return row && { ...toMpesaPayment(row.payment), checkoutRequestId: row.payment.checkoutRequestId, lastQueriedAt: row.payment.lastQueriedAt };
  }

  /** One of a registered payable's M-Pesa requests (undefined for any other). */
  async payablePaymentOf(kind: string, id: string, paymentId: string): Promise<(MpesaPayment & { checkoutRequestId: string | null; lastQueriedAt: Date | null }) | undefined> {
    const [row] = await this.db
      .select()
      .from(mpesaPayments)
      .where(and(eq(mpesaPayments.id, paymentId), eq(mpesaPayments.payableKind, kind), eq(mpesaPayments.payableId, id)));
    return row && { ...toMpesaPayment(row), checkoutRequestId: row.checkoutRequestId, lastQueriedAt: row.lastQueriedAt };
  }

  /** Requests still waiting: pushed before `pushedBefore` and not queried since `queriedBefore` (the query job's work), oldest first. */
  async waitingMpesaPayments(pushedBefore: Date, queriedBefore: Date, limit: number): Promise<{ id: string; checkoutRequestId: string | null; createdAt: Date }[]> {
    return this.db
      .select({ id: mpesaPayments.id, checkoutRequestId: mpesaPayments.checkoutRequestId, createdAt: mpesaPayments.createdAt })
      .from(mpesaPayments)
      .where(
        and(
          eq(mpesaPayments.state, 'pending'),
          lt(mpesaPayments.createdAt, pushedBefore),
          or(isNull(mpesaPayments.lastQueriedAt), lt(mpesaPayments.lastQueriedAt, queriedBefore)),
        ),
      )
      .orderBy(asc(mpesaPayments.createdAt))
      .limit(limit);
  }

  /** Claims a waiting request for one status query (false when another instance or poll just asked). */
  async claimQuery(paymentId: string, now: Date, queriedBefore: Date): Promise<boolean> {
    const rows = await this.db
      .update(mpesaPayments)
      .set({ lastQueriedAt: now })
      .where(
        and(
          eq(mpesaPayments.id, paymentId),
          eq(mpesaPayments.state, 'pending'),
          or(isNull(mpesaPayments.lastQueriedAt), lt(mpesaPayments.lastQueriedAt, queriedBefore)),
        ),
      )
      .returning({ id: mpesaPayments.id });
    return rows.length > 0;
  }

  /**
   * Settles one M-Pesa request with its result, once (the request row is locked; a request no
   * longer pending is left as it is, so a repeated callback changes nothing). `match` is either
   * the callback's token hash and `CheckoutRequestID` (both must be ours, of one request) or a
   * request id (a status query we made). A callback whose paid amount or number differs from what
   * we asked is not trusted: the request fails for the buyer and the staff check it by hand.
   * Paid: the order's deposit is paid and its cars held for `paidHoldDays` from now; `alongside`
   * runs in the same transaction.
   */
  async settleMpesa(settlement: MpesaSettlement): Promise<MpesaSettleResult> {
    return this.db.transaction(async (tx): Promise<MpesaSettleResult> => {
      const { match, result, now } = settlement;
      const [row] = await tx
        .select()
        .from(mpesaPayments)
        .where('paymentId' in match ? eq(mpesaPayments.id, match.paymentId) : eq(mpesaPayments.callbackTokenHash, match.callbackTokenHash))
        .for('update');
      if (!row) return { outcome: 'unmatched' };
      if ('checkoutRequestId' in match) {
        // The token is ours; the push it names must be this one. A push whose ids are not recorded
        // is the exception: its answer never came, or the callback overtook it (Daraja calls back
        // while our request for its reply is still in flight). The token alone is this payment's.
        if (row.checkoutRequestId !== null && row.checkoutRequestId !== match.checkoutRequestId) return { outcome: 'unmatched' };
      }
      const payment = toMpesaPayment(row);
      // A failed request may still be paid: its push had no answer (Daraja prompted all the same), or
      // we gave up waiting before M-Pesa answered. The money is in: it is applied as any deposit,
      // the staff told (and asked to settle it by hand if the order closed meanwhile).
      const answeredLate = row.state === 'failed' && (row.settledBy === 'push' || row.settledBy === 'gave-up') && result.resultCode === 0;
      if (row.state !== 'pending' && !answeredLate) {
        // Settled before: a repeated callback. A payment confirmed by a query gets its receipt from the callback that follows.
        if (row.state === 'paid' && row.receipt === null && result.resultCode === 0 && result.receipt && 'checkoutRequestId' in match) {
          await tx.update(mpesaPayments).set({ receipt: result.receipt }).where(eq(mpesaPayments.id, row.id));
          return { outcome: 'receipt-added', payment: { ...payment, receipt: result.receipt } };
        }
        return { outcome: 'duplicate', payment };
      }
      const finished = { finishedAt: now, resultCode: result.resultCode, resultDesc: result.resultDesc.slice(0, 500), settledBy: settlement.by };
      if (result.resultCode !== 0) {
        const [failed] = await tx
          .update(mpesaPayments)
          .set({ ...finished, state: 'failed', message: result.message })
          .where(eq(mpesaPayments.id, row.id))
          .returning();
        return { outcome: 'failed', payment: toMpesaPayment(failed) };
      }
      // A success callback must name the payer's number and the receipt: without them its only proof
      // is the secret in its path, which a proxy's log could have leaked. It stays pending until our
      // own status query to Daraja confirms it (the query job asks after 20 s).
      if (settlement.by === 'callback' && (result.phone === undefined || !result.receipt)) return { outcome: 'unconfirmed', payment };
      const paidPhone = result.phone === undefined ? undefined : `+${result.phone.replace(/^\+/, '')}`;
      // A callback must report the amount we asked (a status query reports none: it is our own question about our own request).
      const amountDiffers = settlement.by === 'callback' ? result.amountKes !== row.amount : false;
      if (amountDiffers || (paidPhone !== undefined && paidPhone !== row.phone)) {
        const problem = `M-Pesa reported KES ${result.amountKes ?? '?'} from ${paidPhone ?? '?'} (receipt ${result.receipt ?? '?'}), but we asked KES ${row.amount} from ${row.phone}`;
        const [failed] = await tx
          .update(mpesaPayments)
          .set({ ...finished, state: 'failed', resultDesc: problem, message: settlement.mismatchMessage })
          .where(eq(mpesaPayments.id, row.id))
          .returning();
        const payable = row.orderId === null && row.payableKind && row.payableId ? { kind: row.payableKind, id: row.payableId } : undefined;
        if (payable) await this.payables.of(payable.kind).toCheck(tx, payable.id, { requestId: row.id, amountKes: row.amount, phone: row.phone, receipt: result.receipt ?? null }, problem);
        return { outcome: 'mismatch', payment: toMpesaPayment(failed), problem, payable };
      }
      const [paid] = await tx
        .update(mpesaPayments)
        .set({ ...finished, state: 'paid', receipt: result.receipt ?? null, message: result.message })
        .where(eq(mpesaPayments.id, row.id))
        .returning();
      if (row.orderId === null) {
        // Another domain's payable (the check constraint: kind and id are set): it records the money here.
        const payable = { kind: row.payableKind ?? '', id: row.payableId ?? '' };
        await this.payables.of(payable.kind).paid(tx, payable.id, { requestId: paid.id, amountKes: paid.amount, method: 'mpesa', reference: paid.receipt }, now);
        return { outcome: 'payable-paid', payment: toMpesaPayment(paid), payable };
      }
      const orderId = row.orderId;
      const [order] = await tx
        .update(orders)
        .set({ depositPaidAt: now, holdExpiresAt: new Date(now.getTime() + settlement.paidHoldDays * 86_400_000), remindedAt: null })
        .where(and(eq(orders.id, orderId), isNull(orders.depositPaidAt)))
        .returning({ status: orders.status });
      const placedOrder = (await loadOrder(tx, orderId)) as Order;
      // Paid twice (two prompts both answered), or for an order closed meanwhile: the money is in, the staff settle it by hand.
      const problem = !order
        ? `A second deposit was paid for this order (receipt ${paid.receipt ?? 'to follow'}): refund one of them`
        : CLOSED_STATUSES.includes(order.status)
          ? `The deposit was paid (receipt ${paid.receipt ?? 'to follow'}) after the order was ${order.status === 'cancel' ? 'cancelled' : 'delivered'}: call the buyer to reinstate or refund it`
          : undefined;
      await settlement.alongside?.(tx, { order: placedOrder, payment: toMpesaPayment(paid), problem });
      return { outcome: 'paid', payment: toMpesaPayment(paid), order: placedOrder, problem };
    });
  }
}
