import { sql } from 'drizzle-orm';
import { type DatabaseHandle, executeRows } from './database';
import { EmbeddedMaintenance } from './embedded-maintenance';
import { PeriodicJobs } from './periodic-jobs';
import { appState } from './schema';
import { createTestDatabase } from './testing';

describe('the embedded database maintenance (real database)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('is scheduled only on the embedded engine (a server has autovacuum)', () => {
    const maintenance = new EmbeddedMaintenance(handle, new PeriodicJobs(handle.db));
    expect(maintenance.scheduled).toBe(handle.engine === 'pglite');
  });

  it('vacuums and analyses: a table gets its statistics and a visibility map for index-only counts', async () => {
    for (let i = 0; i < 30; i++) await handle.db.insert(appState).values({ key: `fact ${i}`, value: { i } });
    type State = { vacuumed: boolean; analysed: boolean; visible: number };
    const state = async () =>
      (
        await executeRows<State>(
          handle.db,
          sql`select s.last_vacuum is not null as vacuumed, s.last_analyze is not null as analysed, c.relallvisible::int as visible
              from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'app_state'`,
        )
      )[0];
    await new EmbeddedMaintenance(handle, new PeriodicJobs(handle.db)).run();
    expect(await state()).toEqual({ vacuumed: true, analysed: true, visible: expect.any(Number) });
    expect((await state()).visible).toBeGreaterThan(0);
  });
});
