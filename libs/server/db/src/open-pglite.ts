import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { lockDataDir } from './data-dir-lock';
import { PGLITE_EXTENSIONS, findDataDirTemplate, isEmptyDataDir, restoreDataDirTemplate } from './data-dir-template';
import type { Database, DatabaseHandle } from './database';
import type { DatabaseTarget } from './database-target';

/** Opens the embedded database (`openDatabase`'s PGlite targets) and applies the migrations in `migrationsFolder`. */
export async function openPglite(target: Exclude<DatabaseTarget, { kind: 'postgres' }>, migrationsFolder: string): Promise<DatabaseHandle> {
  const release = target.kind === 'pglite' ? lockDataDir(target.dataDir) : () => undefined;
  try {
    const client =
      target.kind === 'pglite'
        ? await openPgliteFolder(target)
        : await PGlite.create({
            extensions: PGLITE_EXTENSIONS,
            loadDataDir: target.snapshot ? new BytesBlob(target.snapshot) : undefined,
            startParams: startParams(target.sharedBuffersMb),
          });
    const pgliteDb = drizzlePglite(client);
    if (target.kind !== 'pglite' || target.migrate !== false) await migratePglite(pgliteDb, { migrationsFolder });
    let closed = false;
    return {
      db: pgliteDb as unknown as Database,
      engine: 'pglite',
      ping: async () => {
        if (closed) throw new Error('database is closed');
        await client.query('select 1');
      },
      listen: async (channel, handlers) => {
        // PGlite is this process's only connection: its notifications arrive before the writing
        // query's promise resolves, and it cannot be lost.
        const unlisten = await client.listen(channel, handlers.onNotify);
        handlers.onListening(true);
        return async () => {
          handlers.onListening(false);
          if (!closed) await unlisten();
        };
      },
      dumpDatabase: (describe) =>
        // The transaction holds PGlite's transaction lock, which every query and transaction of
        // the server takes first; dumpDataDir takes only the query lock, free between our own
        // statements. So nothing writes between the count and the dump, and no second database
        // has to be opened from the dump to count it (that doubled the memory of a backup).
        client.transaction(async (tx) => {
          const described = await describe(drizzlePglite(tx as unknown as PGlite) as unknown as Database);
          // Everything in the data files first, so the copy replays little WAL when it is opened.
          await tx.exec('CHECKPOINT');
          return { dump: await client.dumpDataDir('gzip'), described };
        }),
      close: async () => {
        if (closed) return;
        closed = true;
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * PGlite's start with its page cache set to `sharedBuffersMb`. Postgres allocates it inside the
 * WebAssembly memory, which grows and never gives pages back: PGlite's default 128 MB was most of
 * a reopened folder's RSS (docs/speed.md, "Memory"). `startParams` replaces PGlite's own
 * parameters, so they are kept.
 */
function pgliteStart(dataDir: string, sharedBuffersMb: number | undefined) {
  return PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS, startParams: startParams(sharedBuffersMb) });
}

function startParams(sharedBuffersMb: number | undefined): string[] | undefined {
  return sharedBuffersMb === undefined ? undefined : [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`];
}

/**
 * A Blob over bytes already in memory, handed to PGlite as they are. PGlite reads `loadDataDir`
 * with `arrayBuffer()` only (its `size` stays 0) and copies every file out of it, never writing to
 * it; Node's own Blob copies the 41 MB test snapshot through its stream reader first, about half a
 * second of CPU per test file.
 */
class BytesBlob extends Blob {
  readonly #contents: Uint8Array<ArrayBuffer>;

  constructor(contents: Uint8Array<ArrayBuffer>) {
    super([]);
    this.#contents = contents;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.#contents;
    return Promise.resolve(byteOffset === 0 && byteLength === buffer.byteLength ? buffer : buffer.slice(byteOffset, byteOffset + byteLength));
  }
}

/** Opens `<dataDir>/pglite` (the caller holds the lock), from the template when the folder holds no database yet. */
async function openPgliteFolder(target: Extract<DatabaseTarget, { kind: 'pglite' }>): Promise<PGlite> {
  const dataDir = join(target.dataDir, 'pglite');
  if (!isEmptyDataDir(dataDir)) return pgliteStart(dataDir, target.sharedBuffersMb);

  const started = Date.now();
  const template = target.template === undefined ? findDataDirTemplate() : target.template;
  let templateError: Error | undefined;
  if (template) {
    let client: PGlite | undefined;
    try {
      restoreDataDirTemplate(template, dataDir);
      client = await pgliteStart(dataDir, target.sharedBuffersMb);
      await client.query('select 1');
      target.onCreated?.({ from: 'template', ms: Date.now() - started });
      return client;
    } catch (error) {
      // Nothing of ours is in it yet: start the folder over the slow way.
      await client?.close().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
      templateError = error instanceof Error ? error : new Error(String(error));
    }
  }
  const client = await pgliteStart(dataDir, target.sharedBuffersMb);
  target.onCreated?.({ from: 'initdb', ms: Date.now() - started, templateError });
  return client;
}
