import { leads } from '@dealership/lead-data';
import { outboxMessages } from '@dealership/message-data';
import { BackupRefusedError, type DatabaseHandle, executeRows, openDatabase, restoreBackup, type RestoreTarget, writeBackup } from '@dealership/server-db';
import { brands } from '@dealership/brand-data';
import { createTestDatabase, findMigrationsDir, openPglite, testDatabaseUrl } from '@dealership/server-db/testing';
import { sql } from 'drizzle-orm';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
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

/**
 * Where a test restores: on PGlite an empty folder under `root`; on PostgreSQL (`npm run
 * test:postgres`) an empty database beside the test's own, dropped by `drop`.
 */
async function emptyTarget(source: DatabaseHandle, root: string, name: string): Promise<{ database: RestoreTarget['database']; open(): Promise<DatabaseHandle>; drop(): Promise<void> }> {
  const serverUrl = testDatabaseUrl(source);
  if (!serverUrl) {
    const dataDir = join(root, name);
    return { database: { kind: 'pglite', dataDir: join(dataDir, 'pglite') }, open: () => openDatabase({ kind: 'pglite', dataDir }), drop: async () => undefined };
  }
  const url = new URL(serverUrl);
  const database = `${url.pathname.slice(1)}_${name.replace(/\W/g, '_')}`;
  // Through the server's own database: the test's is dropped first when the test ends.
  const adminUrl = Object.assign(new URL(serverUrl), { pathname: '/postgres' }).toString();
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`).finally(() => admin.end());
  url.pathname = `/${database}`;
  return {
    database: { kind: 'postgres', url: url.toString() },
    open: () => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 }),
    drop: async () => {
      const dropper = new Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${database} with (force)`).finally(() => dropper.end());
    },
  };
}

