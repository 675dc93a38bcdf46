import { drizzle } from 'drizzle-orm/node-postgres';
import { spawn } from 'node:child_process';
import { Client } from 'pg';
import type { Database } from './database';

// A PostgreSQL server's part of a backup: PostgreSQL's own pg_dump (custom format) and pg_restore,
// run as child processes. The rows are counted in the very snapshot pg_dump reads (exported from a
// transaction of ours), so the manifest describes exactly what the dump holds while the site writes.

/** Why a backup or a restore could not be done: the message says what to do. */
export class BackupRefusedError extends Error {}

/** The URL without its password, and the password for PGPASSWORD: never on a command line others can read (ps). */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  // The child's environment, not configuration: pg_dump reads its password from PGPASSWORD.
  // eslint-disable-next-line no-restricted-properties -- the tools inherit the server's environment (PATH, locale), plus the password
  const inherited = process.env;
  return { dbname: parsed.toString(), env: password ? { ...inherited, PGPASSWORD: password } : inherited };
}

/** Runs pg_dump or pg_restore; rejects with its own words when it fails, and with what to install when it is missing. */
function run(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
    child.on('error', (error: NodeJS.ErrnoException) =>
      fail(
        error.code === 'ENOENT'
          ? new BackupRefusedError(
              `${tool} was not found: install PostgreSQL's client tools of your server's major version (Debian and Ubuntu: apt-get install postgresql-client-15 for PostgreSQL 15; docs/operating.md, "Backups")`,
            )
          : error,
      ),
    );
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`${tool} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

/**
 * Dumps the database at `url` into `file` (pg_dump's custom format) while the site goes on
 * writing, and answers `describe` run in the same snapshot: a repeatable-read transaction exports
 * its snapshot, pg_dump reads that very snapshot (`--snapshot`), and the transaction stays open
 * until the dump is done.
 */
export async function dumpPostgres<T>(url: string, file: string, describe: (db: Database) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin transaction isolation level repeatable read, read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const described = await describe(drizzle(client) as unknown as Database);
    const { dbname, env } = connection(url);
    await run('pg_dump', ['--format=custom', `--snapshot=${rows[0].snapshot}`, '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`], env);
    return described;
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/** The schemas of the database at `url` that hold anything of ours (every schema but PostgreSQL's own). */
async function ourSchemas(client: Client): Promise<{ name: string; objects: number }[]> {
  const { rows } = await client.query<{ name: string; objects: number }>(
    `select n.nspname as name, (select count(*)::int from pg_class c where c.relnamespace = n.oid) as objects
       from pg_namespace n
      where n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'
      order by 1`,
  );
  return rows;
}

/** Whether the database at `url` holds no table, sequence or view of anyone's. */
export async function isEmptyPostgres(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await ourSchemas(client)).every((schema) => schema.objects === 0);
  } finally {
    await client.end();
  }
}

/**
 * Restores a pg_dump archive into the database at `url`, in one transaction (all or nothing). With
 * `replace`, what the database holds goes first: every schema but PostgreSQL's own is dropped and
 * `public` made anew.
 */
export async function restorePostgres(url: string, dumpFile: string, options: { replace: boolean }): Promise<void> {
  if (options.replace) {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const schemas = await ourSchemas(client);
      await client.query('begin');
      for (const { name } of schemas) await client.query(`drop schema ${client.escapeIdentifier(name)} cascade`);
      await client.query('create schema public');
      await client.query('commit');
    } finally {
      await client.end();
    }
  }
  const { dbname, env } = connection(url);
  await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, dumpFile], env);
}
