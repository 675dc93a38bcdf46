import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { join } from 'node:path';
import { Pool } from 'pg';
import { lockDataDir } from './data-dir-lock';
import { type Database, type DatabaseHandle, schema } from './database';
import { findMigrationsDir } from './migrations-dir';

export type DatabaseTarget =
  /** Embedded PGlite persisted in `<dataDir>/pglite` (locked to this process). */
  | { kind: 'pglite'; dataDir: string }
  /** Embedded PGlite in memory (tests). */
  | { kind: 'pglite-memory' }
  /** A PostgreSQL server. */
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Told about connections lost while idle or between queries (the pool replaces them). */
      onConnectionError?: (error: Error) => void;
    };

/** How long a call waits for a connection before it fails (and answers 503) instead of hanging. */
export const CONNECTION_TIMEOUT_MS = 3000;

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const migrationsFolder = findMigrationsDir();
  if (target.kind === 'postgres') {
    const pool = new Pool({ connectionString: target.url, max: target.poolSize ?? 10, connectionTimeoutMillis: CONNECTION_TIMEOUT_MS, keepAlive: true });
    // A restarted or stopped server, or pg_terminate_backend, makes connections emit 'error': the
    // pool's own event for idle ones, the client's for one checked out between two queries (inside
    // a transaction). Unhandled, either kills the process; handled, the broken connection is dropped
    // and the next call opens a new one, so service resumes by itself when the server is back.
    pool.on('connect', (client) => client.on('error', (error) => target.onConnectionError?.(error)));
    pool.on('error', () => undefined); // the same error, already reported by the client's listener
    try {
      const db = drizzlePg(pool, { schema }) as unknown as Database;
      await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
      return {
        db,
        engine: 'postgres',
        ping: async () => {
          await pool.query('select 1');
        },
        close: () => pool.end(),
      };
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
  }

  const release = target.kind === 'pglite' ? lockDataDir(target.dataDir) : () => undefined;
  try {
    const dataDir = target.kind === 'pglite' ? join(target.dataDir, 'pglite') : undefined;
    const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
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
