import { APP_CONFIG, type AppConfig, metrics } from '@dealership/server-core';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { desc, eq, sql } from 'drizzle-orm';
import { existsSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { Gauge } from 'prom-client';
import { listBackups, writeBackup } from './backup';
import { copyToS3, parseS3Url } from './backup-s3';
import { type Database, type DatabaseHandle, executeRows } from './database';
import { DB, DB_HANDLE } from './db.tokens';
import { PeriodicJobs } from './periodic-jobs';
import { backupRuns } from './schema/backup-runs.table';

/** How often the server takes its own backup (once across instances). */
export const BACKUP_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** How often each instance asks whether the daily backup is due (the schedule is in the database, so restarts do not put it off). */
const BACKUP_CHECK_MS = 15 * 60 * 1000;
/** Backups kept: the newest of each of the last `daily` days' runs, and the newest of each of `weekly` weeks. */
export const BACKUP_RETENTION = { daily: 7, weekly: 4 } as const;

/** The files `npm run backup` and a running server talk through (the folder's permissions are the access control). */
export const backupRequestFiles = (dataDir: string) => ({
  request: join(dataDir, 'backup-request'),
  taking: join(dataDir, 'backup-request.taking'),
  result: join(dataDir, 'backup-request.result'),
});

/**
 * The backups to delete under `BACKUP_RETENTION`, from `listBackups` (newest first): kept are the
 * newest of each of the 7 newest days that have one and the newest of each of the 4 newest weeks,
 * so a run of backups taken by hand on one day does not push the daily ones out.
 */
export function backupsBeyondRetention(backups: readonly { file: string; takenAt: Date }[]): string[] {
  const newestOfEach = (period: (date: Date) => number, count: number) => {
    const seen = new Set<number>();
    const newest: string[] = [];
    for (const backup of backups) {
      if (seen.size >= count) break;
      if (seen.has(period(backup.takenAt))) continue;
      seen.add(period(backup.takenAt));
      newest.push(backup.file);
    }
    return newest;
  };
  const kept = new Set([
    ...newestOfEach((date) => Math.floor(date.getTime() / 86_400_000), BACKUP_RETENTION.daily),
    ...newestOfEach((date) => Math.floor(date.getTime() / (7 * 86_400_000)), BACKUP_RETENTION.weekly),
  ]);
  return backups.filter((b) => !kept.has(b.file)).map((b) => b.file);
}

/** The product's version, for a backup's manifest (the package.json the server runs from). */
export function productVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** A backup as the back office shows it. */
export interface BackupRun {
  id: number;
  startedAt: Date;
  finishedAt: Date;
  trigger: 'daily' | 'asked';
  outcome: 'written' | 'failed';
  file: string | null;
  bytes: number | null;
  copiedTo: string | null;
  error: string | null;
  takenBy: string;
}

/** The newest backup written and the newest that failed, for the back office. */
export interface BackupStatus {
  lastWritten: BackupRun | null;
  lastFailed: BackupRun | null;
}

/** A scheduled backup that failed, as the owners are told of it. */
export interface BackupFailure {
  at: Date;
  error: string;
  takenBy: string;
}

/** The newest backup written and the newest that failed (the back office's "last backup"). */
export async function backupStatus(db: Database): Promise<BackupStatus> {
  const newest = async (outcome: BackupRun['outcome']) =>
    ((await db.select().from(backupRuns).where(eq(backupRuns.outcome, outcome)).orderBy(desc(backupRuns.finishedAt)).limit(1))[0] as BackupRun | undefined) ?? null;
  const [lastWritten, lastFailed] = await Promise.all([newest('written'), newest('failed')]);
  return { lastWritten, lastFailed };
}

const thisProcess = () => `${hostname()}:${process.pid}`;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Whether the database has the table of runs yet (`npm run backup` may run on a database of an older version, not migrated). */
async function hasRunsTable(db: Database): Promise<boolean> {
  const [row] = await executeRows<{ present: boolean }>(db, sql`select to_regclass('public.backup_runs') is not null as present`);
  return Boolean(row?.present);
}

/**
 * Takes a backup of the database behind `handle` and of MEDIA_DIR (the pictures on Cloudinary are
 * Cloudinary's to keep: docs/operating.md) into BACKUP_DIR, copies it off-site when BACKUP_S3_URL is set, and records the run,
 * written or failed. Answers the archive's path; a failure is recorded, then thrown.
 */
export async function takeBackup(handle: DatabaseHandle, config: AppConfig, trigger: BackupRun['trigger']): Promise<string> {
  const startedAt = new Date();
  const run: Omit<typeof backupRuns.$inferInsert, 'outcome'> = { startedAt, trigger, takenBy: thisProcess() };
  let outcome: Pick<typeof backupRuns.$inferInsert, 'outcome' | 'error'> = { outcome: 'failed' };
  try {
    const { file } = await writeBackup(handle, {
      // With Cloudinary too: the pictures stored before it was set up, and the SVGs, stay on this disk.
      mediaDir: config.mediaDir,
      backupDir: config.backup.dir,
      product: productVersion(),
      now: startedAt,
    });
    Object.assign(run, { file, bytes: statSync(file).size });
    if (config.backup.s3Url) {
      try {
        run.copiedTo = await copyToS3(file, parseS3Url(config.backup.s3Url));
      } catch (error) {
        throw new Error(`written to ${file}, but ${messageOf(error)}`);
      }
    }
    outcome = { outcome: 'written' };
    return file;
  } catch (error) {
    outcome = { outcome: 'failed', error: messageOf(error) };
    throw error;
  } finally {
    if (await hasRunsTable(handle.db).catch(() => false)) await handle.db.insert(backupRuns).values({ ...run, ...outcome });
  }
}

/**
 * The server's own backups: one a day (once across instances, `BACKUP_DAILY`) into BACKUP_DIR with
 * retention, and, on the embedded database, one at once when `npm run backup` asks for it (a
 * request file in DATA_DIR, checked every second: only the server holding the database can dump it).
 * On PostgreSQL the dump is pg_dump's (docs/operating.md, "Backups").
 */
@Injectable()
export class ServerBackups implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Backup');
  private readonly failureListeners = new Set<(failure: BackupFailure) => Promise<void>>();
  private watcher?: NodeJS.Timeout;
  private taking = false;

  constructor(
    @Inject(DB_HANDLE) private readonly handle: DatabaseHandle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: PeriodicJobs,
  ) {}

  onModuleInit() {
    const canDump = this.handle.engine === 'postgres' ? Boolean(this.handle.serverUrl) : Boolean(this.handle.dumpDatabase);
    if (!canDump) return;
    if (this.config.backup.daily) this.jobs.every('backup.daily', BACKUP_INTERVAL_MS, () => this.runScheduled(), { checkEveryMs: BACKUP_CHECK_MS });
    // In every process on purpose: only the one holding this DATA_DIR (the embedded database allows one) can answer its request.
    if (this.handle.engine === 'pglite') this.watcher = setInterval(() => void this.answerRequest(), 1000).unref();
  }

  onModuleDestroy() {
    clearInterval(this.watcher);
  }

  /** Told of every scheduled backup that fails (the message domain emails the owners). */
  onScheduledFailure(listener: (failure: BackupFailure) => Promise<void>): void {
    this.failureListeners.add(listener);
  }

  /** The daily backup (what the periodic job runs): on failure the owners are told, then the job counts it failed. */
  async runScheduled(): Promise<void> {
    try {
      const file = await takeBackup(this.handle, this.config, 'daily');
      this.logger.log(`backup written: ${file}`);
    } catch (error) {
      this.logger.error(`the daily backup failed: ${messageOf(error)}`);
      const failure = { at: new Date(), error: messageOf(error), takenBy: thisProcess() };
      for (const listener of this.failureListeners) {
        await listener(failure).catch((listenerError: unknown) => this.logger.error(`could not tell of the failed backup: ${messageOf(listenerError)}`));
      }
      throw error;
    }
    for (const old of backupsBeyondRetention(listBackups(this.config.backup.dir))) rmSync(old, { force: true });
  }

  /** Answers `npm run backup`'s request, if there is one. */
  private async answerRequest(): Promise<void> {
    const files = backupRequestFiles(this.config.dataDir);
    if (this.taking || !existsSync(files.request)) return;
    this.taking = true;
    try {
      renameSync(files.request, files.taking);
      const result = await takeBackup(this.handle, this.config, 'asked').then(
        (file) => ({ file }),
        (error: unknown) => ({ error: messageOf(error) }),
      );
      writeFileSync(files.result, JSON.stringify(result));
      unlinkSync(files.taking);
    } catch (error) {
      this.logger.error(`a backup request could not be answered: ${messageOf(error)}`);
    } finally {
      this.taking = false;
    }
  }
}

