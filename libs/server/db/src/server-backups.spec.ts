import { backupsBeyondRetention, BACKUP_RETENTION } from './server-backups';

describe('backupsBeyondRetention', () => {
  it('keeps the newest of the last 7 daily runs and the newest of each of 4 weeks, and deletes the rest', () => {
    const day = 86_400_000;
    const start = Date.UTC(2026, 11, 6);
    // Sixty daily backups, newest first.
    const backups = Array.from({ length: 60 }, (_, i) => ({ file: `backup-${i}.tar`, takenAt: new Date(start - i * day) }));
    const gone = backupsBeyondRetention(backups);
    const kept = backups.filter((b) => !gone.includes(b.file)).map((b) => b.file);
    expect(kept.slice(0, BACKUP_RETENTION.daily)).toEqual(backups.slice(0, 7).map((b) => b.file));
    expect(kept.length).toBeLessThanOrEqual(BACKUP_RETENTION.daily + BACKUP_RETENTION.weekly);
    // The oldest kept is at most four weeks back; nothing older stays.
    const oldest = Math.max(...kept.map((file) => Number(file.slice(7, -4))));
    expect(oldest).toBeLessThan(4 * 7);
    expect(gone).toContain('backup-59.tar');
    expect(backupsBeyondRetention(backups.slice(0, 3))).toEqual([]);
  });
});
