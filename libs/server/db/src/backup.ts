import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { extract, pack } from 'tar-stream';
import { PGLITE_EXTENSIONS, restoreDataDirTemplate } from './data-dir-template';
import { type Database, type DatabaseHandle, executeRows } from './database';

// A backup is one tar file: the database (`database.tar.gz`: PGlite's own dump of the embedded
// database), the media folder's files under `media/`, and `manifest.json`, written last. The manifest says what made
// it (product version, migration level), what it holds (rows per table), and every file's SHA-256.

/** What a backup holds, written last in its archive (every file's checksum known by then). */
export interface BackupManifest {
  format: 1;
  product: string;
  createdAt: string;
  engine: 'pglite';
  /** The migrations applied when it was taken: their number and the last one's hash. */
  migrations: { count: number; last: string | null };
  /** Rows per table, counted in the dump itself. */
  tables: Record<string, number>;
  database: { file: string; bytes: number; sha256: string };
  media: { file: string; bytes: number; sha256: string }[];
}

/** Why a restore was refused: the message says what to do. */
export class BackupRefusedError extends Error {}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Every file under `dir`, relative to it, in a stable order. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** The migrations applied in `db` and the rows of each table of the public schema. */
async function describe(db: Database): Promise<Pick<BackupManifest, 'migrations' | 'tables'>> {
  const [applied] = await executeRows<{ count: number; last: string | null }>(
    db,
    sql`select count(*)::int as count, (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as last from drizzle.__drizzle_migrations`,
  );
  const tables: Record<string, number> = {};
  for (const { name } of await executeRows<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`)) {
    const [{ rows }] = await executeRows<{ rows: number }>(db, sql`select count(*)::int as rows from ${sql.identifier(name)}`);
    tables[name] = rows;
  }
  return { migrations: { count: applied?.count ?? 0, last: applied?.last ?? null }, tables };
}

/**
 * Opens a PGlite dump in memory (to count what it holds), with a small page cache: it runs beside
 * the server's own database, whose memory it would otherwise double (PGlite's default is 128 MB).
 */
async function openDump(dump: Buffer): Promise<PGlite> {
  return PGlite.create({
    extensions: PGLITE_EXTENSIONS,
    loadDataDir: new Blob([new Uint8Array(dump)]),
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
}

/**
 * Writes a backup of the embedded database behind `handle` and of `mediaDir` into `backupDir`, and
 * answers its path. The database is PGlite's own dump, taken while no query runs (PGlite dumps under
 * its query lock), so the server keeps serving; its rows are counted in the dump itself. The file
 * appears complete or not at all (written under another name, then renamed).
 */
export async function writeBackup(handle: DatabaseHandle, options: { mediaDir?: string; backupDir: string; product: string; now?: Date }): Promise<{ file: string; manifest: BackupManifest }> {
  if (!handle.dumpDatabase) throw new Error('This database cannot be dumped from the server (a PostgreSQL server: use pg_dump, docs/operating.md)');
  const dump = await handle.dumpDatabase();
  const copy = await openDump(dump);
  let described: Pick<BackupManifest, 'migrations' | 'tables'>;
  try {
    described = await describe(drizzle(copy) as unknown as Database);
  } finally {
    await copy.close();
  }
  const now = options.now ?? new Date();
  mkdirSync(options.backupDir, { recursive: true, mode: 0o700 });
  const name = `backup-${now.toISOString().replace(/[:.]/g, '-')}.tar`;
  const file = join(options.backupDir, name);
  const partial = `${file}.partial`;
  const archive = pack();
  const written = pipeline(archive, createWriteStream(partial, { mode: 0o600 }));
  const entry = (entryName: string, data: Buffer) =>
    new Promise<void>((done, fail) => archive.entry({ name: entryName, size: data.length, mode: 0o600 }, data, (error) => (error ? fail(error) : done())));
  await entry('database.tar.gz', dump);
  // One file at a time, read once (written and hashed): a media folder may hold gigabytes.
  const mediaDir = options.mediaDir;
  const media: BackupManifest['media'] = [];
  for (const mediaFile of mediaDir ? filesUnder(mediaDir) : []) {
    const data = readFileSync(join(mediaDir as string, mediaFile));
    await entry(`media/${mediaFile}`, data);
    media.push({ file: mediaFile, bytes: data.length, sha256: sha256(data) });
  }
  // Last, once every file's checksum is known (a restore reads the whole archive before it trusts any of it).
  const manifest: BackupManifest = {
    format: 1,
    product: options.product,
    createdAt: now.toISOString(),
    engine: 'pglite',
    ...described,
    database: { file: 'database.tar.gz', bytes: dump.length, sha256: sha256(dump) },
    media,
  };
  await entry('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));
  archive.finalize();
  await written;
  renameSync(partial, file);
  return { file, manifest };
}

/** Reads a backup's entries, checking every file against the manifest's checksums. */
async function readBackup(file: string): Promise<{ manifest: BackupManifest; database: Buffer; media: Map<string, Buffer> }> {
  const entries = new Map<string, Buffer>();
  const reader = extract();
  reader.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      entries.set(header.name, Buffer.concat(chunks));
      next();
    });
    stream.resume();
  });
  await pipeline(createReadStream(file), reader);
  const manifestText = entries.get('manifest.json');
  if (!manifestText) throw new BackupRefusedError(`${file} is not a backup of this site (no manifest.json)`);
  const manifest = JSON.parse(manifestText.toString('utf8')) as BackupManifest;
  if (manifest.format !== 1 || manifest.engine !== 'pglite') throw new BackupRefusedError(`${file}: a backup format this version cannot read (${manifest.format}, ${manifest.engine})`);
  const database = entries.get(manifest.database.file);
  if (!database || sha256(database) !== manifest.database.sha256) throw new BackupRefusedError(`${file}: the database in it does not match its checksum: the archive is damaged`);
  const media = new Map<string, Buffer>();
  for (const { file: mediaFile, sha256: expected } of manifest.media) {
    const data = entries.get(`media/${mediaFile}`);
    if (!data || sha256(data) !== expected) throw new BackupRefusedError(`${file}: media/${mediaFile} does not match its checksum: the archive is damaged`);
    media.set(mediaFile, data);
  }
  return { manifest, database, media };
}

/** Whether a folder holds nothing (or does not exist). */
const isEmpty = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Restores `file` into the empty `dataDir` and `mediaDir`: checksums checked, an archive of a newer
 * migration level than `migrationsCount` (what this version knows) refused, a non-empty target
 * refused unless `force` (then emptied first). The database opens as it was: the next start applies
 * the migrations it lacks. Answers the manifest.
 */
export async function restoreBackup(
  file: string,
  target: { dataDir: string; mediaDir: string; migrationsCount: number; force?: boolean },
): Promise<BackupManifest> {
  const { manifest, database, media } = await readBackup(file);
  if (manifest.migrations.count > target.migrationsCount) {
    throw new BackupRefusedError(
      `${file} was taken by a newer version (${manifest.migrations.count} migrations, this one knows ${target.migrationsCount}): restore it with that version or a later one`,
    );
  }
  for (const dir of [target.dataDir, target.mediaDir]) {
    if (isEmpty(dir)) continue;
    if (!target.force) throw new BackupRefusedError(`${dir} is not empty: restore into an empty folder, or pass --force to replace what is there`);
    rmSync(dir, { recursive: true, force: true });
  }
  const staging = await mkdtemp(join(tmpdir(), 'restore-'));
  try {
    const dumpFile = join(staging, manifest.database.file);
    writeFileSync(dumpFile, database);
    restoreDataDirTemplate(dumpFile, target.dataDir);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  const root = resolve(target.mediaDir);
  for (const [mediaFile, data] of media) {
    const path = resolve(root, mediaFile);
    if (!path.startsWith(root + sep)) throw new BackupRefusedError(`${file}: media/${mediaFile} points outside the media folder`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, data);
  }
  return manifest;
}

/** The backups in `backupDir`, newest first, with their size (the back office's "last backup"). */
export function listBackups(backupDir: string): { file: string; bytes: number; takenAt: Date }[] {
  if (!existsSync(backupDir)) return [];
  return readdirSync(backupDir)
    .filter((name) => /^backup-.*\.tar$/.test(name))
    .map((name) => {
      const stat = statSync(join(backupDir, name));
      return { file: join(backupDir, name), bytes: stat.size, takenAt: stat.mtime };
    })
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}
