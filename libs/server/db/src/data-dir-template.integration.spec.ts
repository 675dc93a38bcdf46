import { count, sql } from 'drizzle-orm';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { DATA_DIR_TEMPLATE_FILE, findDataDirTemplate, restoreDataDirTemplate, writeDataDirTemplate } from './data-dir-template';
import type { Database } from './database';
import { findMigrationsDir } from './migrations-dir';
import { type DatabaseCreated, openDatabase } from './open-database';
import { appState } from './schema';

/** What the migrations made: tables with their columns, indexes, extensions, applied migrations. */
async function schemaOf(db: Database) {
  const rows = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  return {
    columns: await rows(sql`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
      where table_schema = 'public' order by table_name, ordinal_position`),
    indexes: await rows(sql`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`),
    extensions: await rows(sql`select extname from pg_extension order by extname`),
    migrations: await rows(sql`select hash, created_at from drizzle.__drizzle_migrations order by id`),
  };
}

/** A tar.gz holding one entry of `type` named `name`. */
function tarWith(name: string, type: string, body = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 'utf8');
  header.write('0000600\0', 100);
  header.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124);
  header.write(type, 156);
  header.write('ustar\0', 257);
  const padded = Buffer.alloc(Math.ceil(body.length / 512) * 512);
  body.copy(padded);
  return gzipSync(Buffer.concat([header, padded, Buffer.alloc(1024)]));
}

describe('database template (a first start on the embedded database)', () => {
  let root: string;
  let template: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'db-template-'));
    template = join(root, DATA_DIR_TEMPLATE_FILE);
    await writeDataDirTemplate(template, findMigrationsDir());
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('gives the same migrated database as initdb, and keeps its data across a restart', async () => {
    const created: DatabaseCreated[] = [];
    const fromTemplate = await openDatabase({ kind: 'pglite', dataDir: join(root, 'a'), template, onCreated: (c) => created.push(c) });
    expect(created).toEqual([{ from: 'template', ms: expect.any(Number) }]);
    const templated = await schemaOf(fromTemplate.db);
    await fromTemplate.db.insert(appState).values({ key: 'toyota', value: true });
    await fromTemplate.close();
    expect(existsSync(join(root, 'a', 'pglite', 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(root, 'a', 'pglite.restoring'))).toBe(false);

    const initdb = await openDatabase({ kind: 'pglite', dataDir: join(root, 'b'), template: null, onCreated: (c) => created.push(c) });
    expect(created[1]).toEqual({ from: 'initdb', ms: expect.any(Number), templateError: undefined });
    try {
      expect(templated).toEqual(await schemaOf(initdb.db));
      expect(templated.migrations.length).toBeGreaterThan(0);
    } finally {
      await initdb.close();
    }

    // A restart opens the folder as it is: the template is not used again.
    const reopened = await openDatabase({
      kind: 'pglite',
      dataDir: join(root, 'a'),
      template: join(root, 'no-such-template.tar.gz'),
      onCreated: (c) => created.push(c),
    });
    expect(created).toHaveLength(2);
    try {
      const [{ n }] = await reopened.db.select({ n: count() }).from(appState);
      expect(n).toBe(1);
    } finally {
      await reopened.close();
    }
  }, 120_000);

  it('falls back to initdb when the template is unusable (made for another PostgreSQL), saying why', async () => {
    // The build's template with PG_VERSION 99: unpacks fine, and PGlite refuses to open it.
    const tar = gunzipSync(readFileSync(template));
    for (let offset = 0; offset + 512 <= tar.length; ) {
      const name = tar.toString('utf8', offset, offset + 100).replace(/\0.*$/s, '');
      const size = Number.parseInt(
        tar
          .toString('utf8', offset + 124, offset + 136)
          .replace(/\0.*$/s, '')
          .trim() || '0',
        8,
      );
      if (name.replace(/^\//, '') === 'PG_VERSION') tar.write('99', offset + 512);
      offset += 512 + Math.ceil(size / 512) * 512;
    }
    const broken = join(root, 'other-postgres.tar.gz');
    writeFileSync(broken, gzipSync(tar));

    const created: DatabaseCreated[] = [];
    const handle = await openDatabase({ kind: 'pglite', dataDir: join(root, 'c'), template: broken, onCreated: (c) => created.push(c) });
    try {
      expect(created).toEqual([{ from: 'initdb', ms: expect.any(Number), templateError: expect.any(Error) }]);
      await handle.db.insert(appState).values({ key: 'mazda', value: true });
      const [{ n }] = await handle.db.select({ n: count() }).from(appState);
      expect(n).toBe(1);
    } finally {
      await handle.close();
    }
    expect(readFileSync(join(root, 'c', 'pglite', 'PG_VERSION'), 'utf8')).not.toContain('99');
  }, 120_000);

  it('unpacks only files and folders inside the target, leaving nothing behind otherwise', () => {
    for (const [name, type] of [
      ['../escaped', '0'],
      ['/../../escaped', '0'],
      ['link', '2'],
      ['PG_VERSION', '1'],
    ]) {
      const file = join(root, 'hostile.tar.gz');
      writeFileSync(file, tarWith(name, type, Buffer.from('18\n')));
      const target = join(root, 'hostile', 'pglite');
      expect(() => restoreDataDirTemplate(file, target)).toThrow(/database template/);
      expect(existsSync(target)).toBe(false);
      expect(existsSync(`${target}.restoring`)).toBe(false);
      expect(existsSync(join(root, 'escaped'))).toBe(false);
    }
    // And never over a database already there.
    const existing = join(root, 'existing');
    mkdirSync(existing);
    writeFileSync(join(existing, 'PG_VERSION'), '18\n');
    expect(() => restoreDataDirTemplate(template, existing)).toThrow(/already holds files/);
    expect(readdirSync(existing)).toEqual(['PG_VERSION']);
  });

  it('is used only when made by the installed PGlite release', () => {
    expect(findDataDirTemplate(root)).toBe(template);
    expect(findDataDirTemplate(join(root, 'nowhere'))).toBeUndefined();
    const other = join(root, 'other-release');
    mkdirSync(other);
    writeFileSync(join(other, DATA_DIR_TEMPLATE_FILE), 'x');
    writeFileSync(join(other, `${DATA_DIR_TEMPLATE_FILE}.json`), JSON.stringify({ pglite: '0.0.1' }));
    expect(findDataDirTemplate(other)).toBeUndefined();
  });
});
