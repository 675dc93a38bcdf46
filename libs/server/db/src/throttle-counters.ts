import type { ThrottleCount, ThrottleStore } from '@dealership/server-auth';
import { Inject, Injectable } from '@nestjs/common';
import { inArray, lte, sql } from 'drizzle-orm';
import type { Database } from './database';
import { DB } from './db.tokens';
import { throttleCounters } from './schema/throttle-counter.table';

/** Expired counters are swept once in this many hits, so the table does not keep every address ever seen. */
const SWEEP_EVERY = 200;

/**
 * The throttles' counters in the `throttle_counters` table (the `ThrottleStore` port): one upsert
 * per attempt, atomic per key on PGlite and PostgreSQL alike, so parallel attempts are counted
 * exactly, a restart forgets nothing and several server processes share the counts. Infrastructure
 * beside the database (provided by `DbModule` as `THROTTLE_STORE`): logins, registrations, leads,
 * photos and orders all count here.
 */
@Injectable()
export class ThrottleCounters implements ThrottleStore {
  private hits = 0;

  constructor(@Inject(DB) private readonly db: Database) {}

  async hit(keys: { key: string; windowMs: number }[], now: Date): Promise<ThrottleCount[]> {
    if (++this.hits % SWEEP_EVERY === 0) await this.db.delete(throttleCounters).where(lte(throttleCounters.windowEnd, now));
    const at = sql`${now.toISOString()}::timestamptz`;
    // The existing row is named by the table (`excluded` is the row that was to be inserted).
    const ended = sql`"throttle_counters"."window_end" <= ${at}`;
    const rows = await this.db
      .insert(throttleCounters)
      .values(keys.map(({ key, windowMs }) => ({ key, count: 1, windowEnd: new Date(now.getTime() + windowMs) })))
      .onConflictDoUpdate({
        target: throttleCounters.key,
        set: {
          count: sql`CASE WHEN ${ended} THEN 1 ELSE "throttle_counters"."count" + 1 END`,
          windowEnd: sql`CASE WHEN ${ended} THEN excluded."window_end" ELSE "throttle_counters"."window_end" END`,
        },
      })
      .returning();
    return rows.map((row) => ({ key: row.key, count: row.count, windowEnd: row.windowEnd }));
  }

  async takeBack(keys: string[]): Promise<void> {
    await this.db
      .update(throttleCounters)
      .set({ count: sql`greatest(${throttleCounters.count} - 1, 0)` })
      .where(inArray(throttleCounters.key, keys));
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(throttleCounters).where(inArray(throttleCounters.key, [key]));
  }

  async clearNaming(part: string): Promise<void> {
    await this.db.delete(throttleCounters).where(sql`strpos(${throttleCounters.key}, ${part.toLowerCase()}) > 0`);
  }
}
