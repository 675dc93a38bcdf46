import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Periodic jobs (the upload sweep, payment reconciliation, ...) that must run once per period across
 * every instance: an instance runs a job only after moving its `next_run_at` forward in one
 * conditional update, which exactly one instance wins.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }).notNull(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true, mode: 'date' }),
  /** Which process ran it last (host and pid), for the operator. */
  lastRunBy: text('last_run_by'),
});
