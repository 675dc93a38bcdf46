import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * The Drizzle database, whichever engine is behind it (PGlite or a PostgreSQL server). It knows no
 * domain's tables: a domain queries its own (its data lib), and runs Drizzle's relational queries
 * over its tables' relations through `relationalQueries`.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

/** A transaction handle, usable wherever a `Database` is. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Work a service hands a repository's write to run in the write's transaction, after it, with what
 * was written (`{ order }`, `{ lead, assignee }`): its messages to the outbox, say. Both commit or
 * neither. Every repository takes it as its last parameter, named `alongside`.
 */
export type Alongside<Written extends object> = (tx: Transaction, written: Written) => Promise<void>;

/** How a process hears a channel's notifications, and whether it is hearing them at all. */
export interface ChannelHandlers {
  /** A notification arrived (its payload). */
  onNotify(payload: string): void;
  /**
   * The listening state: true once LISTEN is in place, false when its connection is lost (the
   * server restarted, say). Notifications sent while not listening are lost for good.
   */
  onListening(listening: boolean): void;
}

/** How a PostgreSQL server's connection pool is used right now (`GET /metrics`). */
export interface PoolUse {
  /** Connections open, idle or running a query. */
  open: number;
  idle: number;
  /** Calls waiting for a connection (every one busy and the pool at `max`). */
  waiting: number;
  /** The most connections the pool opens (DATABASE_POOL_SIZE). */
  max: number;
}

/** An open database connection with what the app needs around it. */
export interface DatabaseHandle {
  readonly db: Database;
  /** 'pglite' (embedded) or 'postgres' (server). */
  readonly engine: 'pglite' | 'postgres';
  /** The PostgreSQL server's URL (engine 'postgres'), for the tools that connect on their own (pg_dump). */
  readonly serverUrl?: string;
  /** Resolves when the engine answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /**
   * The connection pool's use, on a PostgreSQL server only: PGlite has no pool (one connection in
   * the process, whose queries take turns), so it has nothing to report.
   */
  poolUse?(): PoolUse;
  /**
   * Hears NOTIFY on `channel` until the returned function is called (or the handle closes). On a
   * server it is a connection of its own, reconnected when lost (see `ChannelHandlers.onListening`).
   */
  listen(channel: string, handlers: ChannelHandlers): Promise<() => Promise<void>>;
  /** Closes the connection (and releases the data folder lock, for PGlite). */
  close(): Promise<void>;
  /**
   * The embedded database's files as PGlite's own gzipped tar (a backup, `writeBackup`), with
   * `describe` run on the same state: both inside one transaction that holds every other query and
   * transaction back, so what `describe` counts is what the dump holds. Only PGlite: a PostgreSQL
   * server is dumped with `pg_dump` (`serverUrl`).
   */
  dumpDatabase?<T>(describe: (db: Database) => Promise<T>): Promise<{ dump: Blob; described: T }>;
}

/**
 * The rows of a raw SQL statement, whichever engine ran it: the drivers answer `db.execute` with
 * an array or with a result whose `rows` are the rows. `T` is what the statement selects.
 */
export async function executeRows<T>(db: Database | Transaction, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

