import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { cpSync, createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { extract, pack, type Pack } from 'tar-stream';
import { BackupRefusedError, dumpPostgres, isEmptyPostgres, restorePostgres } from './backup-postgres';
import { pgliteVersion, restoreDataDirDump } from './data-dir-template';
import { type Database, type DatabaseHandle, executeRows } from './database';

export { BackupRefusedError } from './backup-postgres';

// A backup is one tar file: the database (the embedded one as PGlite's own dump, `database.tar.gz`;
// a PostgreSQL server's as pg_dump's custom format, `database.pgdump`), the media folder's files
// under `media/`, and `manifest.json`, written last. The manifest says what made it (product
// version, migration level), what it holds (rows per table), and every file's SHA-256.

/** What a backup holds, written last in its archive (every file's checksum known by then). */
export interface BackupManifest {
  format: 1;
  product: string;
  createdAt: string;
  /** The embedded database (PGlite) or a PostgreSQL server: restored into the same kind. */
  engine: 'pglite' | 'postgres';
  /**
   * The release of PGlite that wrote the embedded database's files (another release may not read
   * them: a restore that cannot open them names both), or the PostgreSQL server's version.
   * Absent from the first backups.
   */
  engineVersion?: string;
  /** The migrations applied when it was taken: their number and the last one's hash. */
  migrations: { count: number; last: string | null };
  /** Rows per table, counted in the dump itself. */
  tables: Record<string, number>;
  database: { file: string; bytes: number; sha256: string };
  media: { file: string; bytes: number; sha256: string }[];
}

/** Where a backup is restored: the database of the environment (its DATA_DIR's, or DATABASE_URL's), and MEDIA_DIR. */
export interface RestoreTarget {
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  mediaDir: string;
  /** The migrations this version knows: an archive with more is refused. */
  migrationsCount: number;
  /** Replace what the targets hold (otherwise a target that holds anything is refused). */
  force?: boolean;
}

const DATABASE_FILE = { pglite: 'database.tar.gz', postgres: 'database.pgdump' } as const;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Every file under `dir`, relative to it, in a stable order, but the pictures still being written
 * (`*.partial`: the media storage writes under that name, then renames).
 */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** What a dump holds, counted in the very state it was taken from. */
type Described = Pick<BackupManifest, 'migrations' | 'tables'> & { serverVersion?: string };

/** The migrations applied in `db`, the rows of each table of the public schema, and the server's version. */
async function describe(db: Database): Promise<Described> {
  const [{ migrated }] = await executeRows<{ migrated: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as migrated`);
  // A database no version of the site has opened yet holds no migrations.
  const [applied] = migrated
    ? await executeRows<{ count: number; last: string | null }>(
        db,
        sql`select count(*)::int as count, (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as last from drizzle.__drizzle_migrations`,
      )
    : [];
  const tables: Record<string, number> = {};
  for (const { name } of await executeRows<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`)) {
    const [{ rows }] = await executeRows<{ rows: number }>(db, sql`select count(*)::int as rows from ${sql.identifier(name)}`);
    tables[name] = rows;
  }
  const [{ version }] = await executeRows<{ version: string }>(db, sql`select current_setting('server_version') as version`);
  return { migrations: { count: applied?.count ?? 0, last: applied?.last ?? null }, tables, serverVersion: version };
}

/** Adds `data` to the archive under `name`. */
function addBuffer(archive: Pack, name: string, data: Buffer): Promise<{ bytes: number; sha256: string }> {
  return new Promise((done, fail) =>
    archive.entry({ name, size: data.length, mode: 0o600 }, data, (error) => (error ? fail(error) : done({ bytes: data.length, sha256: sha256(data) }))),
  );
}

/** Streams `source` (`bytes` long) into the archive under `name`, hashed on the way (a dump may be gigabytes). */
function addStream(archive: Pack, name: string, source: Readable, bytes: number): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  return new Promise((done, fail) => {
    const sink = archive.entry({ name, size: bytes, mode: 0o600 }, (error) => (error ? fail(error) : done({ bytes, sha256: hash.digest('hex') })));
    source
      .on('data', (chunk: Buffer) => hash.update(chunk))
      .on('error', fail)
      .pipe(sink);
  });
}

/** Streams the file at `path` into the archive under `name`. */
const addFile = (archive: Pack, name: string, path: string) => addStream(archive, name, createReadStream(path), statSync(path).size);

