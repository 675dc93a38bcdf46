import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { existsSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listBackups, writeBackup } from './backup';
import type { DatabaseHandle } from './database';
import { DB_HANDLE } from './db.tokens';
import { PeriodicJobs } from './periodic-jobs';

/** How often the server takes its own backup (once across instances). */
export const BACKUP_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Backups kept: the newest of each of the last `daily` days' runs, and the newest of each of `weekly` weeks. */
export const BACKUP_RETENTION = { daily: 7, weekly: 4 } as const;

/** The files `npm run backup` and a running server talk through (the folder's permissions are the access control). */
export const backupRequestFiles = (dataDir: string) => ({
  request: join(dataDir, 'backup-request'),
  taking: join(dataDir, 'backup-request.taking'),
  result: join(dataDir, 'backup-request.result'),
});

/** The backups to delete under `BACKUP_RETENTION`, from `listBackups` (newest first). */
export function backupsBeyondRetention(backups: readonly { file: string; takenAt: Date }[]): string[] {
  const week = (date: Date) => Math.floor(date.getTime() / (7 * 86_400_000));
  const kept = new Set(backups.slice(0, BACKUP_RETENTION.daily).map((b) => b.file));
  const weeks = new Set<number>();
  for (const backup of backups) {
    if (weeks.size >= BACKUP_RETENTION.weekly) break;
    if (!weeks.has(week(backup.takenAt))) {
      weeks.add(week(backup.takenAt));
      kept.add(backup.file);
    }
  }
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

/**
 * The embedded database's backups taken by the server itself, which holds it open: one a day
 * (once across instances, `BACKUP_DAILY`) into `BACKUP_DIR` with retention, and one at once when
 * `npm run backup` asks for it (a request file in `DATA_DIR`, checked every second). A server on
 * PostgreSQL takes none: its database is dumped with PostgreSQL's own tools (docs/operating.md).
 */
@Injectable()
export class ServerBackups implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Backup');
  private watcher?: NodeJS.Timeout;
  private taking = false;

  constructor(
    @Inject(DB_HANDLE) private readonly handle: DatabaseHandle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: PeriodicJobs,
  ) {}

  onModuleInit() {
    if (this.handle.engine !== 'pglite' || !this.handle.dumpDatabase) return;
    if (this.config.backup.daily) this.jobs.every('backup.daily', BACKUP_INTERVAL_MS, () => this.daily());
    // In every process on purpose: only the one holding this DATA_DIR (the embedded database allows one) can answer its request.
    this.watcher = setInterval(() => void this.answerRequest(), 1000).unref();
  }

  onModuleDestroy() {
    clearInterval(this.watcher);
  }

  /** Takes a backup now; the archive's path. */
  async take(): Promise<string> {
    const { file, manifest } = await writeBackup(this.handle, {
      mediaDir: this.config.cloudinaryUrl ? undefined : this.config.mediaDir,
      backupDir: this.config.backup.dir,
      product: productVersion(),
    });
    this.logger.log(`backup written: ${file} (${manifest.media.length} pictures)`);
    return file;
  }

  private async daily(): Promise<void> {
    try {
      await this.take();
    } catch (error) {
      this.logger.error(`the daily backup failed: ${error instanceof Error ? error.message : String(error)}`);
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
      const result = await this.take().then(
        (file) => ({ file }),
        (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
      );
      writeFileSync(files.result, JSON.stringify(result));
      unlinkSync(files.taking);
    } catch (error) {
      this.logger.error(`a backup request could not be answered: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.taking = false;
    }
  }
}
