import type { DatabaseHandle } from '@dealership/server-db';
import { sql } from 'drizzle-orm';

/** Empties every table (between tests of one file), keeping the schema. */
export async function truncateAll(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(
    sql.raw(
      'TRUNCATE car_alert_events, alert_subscribers, audit_events, media_uploads, order_lines, orders, car_images, cars, brand_images, brands, sessions, user_tokens, users, throttle_counters, app_state, outbox_messages, scheduled_jobs RESTART IDENTITY CASCADE',
    ),
  );
}