/**
 * Streams a picture into the archive, or answers undefined when it was deleted since the folder
 * was listed (the site goes on serving while it is backed up). Read through the open file: a
 * picture deleted or replaced (by a rename) while it is read is still read whole.
 */
async function addMediaFile(archive: Pack, name: string, path: string): Promise<{ bytes: number; sha256: string } | undefined> {
  let file;
  try {
    file = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const { size } = await file.stat();
    return await addStream(archive, name, file.createReadStream({ autoClose: false }), size);
  } finally {
    await file.close();
  }
}

/**
 * Writes a backup of the database behind `handle` and of `mediaDir` into `backupDir`, and answers
 * its path, while the site goes on serving and writing. The embedded database is PGlite's own dump,
 * taken while no query runs (PGlite dumps under its query lock), its rows counted in the dump
 * itself; a PostgreSQL server's is pg_dump's, its rows counted in the snapshot pg_dump reads. The
 * file appears complete or not at all (written under another name, then renamed).
 */
export async function writeBackup(handle: DatabaseHandle, options: { mediaDir?: string; backupDir: string; product: string; now?: Date }): Promise<{ file: string; manifest: BackupManifest }> {
  const now = options.now ?? new Date();
  mkdirSync(options.backupDir, { recursive: true, mode: 0o700 });
  const file = join(options.backupDir, `backup-${now.toISOString().replace(/[:.]/g, '-')}.tar`);
  const partial = `${file}.partial`;
  const pgDump = `${file}.pgdump.partial`;
  const archive = pack();
  const written = pipeline(archive, createWriteStream(partial, { mode: 0o600 }));
  try {
    let described: Described;
    let database: BackupManifest['database'];
    if (handle.engine === 'postgres') {
      if (!handle.serverUrl) throw new Error('This database handle does not know its server URL (pg_dump needs it)');
      described = await dumpPostgres(handle.serverUrl, pgDump, describe);
      database = { file: DATABASE_FILE.postgres, ...(await addFile(archive, DATABASE_FILE.postgres, pgDump)) };
    } else {
      if (!handle.dumpDatabase) throw new Error('This embedded database cannot be dumped');
      const { dump, described: counted } = await handle.dumpDatabase(describe);
      described = counted;
      // Streamed from PGlite's own copy, not copied again.
      database = { file: DATABASE_FILE.pglite, ...(await addStream(archive, DATABASE_FILE.pglite, Readable.fromWeb(dump.stream() as import('node:stream/web').ReadableStream), dump.size)) };
    }
    // One file at a time, read once (written and hashed): a media folder may hold gigabytes.
    const mediaDir = options.mediaDir;
    const media: BackupManifest['media'] = [];
    for (const mediaFile of mediaDir ? filesUnder(mediaDir) : []) {
      const added = await addMediaFile(archive, `media/${mediaFile}`, join(mediaDir as string, mediaFile));
      if (added) media.push({ file: mediaFile, ...added });
    }
    const engineVersion = handle.engine === 'pglite' ? pgliteVersion() : described.serverVersion;
    // Last, once every file's checksum is known (a restore trusts nothing in the archive before it).
    const manifest: BackupManifest = {
      format: 1,
      product: options.product,
      createdAt: now.toISOString(),
      engine: handle.engine,
      ...(engineVersion ? { engineVersion } : {}),
      migrations: described.migrations,
      tables: described.tables,
      database,
      media,
    };
    await addBuffer(archive, 'manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));
    archive.finalize();
    await written;
    renameSync(partial, file);
    return { file, manifest };
  } catch (error) {
    archive.destroy();
    await written.catch(() => undefined);
    rmSync(partial, { force: true });
    throw error;
  } finally {
    rmSync(pgDump, { force: true });
  }
}

/**
 * Extracts a backup's entries into `staging`, hashing each on the way (nothing is held in memory
 * but the manifest), and checks every file against the manifest's checksums.
 */
async function extractBackup(file: string, staging: string): Promise<BackupManifest> {
  const found = new Map<string, { bytes: number; sha256: string }>();
  let manifestText: Buffer | undefined;
  const reader = extract();
  reader.on('entry', (header, stream, next) => {
    const fail = (error: Error) => reader.destroy(error);
    if (header.type !== 'file') {
      stream.on('end', next).resume();
      return;
    }
    if (header.name === 'manifest.json') {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => ((manifestText = Buffer.concat(chunks)), next()));
      return;
    }
    const path = resolve(staging, header.name);
    if (!path.startsWith(staging + sep)) return fail(new BackupRefusedError(`${file}: ${header.name} points outside the backup`));
    mkdirSync(dirname(path), { recursive: true });
    const hash = createHash('sha256');
    let bytes = 0;
    stream.on('data', (chunk: Buffer) => (hash.update(chunk), (bytes += chunk.length)));
    pipeline(stream, createWriteStream(path, { mode: 0o600 })).then(() => {
      found.set(header.name, { bytes, sha256: hash.digest('hex') });
      next();
    }, fail);
  });
  await pipeline(createReadStream(file), reader);
  if (!manifestText) throw new BackupRefusedError(`${file} is not a backup of this site (no manifest.json)`);
  const manifest = JSON.parse(manifestText.toString('utf8')) as BackupManifest;
  if (manifest.format !== 1 || !(manifest.engine in DATABASE_FILE)) throw new BackupRefusedError(`${file}: a backup format this version cannot read (${manifest.format}, ${manifest.engine})`);
  if (found.get(manifest.database.file)?.sha256 !== manifest.database.sha256) throw new BackupRefusedError(`${file}: the database in it does not match its checksum: the archive is damaged`);
  for (const { file: mediaFile, sha256: expected } of manifest.media) {
    if (found.get(`media/${mediaFile}`)?.sha256 !== expected) throw new BackupRefusedError(`${file}: media/${mediaFile} does not match its checksum: the archive is damaged`);
  }
  return manifest;
}

