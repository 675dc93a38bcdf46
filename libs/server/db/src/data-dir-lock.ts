import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Thrown when another live process holds the data folder. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another process (pid ${pid}). ` +
        'The embedded database allows one process per folder: stop that process, or set DATA_DIR to another folder.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Folders this process holds (a second handle in the same process is refused too). */
const heldHere = new Set<string>();

/**
 * Takes an exclusive lock on `dataDir` (a pid file created with O_EXCL).
 * PGlite does not lock its folder and a second process would silently lose writes,
 * so a second start on the same folder is refused. A lock left by a dead process is taken over.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  if (heldHere.has(dataDir)) throw new DataDirLockedError(dataDir, process.pid);
  const lockFile = join(dataDir, 'dealership.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(dataDir);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(dataDir);
        rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockFile, 'utf8').trim(), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(dataDir, holder);
      }
      // Stale lock (a dead process, or our pid reused after an unclean stop): take it over.
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}`);
}
