import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './database';
import { PeriodicJobs } from './periodic-jobs';
import { scheduledJobs } from './schema';
import { createTestDatabase } from './testing';

describe('periodic jobs run once per period across instances (integration, real database)', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await createTestDatabase();
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('three instances ticking at once: one runs the job, the others skip it until its period is over', async () => {
    const instances = [new PeriodicJobs(handle.db), new PeriodicJobs(handle.db), new PeriodicJobs(handle.db)];
    let runs = 0;
    const job = async () => {
      runs++;
    };
    const ran = await Promise.all(instances.map((jobs) => jobs.tick('test.sweep', 60_000, job)));
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    // Still inside the period.
    expect(await Promise.all(instances.map((jobs) => jobs.tick('test.sweep', 60_000, job)))).toEqual([false, false, false]);
    // The period is over: again exactly one.
    await handle.db.update(scheduledJobs).set({ nextRunAt: sql`now() - interval '1 second'` });
    expect((await Promise.all(instances.map((jobs) => jobs.tick('test.sweep', 60_000, job)))).filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(2);
    const [row] = await handle.db.select().from(scheduledJobs);
    expect(row.lastRunBy).toMatch(/:\d+$/);
    await Promise.all(instances.map((jobs) => jobs.onApplicationShutdown()));
  });

  it('a failing job does not stop the next period, and a running job is never overlapped in its process', async () => {
    const jobs = new PeriodicJobs(handle.db);
    let release: () => void = () => undefined;
    const slow = jobs.tick('test.slow', 1000, () => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await handle.db
      .update(scheduledJobs)
      .set({ nextRunAt: sql`now() - interval '1 second'` })
      .where(sql`name = 'test.slow'`);
    expect(await jobs.tick('test.slow', 1000, async () => undefined)).toBe(false);
    release();
    expect(await slow).toBe(true);
    expect(await jobs.tick('test.failing', 1000, () => Promise.reject(new Error('boom')))).toBe(true);
    await handle.db
      .update(scheduledJobs)
      .set({ nextRunAt: sql`now() - interval '1 second'` })
      .where(sql`name = 'test.failing'`);
    expect(await jobs.tick('test.failing', 1000, async () => undefined)).toBe(true);
  });
});
