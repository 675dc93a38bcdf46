import { CarAvailability } from '@dealership/car-server';
import type { Order } from '@dealership/order-schemas';
import { orders } from '@dealership/order-data';
import { type Alongside, type Database, DB } from '@dealership/server-db';
import { TradeInCredits } from '@dealership/trade-in-offer-server';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, gt, isNull, lte, not } from 'drizzle-orm';
import { carIdsOf, depositUnderWay, loadOrder, releaseCars, untouchedUnpaidReservations } from './order-rows';

/** Reservations without a deposit whose hold ends: the reminders due and the holds over. */
@Injectable()
export class ReservationHoldRepository {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly availability: CarAvailability,
    private readonly credits: TradeInCredits,
  ) {}

  /**
   * Reservations without a deposit whose hold has ended (`expire`), and those ending within
   * `reminderMs` whose buyer has not been reminded yet (`remind`), oldest first, at most `limit` each.
   */
  async dueHolds(now: Date, reminderMs: number, limit = 50): Promise<{ expire: string[]; remind: { id: string; endsAt: Date }[] }> {
    const open = untouchedUnpaidReservations();
    const [expire, remind] = await Promise.all([
      this.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(open, lte(orders.holdExpiresAt, now), not(depositUnderWay())))
        .orderBy(asc(orders.holdExpiresAt))
        .limit(limit),
      this.db
        .select({ id: orders.id, endsAt: orders.holdExpiresAt })
        .from(orders)
        .where(and(open, isNull(orders.remindedAt), gt(orders.holdExpiresAt, now), lte(orders.holdExpiresAt, new Date(now.getTime() + reminderMs))))
        .orderBy(asc(orders.holdExpiresAt))
        .limit(limit),
    ]);
    return { expire: expire.map((row) => row.id), remind: remind.map((row) => ({ id: row.id, endsAt: row.endsAt as Date })) };
  }

  /**
   * Ends a reservation's hold if it is still due (not paid, not moved on by the staff, its hold
   * over at `now`): the order is cancelled and its cars Available again, with `alongside` in the
   * same transaction. False when it no longer applies.
   */
  async expireHold(id: string, now: Date, alongside?: Alongside<{ order: Order }>): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [order] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, id), untouchedUnpaidReservations(), lte(orders.holdExpiresAt, now), not(depositUnderWay())))
        .for('update');
      if (!order) return false;
      const carIds = await carIdsOf(tx, id);
      await this.availability.lock(tx, carIds);
      await releaseCars(tx, this.availability, carIds, id);
      await this.credits.release(tx, id);
      // At the sweep's clock: the owner's report counts a reservation cancelled at or after its hold's end as expired.
      await tx.update(orders).set({ status: 'cancel', updatedAt: now }).where(eq(orders.id, id));
      if (alongside) await alongside(tx, { order: (await loadOrder(tx, id)) as Order });
      return true;
    });
  }

  /** Marks a reservation's buyer reminded (once) and runs `alongside` in the same transaction; false when already done or no longer due. */
  async markReminded(id: string, now: Date, alongside?: Alongside<{ order: Order }>): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(orders)
        .set({ remindedAt: now })
        .where(and(eq(orders.id, id), untouchedUnpaidReservations(), isNull(orders.remindedAt), gt(orders.holdExpiresAt, now)))
        .returning({ id: orders.id });
      if (rows.length === 0) return false;
      if (alongside) await alongside(tx, { order: (await loadOrder(tx, id)) as Order });
      return true;
    });
  }
}
