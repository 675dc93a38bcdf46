import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every backup the site took or tried (the daily job, `npm run backup`): what the owners see in the
 * back office ("last backup"), and where the archive is (the instance's BACKUP_DIR, and the
 * off-site copy). Shared by the instances: the daily job runs on one of them.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** 'daily' (the scheduled job), or 'asked' (`npm run backup`). */
    trigger: text('trigger', { enum: ['daily', 'asked'] }).notNull(),
    /** 'written': the archive is complete (and copied off-site when that is set); 'failed': see `error`. */
    outcome: text('outcome', { enum: ['written', 'failed'] }).notNull(),
    /** The archive's path on the instance that took it. */
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }),
    /** Where the off-site copy went (`s3://bucket/key`), when BACKUP_S3_URL is set. */
    copiedTo: text('copied_to'),
    error: text('error'),
    /** Which process took it (host and pid). */
    takenBy: text('taken_by').notNull(),
  },
  (table) => [index('backup_runs_finished_at_idx').on(table.finishedAt)],
);
