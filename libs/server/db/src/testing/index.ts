export * from './create-test-db';
export * from './database-snapshot';
export { findMigrationsDir } from '../migrations-dir';
