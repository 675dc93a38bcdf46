export * from './create-test-db';
export * from './database-snapshot';
export { eventually } from './eventually';
export { findMigrationsDir } from '../migrations-dir';
export { openPglite } from '../open-pglite';
