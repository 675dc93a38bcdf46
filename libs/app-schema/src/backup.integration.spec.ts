import { BackupRefusedError, type DatabaseHandle, executeRows, openDatabase, restoreBackup, writeBackup } from '@dealership/server-db';
import { findMigrationsDir } from '@dealership/server-db/testing';
import { sql } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { insertBrand, insertCar, insertOrder, insertUser } from './testing';

/** Every table's rows as JSON text, by table. */
async function everyRow(handle: DatabaseHandle): Promise<Map<string, Set<string>>> {
  const tables = await executeRows<{ name: string }>(handle.db, sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`);
  const all = new Map<string, Set<string>>();
  for (const { name } of tables) {
    const rows = await executeRows<{ row: string }>(handle.db, sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`);
    all.set(name, new Set(rows.map((r) => r.row)));
  }
  return all;
}

// A backup taken while the site writes, restored into empty folders: the same rows (ids, password
// hashes, messages with their status, so none is sent twice), the same pictures.
describe('backup and restore of the embedded database and the pictures (integration, real PGlite folders)', () => {
  let root: string;
  const migrationsCount = JSON.parse(readFileSync(join(findMigrationsDir(), 'meta', '_journal.json'), 'utf8')).entries.length as number;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'backup-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('takes a consistent backup while rows are written, and restores it row for row and file for file', async () => {
    const dataDir = join(root, 'data');
    const mediaDir = join(root, 'media');
    const backupDir = join(root, 'backups');
    mkdirSync(join(mediaDir, 'cars'), { recursive: true });
    writeFileSync(join(mediaDir, 'cars', 'prado-1280.webp'), Buffer.from('a picture of a Prado'));
    writeFileSync(join(mediaDir, 'logo.webp'), Buffer.alloc(70_000, 7));

    const source = await openDatabase({ kind: 'pglite', dataDir });
    let written = 0;
    let writing = true;
    let manifest: Awaited<ReturnType<typeof writeBackup>>['manifest'];
    let file: string;
    try {
      const brand = await insertBrand(source.db, { name: 'Toyota' });
      const car = await insertCar(source.db, { brandId: brand.id, name: 'Toyota Prado 2019' });
      const buyer = await insertUser(source.db, { email: 'amina@buyer.test' });
      await insertOrder(source.db, { buyerId: buyer.id, lines: [{ car }] });
      // The site goes on writing while the backup is taken.
      const writer = (async () => {
        while (writing) {
          await insertUser(source.db, { email: `writer-${++written}@buyer.test` });
          // As requests do, between writes (PGlite answers without I/O: a bare loop would starve the event loop).
          await new Promise((next) => setImmediate(next));
        }
      })();
      ({ file, manifest } = await writeBackup(source, { mediaDir, backupDir, product: '0.1.0' }));
      writing = false;
      await writer;
      expect(written).toBeGreaterThan(0);

      expect(readdirSync(backupDir)).toEqual([file.split('/').pop()]);
      expect(manifest).toMatchObject({ format: 1, product: '0.1.0', engine: 'pglite', migrations: { count: migrationsCount } });
      expect(manifest.tables['brands']).toBe(1);
      expect(manifest.media.map((m) => m.file)).toEqual(['cars/prado-1280.webp', 'logo.webp']);

      // Restored into empty folders: exactly what the manifest counted, each row as it is in the site.
      const restoredData = join(root, 'restored-data');
      const restoredMedia = join(root, 'restored-media');
      await restoreBackup(file, { dataDir: join(restoredData, 'pglite'), mediaDir: restoredMedia, migrationsCount });
      const restored = await openDatabase({ kind: 'pglite', dataDir: restoredData });
      try {
        const [now, then] = [await everyRow(source), await everyRow(restored)];
        for (const [table, rows] of then) {
          expect({ table, rows: rows.size }).toEqual({ table, rows: manifest.tables[table] });
          for (const row of rows) expect({ table, present: now.get(table)?.has(row) }).toEqual({ table, present: true });
        }
        expect([...then.keys()]).toEqual([...now.keys()]);
      } finally {
        await restored.close();
      }
      for (const { file: picture } of manifest.media) expect(readFileSync(join(restoredMedia, picture)).equals(readFileSync(join(mediaDir, picture)))).toBe(true);

      // A folder that holds something is refused unless told; an archive of a newer version is refused.
      await expect(restoreBackup(file, { dataDir: join(restoredData, 'pglite'), mediaDir: restoredMedia, migrationsCount })).rejects.toThrow(
        /is not empty: restore into an empty folder, or pass --force/,
      );
      await expect(restoreBackup(file, { dataDir: join(root, 'other', 'pglite'), mediaDir: join(root, 'other-media'), migrationsCount: migrationsCount - 1 })).rejects.toThrow(
        BackupRefusedError,
      );
      await restoreBackup(file, { dataDir: join(restoredData, 'pglite'), mediaDir: restoredMedia, migrationsCount, force: true });
    } finally {
      writing = false;
      await source.close();
    }

    // A damaged archive is refused by its checksums.
    const damaged = join(root, 'damaged.tar');
    const bytes = readFileSync(file);
    const at = bytes.indexOf(Buffer.from('a picture of a Prado'));
    bytes[at] ^= 0xff;
    writeFileSync(damaged, bytes);
    await expect(restoreBackup(damaged, { dataDir: join(root, 'damaged', 'pglite'), mediaDir: join(root, 'damaged-media'), migrationsCount })).rejects.toThrow(
      /does not match its checksum: the archive is damaged/,
    );
  }, 120_000);
});
