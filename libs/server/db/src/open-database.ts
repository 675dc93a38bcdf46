import type { Database, DatabaseHandle } from './database';
import type { DatabaseTarget } from './database-target';
import { findMigrationsDir } from './migrations-dir';
import { listenOnServer } from './pg-listener';
import { releaseClientsOfTransactions } from './pooled-transactions';
import { sessionConnection } from './session-options';

export type { DatabaseCreated, DatabaseTarget } from './database-target';

/**
 * The PostgreSQL advisory lock keys of work one instance does for all at start: the migrations,
 * and the demo seed (libs/seed). Arbitrary constants; only the app takes them.
 */
export const MIGRATIONS_LOCK_KEY = 29_000_001;
export const DEMO_SEED_LOCK_KEY = 29_000_002;

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
    // Our sessions run with JIT off (session-options.ts).
    const pool = new Pool({
      ...sessionConnection(target.url),
      max: target.poolSize ?? 10,
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
      keepAlive: true,
    });
    // A restarted or stopped server, or pg_terminate_backend, makes connections emit 'error': the
    // pool's own event for idle ones, the client's for one checked out between two queries (inside
    // a transaction). Unhandled, either kills the process; handled, the broken connection is dropped
    // and the next call opens a new one, so service resumes by itself when the server is back.
    pool.on('connect', (client) => client.on('error', (error) => target.onConnectionError?.(error)));
    pool.on('error', () => undefined); // the same error, already reported by the client's listener
    markConnectionErrors(pool);
    try {
      const db = drizzlePg(pool) as unknown as Database;
      releaseClientsOfTransactions(db, pool, (client) => drizzlePg(client) as unknown as Database);
      // Several instances starting at once (a fresh deploy with replicas, a release with a new
      // migration) would each run the migrations and fail on one another's half-made schema: one
      // runs them under a session advisory lock on a connection of its own, the others wait for
      // the lock and then find nothing left to apply.
      if (target.migrate !== false) {
        const migrator = new Client({ connectionString: target.url, connectionTimeoutMillis: CONNECTION_TIMEOUT_MS });
        await migrator.connect();
        try {
          await migrator.query('select pg_advisory_lock($1)', [MIGRATIONS_LOCK_KEY]);
          await migratePg(drizzlePg(migrator), { migrationsFolder });
        } finally {
          // Ending the session releases the lock too, also when the migration failed.
          await migrator.end().catch(() => undefined);
        }
      }
      const listeners = new Set<() => Promise<void>>();
      return {
        db,
        engine: 'postgres',
        serverUrl: target.url,
        ping: async () => {
          await pool.query('select 1');
        },
        poolUse: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max }),
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

  // Loaded only here, so a server on PostgreSQL does not hold PGlite's JavaScript (docs/speed.md, "Memory").
  const { openPglite } = await import('./open-pglite');
  return openPglite(target, migrationsFolder);
}

/** The message of an error raised while getting a connection (see `markConnectionErrors`). */
export const CONNECTION_FAILED_MESSAGE = 'Could not get a database connection';

/**
 * Wraps every error raised while the pool gets a connection (`pool.query` goes through
 * `pool.connect` too) in one with `CONNECTION_FAILED_MESSAGE` and the driver's error as cause. The
 * server's refusals are many (a database with ALLOW_CONNECTIONS false, starting up, too many
 * clients, a dropped database or role, a changed password): whichever it is, no query ran and the
 * database is away for this call, an outage (503 with Retry-After), never a failed query (500).
 */
function markConnectionErrors(pool: import('pg').Pool): void {
  type Callback = (error: Error | undefined, client: import('pg').PoolClient, done: (release?: unknown) => void) => void;
  const connect = pool.connect.bind(pool) as (callback: Callback) => void;
  const mark = (error: Error) => new Error(CONNECTION_FAILED_MESSAGE, { cause: error });
  pool.connect = ((callback?: Callback) => {
    if (callback) return connect((error, client, done) => callback(error ? mark(error) : error, client, done));
    return new Promise((resolve, reject) => connect((error, client) => (error ? reject(mark(error)) : resolve(client))));
  }) as typeof pool.connect;
}
