import { createTableRelationsHelpers, type ExtractTablesWithRelations, extractTablesRelationalConfig } from 'drizzle-orm';
import { PgDatabase, type PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../database';

/** Drizzle's relational queries (`findMany` with `with`) over the tables and relations of `Schema`. */
export type RelationalQueries<Schema extends Record<string, unknown>> = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>['query'];

/**
 * Drizzle's relational queries over `schema` (a domain's tables, their relations and the tables
 * those name), on whatever connection or transaction it is given: `carQueries(tx).cars.findMany(...)`.
 *
 * Drizzle builds `db.query` from the schema a connection was opened with, so the infrastructure
 * would have to know every domain's tables; instead each domain builds the builders for its own
 * over the connection's dialect and session, as `drizzle()` itself does. Written by hand because
 * Drizzle offers no public way to add a schema to an open connection (`dialect` is internal).
 */
export function relationalQueries<Schema extends Record<string, unknown>>(schema: Schema): (db: Database | Transaction) => RelationalQueries<Schema> {
  const { tables, tableNamesMap } = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
  const config = { fullSchema: schema, schema: tables, tableNamesMap };
  const built = new WeakMap<Database | Transaction, RelationalQueries<Schema>>();
  return (db) => {
    let queries = built.get(db);
    if (!queries) {
      const { dialect } = db as unknown as { dialect: PgDialect };
      queries = new PgDatabase(dialect, db._.session, config as never).query as unknown as RelationalQueries<Schema>;
      built.set(db, queries);
    }
    return queries;
  };
}
