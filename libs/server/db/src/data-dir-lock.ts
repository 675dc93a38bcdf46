import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
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

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The pid in a lock file, or undefined when the file is gone; NaN when it holds no pid. */
function readHolder(lockFile: string): number | undefined {
  try {
    return Number.parseInt(readFileSync(lockFile, 'utf8').trim(), 10);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/** Folders this process holds (a second handle in the same process is refused too). */
const heldHere = new Set<string>();

// A takeover takes microseconds; a takeover folder older than this was left by a process that died inside one.
const TAKEOVER_STALE_MS = 10_000;
const ATTEMPTS = 500;

/**
 * Takes an exclusive lock on `dataDir`: the file `dealership.lock` holding our pid.
 * PGlite does not lock its folder and a second process would silently lose writes,
 * so a second start on the same folder is refused. A lock left by a dead process is taken over.
 * Returns the release function.
 *
 * Atomic on both paths, so of several processes starting together exactly one wins:
 * - Taking a free lock: the pid is written to a private file first, which is then hard-linked to
 *   the lock's name; `link` fails if the name exists, and nobody ever sees a lock without its pid.
 * - Taking over a stale lock: only while holding `dealership.lock.takeover` (a folder, created
 *   exclusively), and only after reading the lock again under it. Nothing but a takeover removes
 *   another process's lock, so the dead holder it read cannot be replaced by a live one before
 *   it is removed.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  if (heldHere.has(dataDir)) throw new DataDirLockedError(dataDir, process.pid);
  const lockFile = join(dataDir, 'dealership.lock');
  const takeoverDir = `${lockFile}.takeover`;
  const candidate = `${lockFile}.${process.pid}-${randomBytes(4).toString('hex')}`;
  writeFileSync(candidate, String(process.pid));
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      try {
        linkSync(candidate, lockFile);
        heldHere.add(dataDir);
        let released = false;
        return () => {
          if (released) return;
          released = true;
          heldHere.delete(dataDir);
          rmSync(lockFile, { force: true });
        };
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw error;
      }
      const holder = readHolder(lockFile);
      if (holder === undefined) continue; // released meanwhile: try again
      if (isLive(holder)) throw new DataDirLockedError(dataDir, holder);
      if (!removeStaleLock(lockFile, takeoverDir)) sleep(10);
    }
  } finally {
    rmSync(candidate, { force: true });
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}: another process kept taking over its lock`);
}

// Our own pid in a lock we do not hold (heldHere says so) was left by an earlier process that had it.
const isLive = (holder: number) => Number.isInteger(holder) && holder !== process.pid && isAlive(holder);

/** Removes a stale lock under the takeover folder; false when another process is taking it over. */
function removeStaleLock(lockFile: string, takeoverDir: string): boolean {
  try {
    mkdirSync(takeoverDir);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
    const since = statSync(takeoverDir, { throwIfNoEntry: false })?.mtimeMs;
    if (since !== undefined && Date.now() - since > TAKEOVER_STALE_MS) removeDir(takeoverDir);
    return false;
  }
  try {
    // Read again: another process may have taken the lock over and holds it now.
    const holder = readHolder(lockFile);
    if (holder !== undefined && !isLive(holder)) unlinkSync(lockFile);
    return true;
  } finally {
    removeDir(takeoverDir);
  }
}

function removeDir(dir: string) {
  try {
    rmdirSync(dir);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
}
