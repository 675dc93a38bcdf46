import type { AppConfig } from '@dealership/server-core';
import {
  BackupRefusedError,
  backupRequestFiles,
  DataDirLockedError,
  findMigrationsDir,
  lockDataDir,
  openDatabase,
  pgliteVersion,
  restoreBackup,
  takeBackup,
} from '@dealership/server-db';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long `npm run backup` waits for a running server to take the backup it asked for. */
const REQUEST_TIMEOUT_MS = 10 * 60 * 1000;

/** Asks the server that holds DATA_DIR to take a backup (a request file it checks every second); the archive's path. */
async function askRunningServer(config: AppConfig, print: (line: string) => void): Promise<string> {
  const files = backupRequestFiles(config.dataDir);
  rmSync(files.result, { force: true });
  writeFileSync(files.request, new Date().toISOString(), { mode: 0o600 });
  print('The server is running: it takes the backup while it goes on serving...');
  const until = Date.now() + REQUEST_TIMEOUT_MS;
  while (Date.now() < until) {
    if (existsSync(files.result)) {
      const result = JSON.parse(readFileSync(files.result, 'utf8')) as { file?: string; error?: string };
      rmSync(files.result, { force: true });
      if (result.file) return result.file;
      throw new Error(`the server could not take the backup: ${result.error}`);
    }
    await sleep(250);
  }
  rmSync(files.request, { force: true });
  throw new Error('the server did not answer within ten minutes (is it this version, and is it serving?)');
}

/**
 * `npm run backup` and `npm run restore -- <archive> [--force]`, with the server's own settings
 * (docs/operating.md, "Backups"). The backup's path is printed on the last line. Answers the exit code.
 */
export async function runBackupCommand(config: AppConfig, args: string[], print: (line: string) => void = console.log): Promise<number> {
  const [command, ...rest] = args;
  try {
    if (command === 'backup') {
      let handle;
      try {
        // As it is: a backup taken before an upgrade is of the version it was.
        handle = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, poolSize: 2, migrate: false } : { kind: 'pglite', dataDir: config.dataDir, migrate: false });
      } catch (error) {
        if (!(error instanceof DataDirLockedError)) throw error;
        print(await askRunningServer(config, print));
        return 0;
      }
      try {
        print(await takeBackup(handle, config, 'asked'));
        return 0;
      } finally {
        await handle.close();
      }
    }
    // restore
    const archive = rest.find((arg) => !arg.startsWith('--'));
    if (!archive) {
      print('Usage: npm run restore -- <backup archive> [--force]');
      return 64;
    }
    const migrationsCount = (JSON.parse(readFileSync(join(findMigrationsDir(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
    const force = rest.includes('--force');
    let manifest;
    if (config.databaseUrl) {
      manifest = await restoreBackup(archive, { database: { kind: 'postgres', url: config.databaseUrl }, mediaDir: config.mediaDir, migrationsCount, force });
    } else {
      // Never under a running server: DATA_DIR is held (the same lock the server takes) while it is restored.
      const release = lockDataDir(config.dataDir);
      try {
        manifest = await restoreBackup(archive, { database: { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') }, mediaDir: config.mediaDir, migrationsCount, force });
      } finally {
        release();
      }
    }
    // Opened once: the migrations this version has and the backup lacks are applied now.
    let handle;
    try {
      handle = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, poolSize: 1 } : { kind: 'pglite', dataDir: config.dataDir });
    } catch (error) {
      const runs = config.databaseUrl ? undefined : pgliteVersion();
      if (manifest.engine === 'pglite' && manifest.engineVersion && manifest.engineVersion !== runs) {
        print(
          `The backup was restored, but this version's embedded database (PGlite ${runs}) cannot open the files of PGlite ${manifest.engineVersion}, which took it (${error instanceof Error ? error.message : String(error)}): restore it with the version of the site that took it, then upgrade that one`,
        );
        return 1;
      }
      throw error;
    }
    await handle.close();
    const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
    print(`Restored the backup of ${manifest.createdAt} (${rows} rows, ${manifest.media.length} pictures) into ${config.databaseUrl ? 'the database of DATABASE_URL' : config.dataDir}`);
    return 0;
  } catch (error) {
    if (error instanceof BackupRefusedError || error instanceof DataDirLockedError) {
      print(error.message);
      return 1;
    }
    throw error;
  }
}
