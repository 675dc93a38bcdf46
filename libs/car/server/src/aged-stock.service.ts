import { agedStockAlerts, cars } from '@dealership/car-data';
import type { AgedStockAlert } from '@dealership/car-schemas';
import { emailMessage, Outbox } from '@dealership/message-server';
import { type Database, DB, PeriodicJobs } from '@dealership/server-db';
import { staffMembers } from '@dealership/user-data/published';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { and, asc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { agedStockEmail, type AgedCar } from './aged-stock.messages';
import { recordedCostKes } from './car-cost.repository';

const DAY_MS = 86_400_000;
/** How often the alerts due are looked for (each owner's list still goes once a week). */
export const AGED_STOCK_CHECK_MS = 60 * 60 * 1000;
/** An owner's list comes once in this long. */
export const AGED_STOCK_EVERY_MS = 7 * DAY_MS;
/** The most cars one list names (the oldest first). */
const MAX_LISTED = 50;

/**
 * Owners' aged-stock alerts (issue 46): each owner may ask for a weekly email of the cars in stock
 * for at least so many days, with what they cost as recorded. The check runs hourly, once across
 * instances; an owner's list is worked out at most once a week (marked in the same transaction as
 * its email is written, so no list goes twice). A deactivated or demoted account gets none.
 */
@Injectable()
export class AgedStockAlerts implements OnModuleInit {
  private readonly logger = new Logger('AgedStock');

  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly jobs: PeriodicJobs,
  ) {}

  onModuleInit() {
    this.jobs.every('car.aged-stock-alerts', AGED_STOCK_CHECK_MS, () => this.sendDue());
  }

  async mine(userId: string): Promise<AgedStockAlert> {
    const [row] = await this.db.select().from(agedStockAlerts).where(eq(agedStockAlerts.userId, userId));
    return { days: row?.days ?? null, lastSentAt: row?.lastSentAt?.toISOString() ?? null };
  }

  /** Sets (or, with null, turns off) the owner's alert; a new number of days starts a new week. */
  async set(userId: string, days: number | null): Promise<AgedStockAlert> {
    if (days === null) await this.db.delete(agedStockAlerts).where(eq(agedStockAlerts.userId, userId));
    else {
      await this.db
        .insert(agedStockAlerts)
        .values({ userId, days })
        .onConflictDoUpdate({ target: agedStockAlerts.userId, set: { days, lastSentAt: null, updatedAt: new Date() } });
    }
    return this.mine(userId);
  }

  /** Sends each alert due (none in the last week) its list; how many emails were written. */
  async sendDue(now = new Date()): Promise<number> {
    const due = await this.db
      .select({ userId: agedStockAlerts.userId, days: agedStockAlerts.days, email: staffMembers.email })
      .from(agedStockAlerts)
      .innerJoin(staffMembers, eq(staffMembers.id, agedStockAlerts.userId))
      .where(
        and(
          eq(staffMembers.active, true),
          eq(staffMembers.staffRole, 'owner'),
          or(isNull(agedStockAlerts.lastSentAt), lt(agedStockAlerts.lastSentAt, new Date(now.getTime() - AGED_STOCK_EVERY_MS))),
        ),
      );
    let sent = 0;
    for (const alert of due) {
      const aged = await this.agedCars(alert.days, now);
      const written = await this.db.transaction(async (tx) => {
        // Claimed with the week's mark: a second run (or instance) finds it marked and writes nothing.
        const [claimed] = await tx
          .update(agedStockAlerts)
          .set({ lastSentAt: now })
          .where(
            and(
              eq(agedStockAlerts.userId, alert.userId),
              or(isNull(agedStockAlerts.lastSentAt), lt(agedStockAlerts.lastSentAt, new Date(now.getTime() - AGED_STOCK_EVERY_MS))),
            ),
          )
          .returning({ userId: agedStockAlerts.userId });
        if (!claimed || aged.length === 0) return false;
        await this.outbox.enqueue(tx, [emailMessage(alert.email, 'stock.aged', await agedStockEmail(aged, alert.days, this.outbox.site), { reference: alert.userId })]);
        return true;
      });
      if (written) sent++;
    }
    if (sent > 0) this.logger.log(`aged-stock lists sent to ${sent} owner(s)`);
    return sent;
  }

  /** The cars in stock (not sold) for `days` days or more at `now`, the oldest first, with their recorded cost. */
  private async agedCars(days: number, now: Date): Promise<AgedCar[]> {
    return this.db
      .select({
        name: cars.name,
        slug: cars.slug,
        days: sql<number>`floor(extract(epoch from (${now} - ${cars.createdAt})) / 86400)::int`,
        price: cars.price,
        costKes: recordedCostKes(),
      })
      .from(cars)
      .where(and(ne(cars.status, 'Sold'), lt(cars.createdAt, new Date(now.getTime() - days * DAY_MS))))
      .orderBy(asc(cars.createdAt), asc(cars.id))
      .limit(MAX_LISTED);
  }
}
