import { payableCardPayments } from '@dealership/order-data';
import { type Database, DB } from '@dealership/server-db';
import type { CardSaleResult } from '@dealership/server-payment';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, lt } from 'drizzle-orm';
import { Payables } from './payables';

/** What starting a card sale for a payable came to. */
export type StartPayableCardResult =
  | { ok: true; paymentId: string; amountKes: number }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'nothing-due' | 'in-progress'; message: string };

/** Card sales for registered payables (`Payables`): written before the sale, settled once. */
@Injectable()
export class PayableCardPaymentRepository {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly payables: Payables,
  ) {}

  /**
   * What is due, read with the payable locked by its domain, and the sale's row: one at a time per
   * payable (a second submit while one is under way or unconfirmed is refused, never charged twice).
   */
  async start(kind: string, id: string, now: Date): Promise<StartPayableCardResult> {
    return this.db.transaction(async (tx): Promise<StartPayableCardResult> => {
      const due = await this.payables.of(kind).due(tx, id, now);
      if (!due) return { ok: false, reason: 'not-found' };
      if ('nothingDue' in due) return { ok: false, reason: 'nothing-due', message: due.nothingDue };
      const [open] = await tx
        .select({ id: payableCardPayments.id })
        .from(payableCardPayments)
        .where(and(eq(payableCardPayments.payableKind, kind), eq(payableCardPayments.payableId, id), eq(payableCardPayments.state, 'pending')))
        .limit(1);
      if (open) return { ok: false, reason: 'in-progress', message: 'A card payment for this is being confirmed. Please wait a few minutes before paying again.' };
      const [row] = await tx.insert(payableCardPayments).values({ payableKind: kind, payableId: id, amount: due.amountKes }).returning();
      return { ok: true, paymentId: row.id, amountKes: row.amount };
    });
  }

  /**
   * Settles a sale still pending: charged (`sale`), the payable's domain records the money in the
   * same transaction; or nothing charged (null). False when it was settled before.
   */
  async settle(paymentId: string, sale: CardSaleResult | null, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(payableCardPayments)
        .where(and(eq(payableCardPayments.id, paymentId), eq(payableCardPayments.state, 'pending')))
        .for('update');
      if (!row) return false;
      if (!sale) {
        await tx.update(payableCardPayments).set({ state: 'failed', finishedAt: now }).where(eq(payableCardPayments.id, row.id));
        return true;
      }
      await tx
        .update(payableCardPayments)
        .set({ state: 'paid', transactionId: sale.transactionId, transactionStatus: sale.status, finishedAt: now })
        .where(eq(payableCardPayments.id, row.id));
      await this.payables.of(row.payableKind).paid(tx, row.payableId, { requestId: row.id, amountKes: row.amount, method: 'card', reference: sale.transactionId }, now);
      return true;
    });
  }

  /** Sales still pending, started before `before` (the reconciliation's work), oldest first. */
  async pendingBefore(before: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: payableCardPayments.id })
      .from(payableCardPayments)
      .where(and(eq(payableCardPayments.state, 'pending'), lt(payableCardPayments.createdAt, before)))
      .orderBy(asc(payableCardPayments.createdAt))
      .limit(limit);
    return rows.map((row) => row.id);
  }
}
