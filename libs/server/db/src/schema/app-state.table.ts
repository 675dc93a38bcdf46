import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about this installation, such as "the demo catalogue was seeded" (so it never is again). */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
