import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { lockDataDir } from './data-dir-lock';
import { PGLITE_EXTENSIONS, findDataDirTemplate, isEmptyDataDir, restoreDataDirTemplate } from './data-dir-template';
import { type Database, type DatabaseHandle, schema } from './database';
import { findMigrationsDir } from './migrations-dir';
import { listenOnServer } from './pg-listener';
import { releaseClientsOfTransactions } from './pooled-transactions';

export type DatabaseTarget =
  /**
   * Embedded PGlite persisted in `<dataDir>/pglite` (locked to this process). A folder without a
   * database starts from `template` (default: the one the build put beside the bundle, see
   * data-dir-template.ts; `null`: none) or, without one or when it cannot be used, from initdb;
   * `onCreated` is told which, how long it took, and why the template was not used.
   */
  | {
      kind: 'pglite';
      dataDir: string;
      template?: string | null;
      onCreated?: (created: DatabaseCreated) => void;
      /** Postgres' `shared_buffers` in MB (default PGlite's 128). */
      sharedBuffersMb?: number;
    }
  /**
   * Embedded PGlite in memory (tests), empty or started from `snapshot`, a data folder dumped as a
   * plain tar (the tests' migrated snapshot, `testing/database-snapshot.ts`).
   */
  | { kind: 'pglite-memory'; snapshot?: Uint8Array<ArrayBuffer> }
  /** A PostgreSQL server. */
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Told about connections lost while idle or between queries (the pool replaces them). */
      onConnectionError?: (error: Error) => void;
    };

/** How a new embedded database folder was made (the first start on a `DATA_DIR`). */
export interface DatabaseCreated {
  from: 'template' | 'initdb';
  ms: number;
  /** Why the template was not used, when there was one. */
  templateError?: Error;
}

/** How long a call waits for a connection before it fails (and answers 503) instead of hanging. */
export const CONNECTION_TIMEOUT_MS = 3000;

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const migrationsFolder = findMigrationsDir();
  if (target.kind === 'postgres') {
    // Loaded only here, so the embedded database's start does not pay for them (docs/speed.md, "Cold start").
    const [{ Pool, Client }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new Pool({ connectionString: target.url, max: target.poolSize ?? 10, connectionTimeoutMillis: CONNECTION_TIMEOUT_MS, keepAlive: true });
    // A restarted or stopped server, or pg_terminate_backend, makes connections emit 'error': the
    // pool's own event for idle ones, the client's for one checked out between two queries (inside
    // a transaction). Unhandled, either kills the process; handled, the broken connection is dropped
    // and the next call opens a new one, so service resumes by itself when the server is back.
    pool.on('connect', (client) => client.on('error', (error) => target.onConnectionError?.(error)));
    pool.on('error', () => undefined); // the same error, already reported by the client's listener
    try {
      const db = drizzlePg(pool, { schema }) as unknown as Database;
      releaseClientsOfTransactions(db, pool, (client) => drizzlePg(client, { schema }) as unknown as Database);
      await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
      const listeners = new Set<() => Promise<void>>();
      return {
        db,
        engine: 'postgres',
        ping: async () => {
          await pool.query('select 1');
        },
        listen: async (channel, handlers) => {
          const stop = listenOnServer(Client, target.url, channel, handlers, { connectionTimeoutMillis: CONNECTION_TIMEOUT_MS });
          listeners.add(stop);
          return async () => {
            listeners.delete(stop);
            await stop();
          };
        },
        close: async () => {
          await Promise.all([...listeners].map((stop) => stop()));
          await pool.end();
        },
      };
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
  }

  const release = target.kind === 'pglite' ? lockDataDir(target.dataDir) : () => undefined;
  try {
    const client =
      target.kind === 'pglite'
        ? await openPgliteFolder(target)
        : await PGlite.create({ extensions: PGLITE_EXTENSIONS, loadDataDir: target.snapshot ? new Blob([target.snapshot]) : undefined });
    const pgliteDb = drizzlePglite(client, { schema });
    await migratePglite(pgliteDb, { migrationsFolder });
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
  const startParams = sharedBuffersMb === undefined ? undefined : [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`];
  return PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS, startParams });
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
