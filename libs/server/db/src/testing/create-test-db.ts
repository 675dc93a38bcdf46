import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { DatabaseHandle } from '../database';
import { openDatabase } from '../open-database';
import { readTestDatabaseSnapshot, templateDatabaseName } from './database-snapshot';

/**
 * The test databases' page cache: the server's default (`PGLITE_SHARED_BUFFERS_MB`), not PGlite's
 * 128 MB, which Postgres zeroes inside the WebAssembly memory on every start (a third of a test
 * database's start, in CPU).
 */
const TEST_SHARED_BUFFERS_MB = 16;

declare global {
  // Set by jest.preset.cjs from TEST_DATABASE_URL: run the same suites against a PostgreSQL server.
  var __TEST_DATABASE_URL__: string | undefined;
}

/** The URL of each PostgreSQL test database, so a test can open a second connection to it. */
const serverDatabaseUrls = new WeakMap<DatabaseHandle, string>();

/**
 * A fresh, fully migrated database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close). Both
 * start from the run's migrated snapshot when the Jest global setup made one (PGlite: the dump it
 * names, PostgreSQL: a copy of its template database; see database-snapshot.ts), and from
 * scratch otherwise; the migrations then run on it as on every start (nothing left to apply).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = globalThis.__TEST_DATABASE_URL__;
  if (!serverUrl) {
    return openDatabase({
      kind: 'pglite-memory',
      snapshot: readTestDatabaseSnapshot(),
      sharedBuffersMb: TEST_SHARED_BUFFERS_MB,
    });
  }

  const name = `dealership_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const template = templateDatabaseName();
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  const test: DatabaseHandle = {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
  serverDatabaseUrls.set(test, url.toString());
  return test;
}

/** The address of `handle`'s PostgreSQL test database (none on PGlite). */
export const testDatabaseUrl = (handle: DatabaseHandle): string | undefined => serverDatabaseUrls.get(handle);

/**
 * The database of `handle` as a second server instance sees it: on PostgreSQL a connection (pool
 * and LISTEN connection) of its own, closed on its own; on PGlite the same in-process engine (one
 * process holds it), whose closing is left to `handle`'s owner.
 */
export async function openSecondConnection(handle: DatabaseHandle): Promise<DatabaseHandle> {
  const url = serverDatabaseUrls.get(handle);
  if (!url) return { ...handle, close: async () => undefined };
  return openDatabase({ kind: 'postgres', url, poolSize: 2 });
}

