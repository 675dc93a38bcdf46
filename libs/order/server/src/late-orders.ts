import { ContentService } from '@dealership/content-server';
import { openMinutesBetween, workingDayMinutes } from '@dealership/content-schemas';
import { orders } from '@dealership/order-data';
import type { Order } from '@dealership/order-schemas';
import { type Alongside, type Database, DB, PeriodicJobs } from '@dealership/server-db';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { and, asc, eq, gte, isNull, lt } from 'drizzle-orm';
import { OrderAnnouncements } from './order-announcements';
import { errorText } from './order.errors';
import { loadOrder, placed } from './order-rows';

/** How often the instances (one of them, each time) look for orders waiting too long. */
export const LATE_ORDER_WATCH_INTERVAL_MS = 5 * 60 * 1000;
const DAY_MS = 86_400_000;

/**
 * Orders nobody has moved on from Not Process a working day after they were placed: the
 * confirmation tells the buyer "Our sales team will call you within one working day", so the owners
 * hear of each such order once (email and SMS, through the outbox). A working day is the longest
 * day of the opening hours the staff keep (540 minutes for 08:00-17:00), counted in opening hours
 * only: an order placed on Saturday evening waits from Monday 08:00.
 */
@Injectable()
export class LateOrders implements OnModuleInit {
  private readonly logger = new Logger('Orders');

  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly announce: OrderAnnouncements,
    private readonly content: ContentService,
    private readonly jobs: PeriodicJobs,
  ) {}

  onModuleInit() {
    // Once per period across every instance on the database.
    this.jobs.every('order.late', LATE_ORDER_WATCH_INTERVAL_MS, () =>
      this.alertLateOrders().catch((error: unknown) => this.logger.warn(`late order watch failed: ${errorText(error)}`)),
    );
  }

  /** Tells the owners of each order late at `now` (once per order); the orders told of. */
  async alertLateOrders(now = new Date()): Promise<string[]> {
    const { hours } = await this.content.current();
    const workingDay = workingDayMinutes(hours);
    if (workingDay === 0) return [];
    const alerted: string[] = [];
    for (const { id, createdAt } of await this.waiting(new Date(now.getTime() - workingDay * 60_000))) {
      if (openMinutesBetween(createdAt, now, hours) < workingDay) continue;
      if (await this.markLateAlerted(id, now, this.announce.late)) alerted.push(id);
    }
    return alerted;
  }

  /** Placed orders still Not Process, not alerted on, placed before `before` (a working day can be no shorter) and in the last 14 days; oldest first. */
  private waiting(before: Date, limit = 100): Promise<{ id: string; createdAt: Date }[]> {
    return this.db
      .select({ id: orders.id, createdAt: orders.createdAt })
      .from(orders)
      .where(
        and(
          placed(),
          eq(orders.status, 'Not Process'),
          isNull(orders.lateAlertedAt),
          lt(orders.createdAt, before),
          gte(orders.createdAt, new Date(before.getTime() - 14 * DAY_MS)),
        ),
      )
      .orderBy(asc(orders.createdAt))
      .limit(limit);
  }

  /** Marks the order's late alert sent (once, while still Not Process) and runs `alongside` in the same transaction; false when it no longer applies. */
  private markLateAlerted(id: string, now: Date, alongside: Alongside<{ order: Order }>): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(orders)
        .set({ lateAlertedAt: now })
        .where(and(eq(orders.id, id), eq(orders.status, 'Not Process'), isNull(orders.lateAlertedAt)))
        .returning({ id: orders.id });
      if (rows.length === 0) return false;
      await alongside(tx, { order: (await loadOrder(tx, id)) as Order });
      return true;
    });
  }
}