/**
 * The newest backup written and the newest that failed in `GET /metrics` (when METRICS_TOKEN is
 * set), as Unix times, 0 for none: read from the runs' table at each scrape, so every instance
 * reports the same and a restart loses nothing (a job's in-memory gauge starts empty after a
 * deploy, and "no backup in 26 hours" could not fire then). docs/operating.md has the alert.
 */
@Injectable()
export class BackupMetrics implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DB) private readonly db: Database,
  ) {}

  onModuleInit(): void {
    if (!this.config.metricsToken) return;
    let latest: Promise<BackupStatus> | undefined;
    // One query per scrape for both gauges; none until the table exists (a database not migrated yet).
    const status = () =>
      (latest ??= hasRunsTable(this.db)
        .then((present) => (present ? backupStatus(this.db) : { lastWritten: null, lastFailed: null }))
        .finally(() => setImmediate(() => (latest = undefined))));
    const seconds = (run: BackupRun | null) => (run ? Math.floor(run.finishedAt.getTime() / 1000) : 0);
    const gauge = (name: string, help: string, read: (s: BackupStatus) => number) => {
      // The latest app's (a test process starts several).
      metrics.removeSingleMetric(name);
      return new Gauge({
        name,
        help,
        registers: [metrics],
        async collect() {
          this.set(read(await status()));
        },
      });
    };
    gauge('backup_last_written_timestamp_seconds', 'When the newest backup was written (Unix time; 0: never)', (s) => seconds(s.lastWritten));
    gauge('backup_last_failed_timestamp_seconds', 'When the newest backup failed (Unix time; 0: never)', (s) => seconds(s.lastFailed));
  }
}
