import { PeriodicJobs } from '@dealership/server-db';
import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { SettingService } from '@dealership/setting-server';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { OrderAnnouncements } from './order-announcements';
import { errorText } from './order.errors';
import { ReservationHoldRepository } from './reservation-hold.repository';

/** Reservations without a deposit: reminded before their hold ends, cancelled when it has. */
@Injectable()
export class ReservationHoldService implements OnModuleInit {
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly holds: ReservationHoldRepository,
    private readonly announce: OrderAnnouncements,
    private readonly settings: SettingService,
    private readonly jobs: PeriodicJobs,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit() {
    // Once per period across every instance on the database: a hold that ends soon (reminder) or has ended (expiry).
    this.jobs.every('order.reservation-holds', this.config.reservationSweepIntervalMs, () =>
      this.sweepHolds().catch((error: unknown) => this.logger.warn(`reservation hold sweep failed: ${errorText(error)}`)),
    );
  }

  /**
   * Reservations without a deposit: the buyer is reminded (once) the rules' hours before the hold
   * ends, and at its end the reservation is cancelled, its cars Available again and the buyer told;
   * each in the transaction of its change, through the outbox. Returns what it did.
   */
  async sweepHolds(now: Date = new Date()): Promise<{ reminded: string[]; expired: string[] }> {
    const rules = await this.settings.reservationRules(now);
    const due = await this.holds.dueHolds(now, rules.reminderHoursBeforeExpiry * 3_600_000);
    const reminded: string[] = [];
    const expired: string[] = [];
    for (const { id, endsAt } of due.remind) {
      if (await this.holds.markReminded(id, now, this.announce.hold('reminder', endsAt))) reminded.push(id);
    }
    for (const id of due.expire) {
      if (await this.holds.expireHold(id, now, this.announce.hold('expired'))) {
        expired.push(id);
        this.logger.log(`reservation ${id}: its hold without a deposit ended; cancelled, its cars on sale again`);
      }
    }
    return { reminded, expired };
  }
}
