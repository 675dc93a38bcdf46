// What data libs build on, light enough for drizzle-kit to load (no Nest): the timestamps columns,
// relational queries, and the infrastructure's own tables. Each domain's tables are in its data lib
// (libs/<domain>/data); the composed schema, every table, is libs/app-schema.
export * from './app-state.table';
export * from './backup-runs.table';
export * from './scheduled-jobs.table';
export * from './throttle-counter.table';
export * from './bytea';
export * from './timestamps';
export * from './relational-queries';
