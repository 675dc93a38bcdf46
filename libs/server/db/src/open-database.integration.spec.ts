import { count, sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataDirLockedError } from './data-dir-lock';
import { openDatabase } from './open-database';
import { executeRows } from './database';
import { appState } from './schema';
import { createTestDatabase, testDatabaseUrl } from './testing';

describe('openDatabase (PGlite persisted under DATA_DIR)', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'db-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('migrates, keeps data across reopen, and refuses a second handle on the same folder', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await first.db.insert(appState).values({ key: 'toyota', value: true });
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir });
    const [{ n }] = await second.db.select({ n: count() }).from(appState);
    expect(n).toBe(1);
    await second.ping();
    await second.close();
    await expect(second.ping()).rejects.toThrow();
  }, 60_000);

  it("starts PGlite with the page cache it is given, PGlite's own parameters kept", async () => {
    const handle = await openDatabase({ kind: 'pglite', dataDir, sharedBuffersMb: 12 });
    try {
      const setting = async (name: string) => {
        const result = await handle.db.execute<{ setting: string }>(sql`select current_setting(${name}) as setting`);
        return (Array.isArray(result) ? result : (result as unknown as { rows: { setting: string }[] }).rows)[0].setting;
      };
      expect(await setting('shared_buffers')).toBe('12MB');
      expect(await setting('max_worker_processes')).toBe('0');
    } finally {
      await handle.close();
    }
  }, 60_000);
});

describe('createTestDatabase', () => {
  it('gives a migrated database with the search indexes', async () => {
    const handle = await createTestDatabase();
    try {
      const result = await handle.db.execute(sql`select indexname from pg_indexes where tablename = 'cars' order by indexname`);
      const names = (result as unknown as { rows: { indexname: string }[] }).rows.map((r) => r.indexname);
      expect(names).toEqual(
        expect.arrayContaining([
          'cars_slug_key',
          'cars_price_idx',
          'cars_created_at_idx',
          'cars_brand_created_idx',
          'cars_listed_created_idx',
          'cars_search_trgm_idx',
          'cars_updated_at_idx',
        ]),
      );
    } finally {
      await handle.close();
    }
  }, 60_000);

  // Only the server has a JIT compiler (the embedded engine is built without one).
  if (globalThis.__TEST_DATABASE_URL__) it("runs the server's sessions without JIT, keeping options the address names (a page of cars costed above jit_above_cost compiled for ten times its run)", async () => {
    const handle = await createTestDatabase();
    const url = new URL(testDatabaseUrl(handle) as string);
    url.searchParams.set('options', '-c statement_timeout=12345');
    const withOptions = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    try {
      const settings = (db: typeof handle.db) =>
        executeRows<{ jit: string; timeout: string }>(db, sql`select current_setting('jit') as jit, current_setting('statement_timeout') as timeout`);
      const plain = await Promise.all(Array.from({ length: 3 }, () => settings(handle.db)));
      expect(plain.flat().map((row) => row.jit)).toEqual(['off', 'off', 'off']);
      expect(await settings(withOptions.db)).toEqual([{ jit: 'off', timeout: '12345ms' }]);
    } finally {
      await withOptions.close();
      await handle.close();
    }
  }, 60_000);
});