// A backup taken while the site writes orders, leads and messages, restored into an empty target:
// the same rows (ids, password hashes, messages with their status, so none is sent twice), the
// same pictures. The embedded database by default; a PostgreSQL server (pg_dump, pg_restore) under
// `npm run test:postgres`.
describe('backup and restore of the database and the pictures (integration, real engine and folders)', () => {
  let root: string;
  const migrationsCount = JSON.parse(readFileSync(join(findMigrationsDir(), 'meta', '_journal.json'), 'utf8')).entries.length as number;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'backup-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('takes a consistent backup while rows are written, and restores it row for row and file for file', async () => {
    const mediaDir = join(root, 'media');
    const backupDir = join(root, 'backups');
    mkdirSync(join(mediaDir, 'cars'), { recursive: true });
    writeFileSync(join(mediaDir, 'cars', 'prado-1280.webp'), Buffer.from('a picture of a Prado'));
    writeFileSync(join(mediaDir, 'logo.webp'), Buffer.alloc(70_000, 7));
    // Pictures the site deletes while the backup is taken (listed, then gone before they are read),
    // and one left half-written by a crash (the storage writes `*.partial`, then renames).
    const doomed = Array.from({ length: 300 }, (_, i) => `old/${String(i).padStart(3, '0')}.webp`);
    mkdirSync(join(mediaDir, 'old'));
    for (const picture of doomed) writeFileSync(join(mediaDir, picture), Buffer.alloc(4_000, 1));
    writeFileSync(join(mediaDir, 'cars', 'half.webp.123.partial'), Buffer.from('half a picture'));

    const source = await createTestDatabase();
    const restoredTarget = await emptyTarget(source, root, 'restored');
    let written = 0;
    let writing = true;
    let manifest: Awaited<ReturnType<typeof writeBackup>>['manifest'];
    let file: string;
    try {
      const brand = await insertBrand(source.db, { name: 'Toyota' });
      const car = await insertCar(source.db, { brandId: brand.id, name: 'Toyota Prado 2019' });
      const buyer = await insertUser(source.db, { email: 'amina@buyer.test' });
      await insertOrder(source.db, { buyerId: buyer.id, lines: [{ car }] });
      await source.db.insert(outboxMessages).values({ channel: 'sms', recipient: '+254712000001', topic: 'lead.buyer', bodyText: 'Sent already', status: 'sent', sentAt: new Date() });
      // The site goes on taking orders, leads and their messages while the backup is taken.
      // Bounded: the dump is one moment; what is written after it only has to not be in it.
      const writer = (async () => {
        while (writing && written < 150) {
          const n = ++written;
          const customer = await insertUser(source.db, { email: `writer-${n}@buyer.test` });
          await insertOrder(source.db, { buyerId: customer.id, lines: [{ car }] });
          await source.db.insert(leads).values({ kind: 'enquiry', name: `Buyer ${n}`, phone: '+254712345678', message: 'Is it available?', carId: car.id });
          await source.db.insert(outboxMessages).values({ channel: 'email', recipient: `writer-${n}@buyer.test`, topic: 'lead.buyer', subject: 'Thanks', bodyText: 'We will call' });
          // And its pictures: two deleted, one new one written as the storage writes it.
          for (const picture of doomed.slice((n - 1) * 2, n * 2)) unlinkSync(join(mediaDir, picture));
          writeFileSync(join(mediaDir, 'cars', `new-${n}.webp.9.partial`), Buffer.from(`picture ${n}`));
          renameSync(join(mediaDir, 'cars', `new-${n}.webp.9.partial`), join(mediaDir, 'cars', `new-${n}.webp`));
          // As requests do, between writes (PGlite answers without I/O: a bare loop would starve the event loop).
          await new Promise((next) => setImmediate(next));
        }
      })();
      ({ file, manifest } = await writeBackup(source, { mediaDir, backupDir, product: '0.1.0' }));
      writing = false;
      await writer;
      expect(written).toBeGreaterThan(0);

      expect(readdirSync(backupDir)).toEqual([file.split('/').pop()]);
      expect(manifest).toMatchObject({ format: 1, product: '0.1.0', engine: source.engine, migrations: { count: migrationsCount } });
      expect(manifest.tables['brands']).toBe(1);
      expect(manifest.tables).toHaveProperty('leads');
      // What was there when the folder was read, less what the site deleted before it was reached; never a half file.
      const archived = manifest.media.map((m) => m.file);
      expect(archived).toEqual(expect.arrayContaining(['cars/prado-1280.webp', 'logo.webp']));
      expect(archived.filter((picture) => picture.startsWith('old/')).length).toBeLessThan(doomed.length);
      expect(archived.filter((picture) => picture.endsWith('.partial'))).toEqual([]);

      // Restored into an empty target: exactly what the manifest counted (one moment's snapshot, each
      // order with its lines, each lead with its message), each row as it is in the site.
      const restoredMedia = join(root, 'restored-media');
      const target = (force = false): RestoreTarget => ({ database: restoredTarget.database, mediaDir: restoredMedia, migrationsCount, force });
      await restoreBackup(file, target());
      const restored = await restoredTarget.open();
      try {
        const [now, then] = [await everyRow(source), await everyRow(restored)];
        for (const [table, rows] of then) {
          expect({ table, rows: rows.size }).toEqual({ table, rows: manifest.tables[table] });
          for (const row of rows) expect({ table, present: now.get(table)?.has(row) }).toEqual({ table, present: true });
        }
        expect([...then.keys()]).toEqual([...now.keys()]);
        const [sent] = await executeRows<{ count: number }>(restored.db, sql`select count(*)::int as count from outbox_messages where status = 'sent'`);
        expect(sent.count).toBe(1);
      } finally {
        await restored.close();
      }
      for (const { file: picture } of manifest.media) {
        const original = join(mediaDir, picture);
        if (existsSync(original)) expect(readFileSync(join(restoredMedia, picture)).equals(readFileSync(original))).toBe(true);
        else expect(readFileSync(join(restoredMedia, picture))).toEqual(Buffer.alloc(4_000, 1));
      }

      // A target that holds something is refused unless told; an archive of a newer version is refused.
      await expect(restoreBackup(file, target())).rejects.toThrow(/is not empty: restore into an empty (folder|database), or pass --force/);
      const other = await emptyTarget(source, root, 'other');
      try {
        await expect(restoreBackup(file, { database: other.database, mediaDir: join(root, 'other-media'), migrationsCount: migrationsCount - 1 })).rejects.toThrow(BackupRefusedError);
      } finally {
        await other.drop();
      }
      await restoreBackup(file, target(true));
      // On PostgreSQL --force drops what the database holds first: the rows are the backup's again
      // (an embedded database is a fresh folder, as restored above).
      if (restoredTarget.database.kind === 'postgres') {
        const replaced = await restoredTarget.open();
        try {
          expect((await everyRow(replaced)).get('leads')?.size).toBe(manifest.tables['leads']);
        } finally {
          await replaced.close();
        }
      }
    } finally {
      writing = false;
      await source.close();
      await restoredTarget.drop();
    }

    // A damaged archive is refused by its checksums.
    const damaged = join(root, 'damaged.tar');
    const bytes = readFileSync(file);
    const at = bytes.indexOf(Buffer.from('a picture of a Prado'));
    bytes[at] ^= 0xff;
    writeFileSync(damaged, bytes);
    await expect(restoreBackup(damaged, { database: { kind: 'pglite', dataDir: join(root, 'damaged', 'pglite') }, mediaDir: join(root, 'damaged-media'), migrationsCount })).rejects.toThrow(
      /does not match its checksum: the archive is damaged/,
    );
  }, 120_000);

  // A backup of an older version (fewer migrations) restores, and the first open brings it up to
  // date with its rows kept. Embedded only: the migrations run on open the same way on both engines.
  it('restores an archive of an older version and migrates it forward', async () => {
    const migrations = findMigrationsDir();
    const older = join(root, 'older-migrations');
    cpSync(migrations, older, { recursive: true });
    const journal = JSON.parse(readFileSync(join(older, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    journal.entries.pop();
    writeFileSync(join(older, 'meta', '_journal.json'), JSON.stringify(journal));

    const source = await openPglite({ kind: 'pglite', dataDir: join(root, 'older-site') }, older);
    let file: string;
    try {
      await source.db.insert(brands).values({ name: 'Subaru', slug: 'subaru' });
      ({ file } = await writeBackup(source, { backupDir: join(root, 'older-backups'), product: '0.0.9' }));
    } finally {
      await source.close();
    }
    const dataDir = join(root, 'older-restored');
    const manifest = await restoreBackup(file, { database: { kind: 'pglite', dataDir: join(dataDir, 'pglite') }, mediaDir: join(root, 'older-media'), migrationsCount });
    expect(manifest.migrations.count).toBe(migrationsCount - 1);
    expect(manifest.engineVersion).toMatch(/^\d+\.\d+\.\d+/);
    const restored = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const [{ count }] = await executeRows<{ count: number }>(restored.db, sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
      expect(count).toBe(migrationsCount);
      expect((await restored.db.select({ name: brands.name }).from(brands)).map((b) => b.name)).toEqual(['Subaru']);
    } finally {
      await restored.close();
    }
  }, 120_000);
});
