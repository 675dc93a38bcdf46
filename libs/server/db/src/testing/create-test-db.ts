import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { DatabaseHandle } from '../database';
import { openDatabase } from '../open-database';
import { readTestDatabaseSnapshot, templateDatabaseName } from './database-snapshot';

declare global {
  // Set by jest.preset.cjs from TEST_DATABASE_URL: run the same suites against a PostgreSQL server.
  var __TEST_DATABASE_URL__: string | undefined;
}

/**
 * A fresh, fully migrated database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close). Both
 * start from the run's migrated snapshot when the Jest global setup made one (PGlite: the dump it
 * names, PostgreSQL: a copy of its template database; see database-snapshot.ts), and from
 * scratch otherwise; the migrations then run on it as on every start (nothing left to apply).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = globalThis.__TEST_DATABASE_URL__;
  if (!serverUrl) return openDatabase({ kind: 'pglite-memory', snapshot: readTestDatabaseSnapshot() });

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
  return {
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
}

/** Empties every table (between tests of one file), keeping the schema. */
export async function truncateAll(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(
    sql.raw('TRUNCATE audit_events, media_uploads, order_lines, orders, car_images, cars, brand_images, brands, sessions, user_tokens, users, throttle_counters, app_state, outbox_messages, scheduled_jobs RESTART IDENTITY CASCADE'),
  );
}
