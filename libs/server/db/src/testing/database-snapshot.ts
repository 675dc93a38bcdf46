import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { findMigrationsDir } from '../migrations-dir';

/**
 * The migrated database every test file starts from, made once instead of in every file.
 *
 * A Jest global setup (`tools/jest/global-setup.ts`, in the preset's Node projects) calls
 * `prepareTestDatabaseSnapshot` before the test files run: on PGlite it makes (or finds) a dump
 * of a freshly migrated in-memory database, the server build's template (`../data-dir-template.ts`)
 * written as a plain tar, and `createTestDatabase` loads it (`loadDataDir`) instead of running
 * initdb and every migration again. On a PostgreSQL server (`TEST_DATABASE_URL`) it makes a
 * template database once, which `createTestDatabase` copies (`CREATE DATABASE ... TEMPLATE`).
 * Either way `openDatabase` still runs the migrations on the copy, so a stale snapshot costs time,
 * never correctness; tests of the migrations themselves open databases of their own, from scratch.
 *
 * Both are keyed by the PGlite release, the migration files and the code that writes them, and
 * kept between runs: the PGlite dump under `node_modules/.cache/dealership-test-db`, the template
 * database on the server. Ones not used for a day are removed when a new one is made.
 */

/** The variable that names the snapshot file for the test files (set by the global setup). */
export const TEST_SNAPSHOT_ENV = 'DEALERSHIP_TEST_DB_SNAPSHOT';
/** The variable that names the template database on the PostgreSQL server (set by the global setup). */
export const TEST_TEMPLATE_DATABASE_ENV = 'DEALERSHIP_TEST_DB_TEMPLATE';

const TEMPLATE_PREFIX = 'dealership_test_template_';
const TEMPLATE_NAME = /^dealership_test_template_[0-9a-f]{16}$/;
/** Snapshots and template databases unused for this long are removed when a new one is made. */
const UNUSED_MS = 24 * 60 * 60 * 1000;
const WORKSPACE_ROOT = resolve(__dirname, '../../../../..');

/** What the global setup handed to the test files: it sets the variable before Jest starts its workers. */
function fromGlobalSetup(variable: string): string | undefined {
  // eslint-disable-next-line no-restricted-properties -- test tooling, not the server's configuration
  return process.env[variable] || undefined;
}

/** The installed PGlite release (its package.json is not exported: found beside its entry). */
function pgliteRelease(): string {
  let dir = resolve(require.resolve('@electric-sql/pglite'), '..');
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    }
    const parent = resolve(dir, '..');
    if (parent === dir) throw new Error('@electric-sql/pglite: package.json not found');
    dir = parent;
  }
}

/** What the snapshot depends on: PGlite's release, the migrations and the code that makes it. */
export function testSnapshotKey(migrationsFolder = findMigrationsDir()): string {
  const hash = createHash('sha256').update(pgliteRelease());
  for (const source of [join(__dirname, '../data-dir-template.ts'), __filename]) {
    if (existsSync(source)) hash.update(readFileSync(source));
  }
  for (const file of (readdirSync(migrationsFolder, { recursive: true }) as string[]).sort()) {
    const path = join(migrationsFolder, file);
    if (statSync(path).isFile()) hash.update(`${relative(migrationsFolder, path)}\0`).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Where the PGlite snapshots are kept between runs. */
export function testSnapshotCacheDir(): string {
  return join(WORKSPACE_ROOT, 'node_modules/.cache/dealership-test-db');
}

/**
 * The PGlite snapshot for the committed migrations: found in the cache (and marked used) or made
 * now (a few seconds). Returns its path. Safe when several runs make it at once (each file is
 * written to a temporary name and renamed into place).
 */
export async function prepareTestDatabaseSnapshot(cacheDir = testSnapshotCacheDir()): Promise<{ file: string; made: boolean }> {
  const migrationsFolder = findMigrationsDir();
  const file = join(cacheDir, `pglite-${testSnapshotKey(migrationsFolder)}.tar`);
  // The description is written after the dump: when it is there, the dump is complete.
  if (existsSync(file) && existsSync(`${file}.json`)) {
    const now = new Date();
    utimesSync(file, now, now);
    return { file, made: false };
  }
  mkdirSync(cacheDir, { recursive: true });
  // Loaded only when a snapshot is made: a run that finds one does not pay for PGlite here.
  const { writeDataDirTemplate } = await import('../data-dir-template');
  await writeDataDirTemplate(file, migrationsFolder, 'none');
  for (const entry of readdirSync(cacheDir)) {
    const path = join(cacheDir, entry);
    if (path === file || path === `${file}.json`) continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > UNUSED_MS) rmSync(path, { force: true });
    } catch {
      // Removed by another run meanwhile.
    }
  }
  return { file, made: true };
}

/** The snapshot named by the global setup, read for one test file; undefined when there is none. */
export function readTestDatabaseSnapshot(): Uint8Array<ArrayBuffer> | undefined {
  const file = fromGlobalSetup(TEST_SNAPSHOT_ENV);
  return file && existsSync(file) ? readFileSync(file) : undefined;
}

interface AdminClient {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  end(): Promise<void>;
}

/**
 * The template database for the committed migrations on the PostgreSQL server at `serverUrl`:
 * found (and marked used) or made now, migrated from scratch. Returns its name.
 */
export async function prepareTemplateDatabase(serverUrl: string): Promise<{ name: string; made: boolean }> {
  const { Client } = await import('pg');
  const name = `${TEMPLATE_PREFIX}${testSnapshotKey()}`;
  const connect = async () => {
    const client = new Client({ connectionString: serverUrl });
    await client.connect();
    return client as unknown as AdminClient;
  };
  const stamp = (db: string) => `COMMENT ON DATABASE ${db} IS 'dealership test template, used ${new Date().toISOString()}'`;
  const admin = await connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rows.length > 0) {
      await admin.query(stamp(name));
      return { name, made: false };
    }
    // Made under a name of its own and renamed when complete, so a copy never starts from half a schema.
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    await admin.query(stamp(building));
    try {
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      // The migrator alone, as the PGlite snapshot is made (the schema's modules need the tests' path aliases).
      const [{ drizzle }, { migrate }] = await Promise.all([import('drizzle-orm/node-postgres'), import('drizzle-orm/node-postgres/migrator')]);
      const client = new Client({ connectionString: url.toString() });
      await client.connect();
      try {
        await migrate(drizzle(client), { migrationsFolder: findMigrationsDir() });
      } finally {
        await client.end();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (error) {
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      // Another run made it meanwhile: use theirs.
      if ((error as { code?: string }).code === '42P04') return { name, made: false };
      throw error;
    }
    // Templates (and half-made ones) nobody used for a day.
    const stale = await admin.query(
      `SELECT datname FROM pg_database WHERE datname LIKE '${TEMPLATE_PREFIX}%' AND datname <> $1
         AND substring(shobj_description(oid, 'pg_database') from 'used (.*)$')::timestamptz < now() - interval '${UNUSED_MS / 1000} seconds'`,
      [name],
    );
    for (const row of stale.rows) await admin.query(`DROP DATABASE IF EXISTS ${String(row.datname)} WITH (FORCE)`);
    return { name, made: true };
  } finally {
    await admin.end();
  }
}

/** The template database named by the global setup, when it is one of ours; undefined otherwise. */
export function templateDatabaseName(): string | undefined {
  const name = fromGlobalSetup(TEST_TEMPLATE_DATABASE_ENV);
  return name && TEMPLATE_NAME.test(name) ? name : undefined;
}
