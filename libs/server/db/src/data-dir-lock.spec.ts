import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

describe('lockDataDir', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('takes the lock and releases it', () => {
    const release = lockDataDir(dir);
    expect(existsSync(join(dir, 'dealership.lock'))).toBe(true);
    release();
    expect(existsSync(join(dir, 'dealership.lock'))).toBe(false);
  });

  it('refuses a folder held by another live process, naming it', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, 'dealership.lock'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by another process \\(pid ${other.pid}\\)`));
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that died', () => {
    writeFileSync(join(dir, 'dealership.lock'), '999999999');
    const release = lockDataDir(dir);
    release();
  });
});
