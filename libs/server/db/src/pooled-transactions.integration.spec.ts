import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool, type PoolClient } from 'pg';
import type { Database } from './database';
import { releaseClientsOfTransactions } from './pooled-transactions';

const serverUrl = globalThis.__TEST_DATABASE_URL__;

/**
 * A connection that dies while it sits idle in the pool makes the next transaction's BEGIN fail.
 * A pool of one connection shows whether that connection came back: the next transaction either
 * runs or waits for a connection until it times out. Needs a PostgreSQL server (the PostgreSQL
 * profile: `npm run test:postgres`); PGlite has no pool.
 */
describe('transactions on a PostgreSQL pool give their connection back when BEGIN fails', () => {
  let pool: Pool;
  let dropNextConnection = false;
  let dropped: PoolClient | undefined;

  beforeEach(() => {
    pool = new Pool({ connectionString: serverUrl, max: 1, connectionTimeoutMillis: 1000 });
    pool.on('connect', (client) => client.on('error', () => undefined));
    // The network drops the connection just as it is handed out: BEGIN fails on it.
    pool.on('acquire', (client: PoolClient & { connection?: { stream: { destroy(): void } } }) => {
      if (!dropNextConnection) return;
      dropNextConnection = false;
      dropped = client;
      client.connection?.stream.destroy();
    });
  });
  afterEach(async () => {
    await pool.end().catch(() => undefined);
  });

  const selectOne = async (db: Database) =>
    db.transaction(async (tx) => ((await tx.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] }).rows[0].one);

  if (serverUrl) {
    it('with releaseClientsOfTransactions: the failed BEGIN throws, and the next transaction runs on a new connection', async () => {
      const db = drizzle(pool) as unknown as Database;
      releaseClientsOfTransactions(db, pool, (client) => drizzle(client) as unknown as Database);
      expect(await selectOne(db)).toBe(1);

      dropNextConnection = true;
      await expect(selectOne(db)).rejects.toThrow();
      expect(await selectOne(db)).toBe(1);
      expect({ total: pool.totalCount, idle: pool.idleCount }).toEqual({ total: 1, idle: 1 });
    });

    it("drizzle's own transaction still keeps the connection (when this fails, drizzle is fixed: remove releaseClientsOfTransactions)", async () => {
      const db = drizzle(pool) as unknown as Database;
      expect(await selectOne(db)).toBe(1);

      dropNextConnection = true;
      await expect(selectOne(db)).rejects.toThrow();
      await expect(selectOne(db)).rejects.toThrow(/timeout/i);
      dropped?.release(new Error('leaked by the failed BEGIN')); // so that the pool can end
    });
  } else {
    it('runs on a PostgreSQL server only (TEST_DATABASE_URL)', () => {
      expect(serverUrl).toBeUndefined();
    });
  }
});
