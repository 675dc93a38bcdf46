export { DataDirLockedError } from './data-dir-lock';
export * from './notified-generation';
export * from './database';
export * from './db.module';
export { type DatabaseCreated, type DatabaseTarget, DEMO_SEED_LOCK_KEY, openDatabase } from './open-database';
export * from './schema';
export * from './pg-error';
export * from './periodic-jobs';
export * from './personal-data';
