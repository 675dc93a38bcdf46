import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './database';
import { DB_HANDLE } from './db.tokens';
import { PeriodicJobs } from './periodic-jobs';

/** How often the embedded database is vacuumed and analysed. */
export const EMBEDDED_MAINTENANCE_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** The first run after a start (if a day has passed since the last): after the start's own work. */
const FIRST_RUN_DELAY_MS = 60_000;

/**
 * What autovacuum does on a PostgreSQL server, for the embedded engine, which has none (PGlite runs
 * one backend, without background workers: its tables are never vacuumed nor analysed by
 * themselves). Without it the visibility map stays empty, so the catalogue's counts, planned as
 * index-only scans, read every row anyway, and the planner never gets statistics. A daily
 * `VACUUM (ANALYZE)` (a second or two at 100,000 cars; it holds the one connection meanwhile),
 * claimed through `PeriodicJobs` so it survives restarts. A PostgreSQL server's autovacuum does
 * this there: nothing is scheduled then.
 */
@Injectable()
export class EmbeddedMaintenance implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('EmbeddedMaintenance');
  private firstRun?: NodeJS.Timeout;

  constructor(
    @Inject(DB_HANDLE) private readonly handle: DatabaseHandle,
    private readonly jobs: PeriodicJobs,
  ) {}

  /** Whether this engine needs it (the embedded one). */
  get scheduled(): boolean {
    return this.handle.engine === 'pglite';
  }

  onModuleInit() {
    if (!this.scheduled) return;
    const job = () => this.run();
    this.jobs.every('db.maintenance', EMBEDDED_MAINTENANCE_INTERVAL_MS, job);
    this.firstRun = setTimeout(() => void this.jobs.tick('db.maintenance', EMBEDDED_MAINTENANCE_INTERVAL_MS, job), FIRST_RUN_DELAY_MS);
    this.firstRun.unref();
  }

  onApplicationShutdown() {
    clearTimeout(this.firstRun);
  }

  /** Vacuums and analyses every table; how long it took. */
  async run(): Promise<number> {
    const started = Date.now();
    await this.handle.db.execute(sql`vacuum (analyze)`);
    const ms = Date.now() - started;
    this.logger.log(`vacuumed and analysed the embedded database in ${ms} ms`);
    return ms;
  }
}
