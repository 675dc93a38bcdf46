import type { Pool, PoolClient } from 'pg';
import type { Database } from './database';

/**
 * Makes `db.transaction` (a drizzle database on `pool`) give its connection back to the pool on
 * every path. drizzle-orm 0.45's node-postgres session runs BEGIN before the try/finally that
 * releases the pooled client, so a BEGIN that fails (the connection died while it sat idle in the
 * pool, or the server was restarted) keeps that client checked out for the life of the process;
 * a few of those and every call waits for a connection until it times out (an outage that never
 * ends by itself). Upstream: drizzle-team/drizzle-orm#6023 and #6241, open as of 0.45.4.
 *
 * The transaction runs on drizzle's own code over a client this function checks out and always
 * releases; pg-pool drops it on release when it is no longer usable. One drizzle instance per
 * pooled connection (made by `drizzleOn`, kept in a WeakMap), so a transaction costs no more than
 * before; the caller passes `drizzleOn` so that drizzle's node-postgres driver is loaded only where
 * PostgreSQL is used. Remove once drizzle releases the client itself (the second test in
 * pooled-transactions.integration.spec.ts fails then).
 */
export function releaseClientsOfTransactions(db: Database, pool: Pool, drizzleOn: (client: PoolClient) => Database): void {
  const onClient = new WeakMap<PoolClient, Database>();
  const databaseOn = (client: PoolClient) => {
    let clientDb = onClient.get(client);
    if (!clientDb) {
      clientDb = drizzleOn(client);
      onClient.set(client, clientDb);
    }
    return clientDb;
  };
  const transaction: Database['transaction'] = async (run, config) => {
    const client = await pool.connect();
    try {
      return await databaseOn(client).transaction(run, config);
    } finally {
      client.release();
    }
  };
  Object.defineProperty(db, 'transaction', { value: transaction, configurable: true, writable: true });
}
