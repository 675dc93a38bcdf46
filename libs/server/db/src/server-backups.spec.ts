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

  it('keeps the days, not the files: ten backups taken by hand today leave the daily ones of the days before', () => {
    const hour = 3_600_000;
    const today = Date.UTC(2026, 11, 6, 20);
    const byHand = Array.from({ length: 10 }, (_, i) => ({ file: `hand-${i}.tar`, takenAt: new Date(today - i * 60_000) }));
    const daily = Array.from({ length: 8 }, (_, i) => ({ file: `daily-${i + 1}.tar`, takenAt: new Date(today - (i + 1) * 24 * hour) }));
    const gone = backupsBeyondRetention([...byHand, ...daily]);
    expect(gone).toEqual(expect.arrayContaining(byHand.slice(1).map((b) => b.file)));
    // Today's newest and the six days before it; the eighth day back only as its week's newest, if it is one.
    for (const kept of ['hand-0.tar', ...daily.slice(0, 6).map((b) => b.file)]) expect(gone).not.toContain(kept);
  });
});
