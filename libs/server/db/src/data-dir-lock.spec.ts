import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

describe('lockDataDir', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('takes the lock and releases it, leaving nothing else behind', () => {
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'dealership.lock'), 'utf8')).toBe(String(process.pid));
    expect(readdirSync(dir)).toEqual(['dealership.lock']);
    release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a second handle in the same process', () => {
    const release = lockDataDir(dir);
    try {
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    } finally {
      release();
    }
  });

  it('refuses a folder held by another live process, naming it', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, 'dealership.lock'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`DATA_DIR ${dir} is in use by another process \\(pid ${other.pid}\\)`));
      expect(readFileSync(join(dir, 'dealership.lock'), 'utf8')).toBe(String(other.pid));
    } finally {
      other.kill();
    }
  });

  it.each([
    ['a process that died', '999999999'],
    ['a crash before the pid was written (empty file)', ''],
  ])('takes over a lock left by %s', (_name, content) => {
    writeFileSync(join(dir, 'dealership.lock'), content);
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'dealership.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('clears a takeover left half done by a process that died inside it', () => {
    writeFileSync(join(dir, 'dealership.lock'), '999999999');
    mkdirSync(join(dir, 'dealership.lock.takeover'));
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(dir, 'dealership.lock.takeover'), old, old);
    const release = lockDataDir(dir);
    release();
    expect(readdirSync(dir)).toEqual([]);
  });
});
