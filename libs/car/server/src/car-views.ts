import { carDailyViews, cars } from '@dealership/car-data';
import { type Database, DB } from '@dealership/server-db';
import { nairobiDate } from '@dealership/shared-util';
import { throttleAddress } from '@dealership/server-auth';
import { Role } from '@dealership/shared-schemas';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';

/** How long views wait in memory before they are added to the day's counters. */
export const CAR_VIEWS_FLUSH_MS = 5_000;

/** Who opened a car's page, as far as counting goes. */
export interface CarViewer {
  ip: string;
  userAgent?: string;
  user: { role: number } | null;
}

/**
 * Counts car page views for the owner's "most viewed" report: one counter per car and day
 * (`car_daily_views`), never a row per view. A viewer counts once per car and day (a refetch, a
 * reload or a second visit that day adds nothing), a viewer being a client address as the throttles
 * count it (an IPv6 network per /64, which one phone or home walks through at will); crawlers (isbot) and the staff's own look-ups
 * are not views. Views wait in memory for a few seconds and are then added in one statement, so a
 * busy page costs the database one upsert per car every few seconds, not one per request; each
 * instance adds its own, and the counters add up in PostgreSQL.
 */
@Injectable()
export class CarViews implements OnModuleDestroy {
  private readonly logger = new Logger('CarViews');
  /** Views not yet written, by day and car. */
  private pending = new Map<string, { day: string; carId: string; views: number }>();
  /** Viewers already counted today (day, address, car): bounded, the oldest forgotten first. */
  private readonly counted = new LRUCache<string, true>({ max: 100_000 });
  private timer: NodeJS.Timeout | undefined;

  constructor(@Inject(DB) private readonly db: Database) {}

  /** Counts `viewer`'s view of the car `carId` (unless it is a crawler, the staff, or counted already today). */
  record(carId: string, viewer: CarViewer, now = new Date()): void {
    if (viewer.user?.role === Role.Admin || (viewer.userAgent !== undefined && isbot(viewer.userAgent))) return;
    const day = nairobiDate(now);
    const viewerKey = `${day} ${throttleAddress(viewer.ip)} ${carId}`;
    if (this.counted.has(viewerKey)) return;
    this.counted.set(viewerKey, true);
    const key = `${day} ${carId}`;
    const entry = this.pending.get(key);
    if (entry) entry.views += 1;
    else this.pending.set(key, { day, carId, views: 1 });
    this.timer ??= setTimeout(() => void this.flush(), CAR_VIEWS_FLUSH_MS).unref();
  }

  /** Adds the views waiting in memory to their days' counters (a car deleted meanwhile is skipped). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    const rows = sql.join(
      batch.map((row) => sql`(${row.carId}::uuid, ${row.day}::date, ${row.views}::int)`),
      sql`, `,
    );
    try {
      await this.db.execute(sql`
        insert into ${carDailyViews} (car_id, day, views)
        select v.car_id, v.day, v.views from (values ${rows}) as v(car_id, day, views)
        where exists (select 1 from ${cars} where ${cars.id} = v.car_id)
        on conflict (car_id, day) do update set views = ${carDailyViews}.views + excluded.views`);
    } catch (error) {
      // Views are a report's figure, not a record: a failed write is logged and those views dropped.
      this.logger.warn(`car page views not counted (${batch.length} cars): ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }
}
