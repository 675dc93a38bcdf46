export { BackupRefusedError, listBackups, restoreBackup, writeBackup, type BackupManifest, type RestoreTarget } from './backup';
export {
  backupRequestFiles,
  backupsBeyondRetention,
  BACKUP_INTERVAL_MS,
  backupStatus,
  productVersion,
  ServerBackups,
  takeBackup,
  type BackupFailure,
  type BackupRun,
  type BackupStatus,
} from './server-backups';
export { DataDirLockedError, lockDataDir } from './data-dir-lock';
export { pgliteVersion } from './data-dir-template';
export { findMigrationsDir } from './migrations-dir';
export * from './notified-generation';
export * from './database';
export * from './db.module';
export { type DatabaseCreated, type DatabaseTarget, DEMO_SEED_LOCK_KEY, openDatabase } from './open-database';
export * from './schema';
export * from './pg-error';
export * from './periodic-jobs';
export * from './personal-data';