/** Whether a folder holds nothing (or does not exist). */
const isEmpty = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** The targets that hold something, each as the refusal names it. */
async function occupied(target: RestoreTarget): Promise<{ database?: string; media?: string }> {
  const { database } = target;
  return {
    database:
      database.kind === 'pglite'
        ? isEmpty(database.dataDir)
          ? undefined
          : `${database.dataDir} is not empty: restore into an empty folder`
        : (await isEmptyPostgres(database.url))
          ? undefined
          : `The database of DATABASE_URL (${new URL(database.url).pathname.slice(1)}) is not empty: restore into an empty database`,
    media: isEmpty(target.mediaDir) ? undefined : `${target.mediaDir} is not empty: restore into an empty folder`,
  };
}

/**
 * Restores `file` into the empty database and media folder of `target`: a target that holds
 * anything refused unless `force` (then replaced), an archive whose checksums do not match refused,
 * one of a newer migration level than this version knows refused, one of the other engine refused.
 * The database opens as it was: the next start applies the migrations it lacks. Answers the manifest.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<BackupManifest> {
  // Before reading what may be gigabytes.
  const held = await occupied(target);
  const refusal = held.database ?? held.media;
  if (refusal && !target.force) throw new BackupRefusedError(`${refusal}, or pass --force to replace what is there`);
  const mediaDir = resolve(target.mediaDir);
  mkdirSync(dirname(mediaDir), { recursive: true });
  // Beside the media folder, so the pictures move into place by a rename, not a copy.
  const staging = await mkdtemp(`${mediaDir}.restoring-`);
  try {
    const manifest = await extractBackup(file, staging);
    if (manifest.migrations.count > target.migrationsCount) {
      throw new BackupRefusedError(
        `${file} was taken by a newer version (${manifest.migrations.count} migrations, this one knows ${target.migrationsCount}): restore it with that version or a later one`,
      );
    }
    if (manifest.engine !== target.database.kind) {
      throw new BackupRefusedError(
        manifest.engine === 'pglite'
          ? `${file} holds the embedded database: restore it without DATABASE_URL, into DATA_DIR`
          : `${file} holds a PostgreSQL server's database: restore it with DATABASE_URL naming an empty database`,
      );
    }
    const dump = join(staging, manifest.database.file);
    if (target.database.kind === 'pglite') {
      if (held.database) rmSync(target.database.dataDir, { recursive: true, force: true });
      await restoreDataDirDump(dump, target.database.dataDir);
    } else {
      await restorePostgres(target.database.url, dump, { replace: Boolean(held.database) });
    }
    rmSync(mediaDir, { recursive: true, force: true });
    const media = join(staging, 'media');
    if (!existsSync(media)) mkdirSync(mediaDir, { recursive: true });
    else {
      try {
        renameSync(media, mediaDir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        cpSync(media, mediaDir, { recursive: true });
      }
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
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
