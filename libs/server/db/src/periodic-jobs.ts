import { metrics } from '@dealership/server-core';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { Counter, Gauge } from 'prom-client';
import { hostname } from 'node:os';
import type { Database } from './database';
import { DB } from './db.tokens';
import { scheduledJobs } from './schema';

/** The jobs' runs on this instance, by outcome, and when each last succeeded (`GET /metrics`). */
const JOB_RUNS = new Counter({ name: 'periodic_job_runs_total', help: 'Periodic jobs run by this instance, by job and outcome', labelNames: ['job', 'outcome'], registers: [metrics] });
const JOB_LAST_SUCCESS = new Gauge({
  name: 'periodic_job_last_success_timestamp_seconds',
  help: 'When this instance last ran each periodic job to the end (Unix seconds)',
  labelNames: ['job'],
  registers: [metrics],
});

/**
 * Work that must run once per period across every instance on the database (the upload sweep,
 * payment reconciliation): each instance ticks on its own timer, and a tick runs the job only if it
 * moves the job's `next_run_at` forward in one conditional upsert, which exactly one instance wins
 * per period. A job still running in this process is never overlapped by its next tick.
 */
@Injectable()
export class PeriodicJobs implements OnApplicationShutdown {
  private readonly logger = new Logger('PeriodicJobs');
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<unknown>>();
  private readonly me = `${hostname()}:${process.pid}`;

  constructor(@Inject(DB) private readonly db: Database) {}

  /**
   * Runs `job` about every `intervalMs`, on one instance at a time. `checkEveryMs` (default the
   * period): how often this instance asks whether it is due, for a long period that must not wait
   * for an instance to stay up that long (a daily job on servers restarted by each deploy).
   */
  every(name: string, intervalMs: number, job: () => Promise<unknown>, options: { checkEveryMs?: number } = {}): void {
    // Unref'd: a waiting job never keeps the process (or a test run) alive.
    const timer = setInterval(() => void this.tick(name, intervalMs, job), options.checkEveryMs ?? intervalMs);
    timer.unref();
    this.timers.push(timer);
  }

  /**
   * Claims this period of `name` and runs `job` if this instance won it; resolves with whether it
   * ran. (The timers call it; tests call it directly.)
   */
  async tick(name: string, intervalMs: number, job: () => Promise<unknown>): Promise<boolean> {
    if (this.running.has(name)) return false;
    try {
      if (!(await this.claim(name, intervalMs))) return false;
    } catch (error) {
      this.logger.warn(`${name}: could not claim its turn (${error instanceof Error ? error.message : 'error'})`);
      return false;
    }
    const run = job()
      .then(() => {
        JOB_RUNS.inc({ job: name, outcome: 'done' });
        JOB_LAST_SUCCESS.set({ job: name }, Date.now() / 1000);
      })
      .catch((error: unknown) => {
        JOB_RUNS.inc({ job: name, outcome: 'failed' });
        this.logger.warn(`${name} failed: ${error instanceof Error ? error.name : 'error'}`);
      })
      .finally(() => this.running.delete(name));
    this.running.set(name, run);
    await run;
    return true;
  }

  /** Moves the job's next run one period on, if it is due; true when this instance did. */
  async claim(name: string, intervalMs: number): Promise<boolean> {
    // A little less than the period: the instance whose timer fires first each period wins it,
    // rather than periods being skipped because timers drift by a few milliseconds.
    const next = sql`now() + ${`${Math.round(intervalMs * 0.9)} milliseconds`}::interval`;
    const won = await this.db
      .insert(scheduledJobs)
      .values({ name, nextRunAt: next, lastStartedAt: sql`now()`, lastRunBy: this.me })
      .onConflictDoUpdate({
        target: scheduledJobs.name,
        set: { nextRunAt: next, lastStartedAt: sql`now()`, lastRunBy: this.me },
        setWhere: sql`${scheduledJobs.nextRunAt} <= now()`,
      })
      .returning({ name: scheduledJobs.name });
    return won.length > 0;
  }

  async onApplicationShutdown(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await Promise.allSettled(this.running.values());
  }
}
