import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters of the login and registration throttles (`login-pair:<email>|<ip>`,
 * `login-ip:<ip>`, `register-ip:<ip>`), kept in the database so a restart forgets nothing and
 * several server processes share them.
 */
export const throttleCounters = pgTable('throttle_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  /** When the window ends; a counter past it counts as zero. */
  windowEnd: timestamp('window_end', { withTimezone: true, mode: 'date' }).notNull(),
});
