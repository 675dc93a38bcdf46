import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, gunzipSync } from 'node:zlib';
import { extract } from 'tar-stream';

/**
 * The embedded database's first state, made once by the server build instead of on every first
 * start: PGlite's `initdb` (3-4 s of WebAssembly and file writes on this machine kind) and the
 * committed migrations, dumped as PGlite's own tar.gz (`dumpDataDir('gzip')`, about 5 MB) beside
 * the bundle. A start on a folder without a database unpacks it (0.1-0.6 s here, mostly creating
 * its thousand files) and opens it as a restart does; the migrations then run as on every start
 * (nothing left to apply, unless the template is older than the bundle's migrations).
 */
export const DATA_DIR_TEMPLATE_FILE = 'pglite-template.tar.gz';

/** Extensions the server loads into PGlite (the template is made with the same). */
export const PGLITE_EXTENSIONS = { pg_trgm };

interface TemplateMeta {
  /** The PGlite release that made it: another release may not read its files. */
  pglite: string;
}

const metaFile = (templateFile: string) => `${templateFile}.json`;

/** The version of the installed `@electric-sql/pglite` (its package.json is not exported). */
export function pgliteVersion(): string {
  let dir = dirname(require.resolve('@electric-sql/pglite'));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('@electric-sql/pglite: package.json not found');
    dir = parent;
  }
}

/**
 * Writes the template: a fresh in-memory PGlite, migrated, checkpointed and dumped (the server build
 * runs this). `compression: 'none'` writes a plain tar, 8 times larger but loaded faster
 * (the tests' snapshot, `testing/database-snapshot.ts`).
 */
export async function writeDataDirTemplate(templateFile: string, migrationsFolder: string, compression: 'gzip' | 'none' = 'gzip'): Promise<void> {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    await migrate(drizzle(client), { migrationsFolder });
    // Everything in the data files, so that opening the copy replays no WAL.
    await client.query('CHECKPOINT');
    const dump = await client.dumpDataDir(compression);
    // Each file complete or absent, also when two builds write it at once.
    const writeAtomically = (file: string, data: string | Buffer) => {
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, data);
      renameSync(partial, file);
    };
    writeAtomically(templateFile, Buffer.from(await dump.arrayBuffer()));
    writeAtomically(metaFile(templateFile), `${JSON.stringify({ pglite: pgliteVersion() } satisfies TemplateMeta)}\n`);
  } finally {
    await client.close();
  }
}

/** The template beside the server bundle, when the build made one for the installed PGlite; undefined otherwise (running from source). */
export function findDataDirTemplate(dir = __dirname): string | undefined {
  const file = resolve(dir, DATA_DIR_TEMPLATE_FILE);
  if (!existsSync(file) || !existsSync(metaFile(file))) return undefined;
  try {
    const meta = JSON.parse(readFileSync(metaFile(file), 'utf8')) as TemplateMeta;
    return meta.pglite === pgliteVersion() ? file : undefined;
  } catch {
    return undefined;
  }
}

/** True when `dir` holds no database yet (missing or empty): the only case a template is used. */
export function isEmptyDataDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * PGlite can start from a dump itself (`PGlite.create({ dataDir, loadDataDir })`), but it unpacks
 * through its in-WebAssembly file system: 1.4 s for this template against 0.1-0.6 s for this plain
 * ustar reader (the dump holds only files and folders), measured on this machine kind.
 *
 * Unpacks the template into `targetDir` (which must hold no database), atomically: into a
 * sibling folder first, renamed into place when complete, so a crash midway leaves no half
 * database (the next start begins again). Only regular files and folders inside the target
 * are accepted; anything else in the archive throws and nothing is left behind.
 */
export function restoreDataDirTemplate(templateFile: string, targetDir: string): void {
  if (!isEmptyDataDir(targetDir)) throw new Error(`database template: ${targetDir} already holds files`);
  const staging = `${targetDir}.restoring`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  try {
    const tar = gunzipSync(readFileSync(templateFile));
    const text = (header: Buffer, start: number, length: number) => {
      const field = header.subarray(start, start + length);
      const end = field.indexOf(0);
      return field.toString('utf8', 0, end < 0 ? length : end);
    };
    let offset = 0;
    let entries = 0;
    while (offset + 512 <= tar.length) {
      const header = tar.subarray(offset, offset + 512);
      if (header.every((byte) => byte === 0)) break; // end of archive
      const prefix = text(header, 345, 155);
      const name = text(header, 0, 100);
      const size = Number.parseInt(text(header, 124, 12).trim() || '0', 8);
      const type = header[156] === 0 ? '0' : String.fromCharCode(header[156]);
      const relative = normalize(`${prefix ? `${prefix}/` : ''}${name}`).replace(/^[/\\]+/, '');
      const target = resolve(staging, relative);
      if (!Number.isFinite(size) || size < 0 || (target !== staging && !target.startsWith(staging + sep))) {
        throw new Error(`database template: bad entry ${JSON.stringify(name)}`);
      }
      const body = offset + 512;
      if (type === '5') mkdirSync(target, { recursive: true, mode: 0o700 });
      else if (type === '0') {
        if (body + size > tar.length) throw new Error('database template: truncated');
        mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
        writeFileSync(target, tar.subarray(body, body + size), { mode: 0o600 });
      } else throw new Error(`database template: unsupported entry type ${JSON.stringify(type)} for ${JSON.stringify(name)}`);
      entries++;
      offset = body + Math.ceil(size / 512) * 512;
    }
    if (!existsSync(join(staging, 'PG_VERSION'))) throw new Error(`database template: no PG_VERSION among ${entries} entries`);
    rmSync(targetDir, { recursive: true, force: true }); // empty (isEmptyDataDir)
    renameSync(staging, targetDir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Unpacks a backup's embedded database (PGlite's gzipped dump) into `targetDir`, which must hold no
 * database, as `restoreDataDirTemplate` does (a sibling folder renamed into place; only files and
 * folders inside the target), but streamed: a dealer's database may not fit in memory twice, and
 * the template reader above holds the whole tar (fine for its 5 MB).
 */
export async function restoreDataDirDump(dumpFile: string, targetDir: string): Promise<void> {
  if (!isEmptyDataDir(targetDir)) throw new Error(`database restore: ${targetDir} already holds files`);
  const staging = `${targetDir}.restoring`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  try {
    const reader = extract();
    reader.on('entry', (header, stream, next) => {
      const target = resolve(staging, normalize(header.name).replace(/^[/\\]+/, ''));
      if (target !== staging && !target.startsWith(staging + sep)) return reader.destroy(new Error(`database restore: bad entry ${JSON.stringify(header.name)}`));
      if (header.type === 'directory') {
        mkdirSync(target, { recursive: true, mode: 0o700 });
        stream.on('end', next).resume();
      } else if (header.type === 'file') {
        mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
        pipeline(stream, createWriteStream(target, { mode: 0o600 })).then(() => next(), (error: Error) => reader.destroy(error));
      } else reader.destroy(new Error(`database restore: unsupported entry type ${header.type} for ${JSON.stringify(header.name)}`));
    });
    await pipeline(createReadStream(dumpFile), createGunzip(), reader);
    if (!existsSync(join(staging, 'PG_VERSION'))) throw new Error('database restore: the dump holds no PG_VERSION');
    rmSync(targetDir, { recursive: true, force: true }); // empty (isEmptyDataDir)
    renameSync(staging, targetDir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}
