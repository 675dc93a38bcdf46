import { createModuleTestApp, insertUser } from '@dealership/app-schema/testing';
import { outboxMessages } from '@dealership/message-data';
import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { BACKUP_INTERVAL_MS, backupStatus, type DatabaseHandle, listBackups, PeriodicJobs, ServerBackups } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { startS3Stub, type S3Stub } from '@dealership/shared-provider-stubs';
import { Global, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { MessageModule } from './message.module';

/** The app's database module provides the server's backups; here a module of the test's does. */
@Global()
@Module({ providers: [ServerBackups], exports: [ServerBackups] })
class BackupsModule {}

// The daily backup as the instances run it: one of three takes it, copies it to S3-compatible
// storage (the official SDK against a loopback stub) and records it for the back office; when it
// fails, the run is recorded and the owners, and nobody else, are emailed through the outbox.
describe('the daily backup (integration, real database, loopback S3 stub)', () => {
  let handle: DatabaseHandle;
  let s3: S3Stub;
  let root: string;
  let app: NestFastifyApplication;
  let config: AppConfig;

  beforeAll(async () => {
    [handle, s3] = await Promise.all([createTestDatabase(), startS3Stub()]);
    root = mkdtempSync(join(tmpdir(), 'daily-backup-'));
    mkdirSync(join(root, 'media', 'cars'), { recursive: true });
    writeFileSync(join(root, 'media', 'cars', 'note-640.webp'), Buffer.from('a picture of a Note'));
    app = await createModuleTestApp(handle, [BackupsModule, MessageModule], {
      env: {
        DATA_DIR: join(root, 'data'),
        MEDIA_DIR: join(root, 'media'),
        BACKUP_DIR: join(root, 'backups'),
        BACKUP_DAILY: 'false',
        // The secret has a slash, URL-encoded as it must be.
        BACKUP_S3_URL: `s3://STUBACCESSKEY:stub%2Fsecret@dealer-backups/mombasa?endpoint=${encodeURIComponent(s3.url)}&region=auto`,
      },
    });
    config = app.get(APP_CONFIG);
    await insertUser(handle.db, { name: 'Owner', email: 'owner@dealer.test', role: 1, phone: '0722 000 111' });
    await insertUser(handle.db, { name: 'Seller', email: 'seller@dealer.test', role: 1, staffRole: 'sales', phone: '0722 000 222' });
  });

  afterAll(async () => {
    await app?.close();
    await Promise.all([handle?.close(), s3?.close()]);
    rmSync(root, { recursive: true, force: true });
  });

  it('three instances due at once: one takes the backup, copies it off-site and records it', async () => {
    const instances = [0, 1, 2].map(() => {
      const jobs = new PeriodicJobs(handle.db);
      return { jobs, backups: new ServerBackups(handle, config, jobs) };
    });
    const ran = await Promise.all(instances.map(({ jobs, backups }) => jobs.tick('backup.daily', BACKUP_INTERVAL_MS, () => backups.runScheduled())));
    expect(ran.filter(Boolean)).toHaveLength(1);

    const [archive, ...others] = listBackups(config.backup.dir);
    expect(others).toEqual([]);
    expect(s3.objects.map(({ bucket, key, accessKeyId }) => ({ bucket, key, accessKeyId }))).toEqual([
      { bucket: 'dealer-backups', key: `mombasa/${basename(archive.file)}`, accessKeyId: 'STUBACCESSKEY' },
    ]);
    expect(s3.objects[0].body.equals(readFileSync(archive.file))).toBe(true);
    const { lastWritten, lastFailed } = await backupStatus(handle.db);
    expect(lastWritten).toMatchObject({ trigger: 'daily', outcome: 'written', file: archive.file, bytes: archive.bytes, copiedTo: `s3://dealer-backups/mombasa/${basename(archive.file)}` });
    expect(lastFailed).toBeNull();
    await Promise.all(instances.map(({ jobs }) => jobs.onApplicationShutdown()));
  });

  it('a failed scheduled backup is recorded, and the owners alone are emailed of it', async () => {
    s3.setBehaviour('error500');
    await expect(app.get(ServerBackups).runScheduled()).rejects.toThrow(/but not copied to s3:\/\/dealer-backups\/mombasa\/backup-/);

    const { lastWritten, lastFailed } = await backupStatus(handle.db);
    expect(lastFailed).toMatchObject({ trigger: 'daily', outcome: 'failed', error: expect.stringMatching(/^written to .*backup-.*\.tar, but not copied to s3:/) });
    expect(lastWritten?.finishedAt.getTime()).toBeLessThan(lastFailed?.finishedAt.getTime() ?? 0);
    const alerts = await handle.db.select().from(outboxMessages).where(eq(outboxMessages.topic, 'backup.failed'));
    expect(alerts.map(({ channel, recipient, subject }) => ({ channel, recipient, subject }))).toEqual([
      { channel: 'email', recipient: 'owner@dealer.test', subject: 'The daily backup failed' },
    ]);
    expect(alerts[0].bodyText).toContain('not copied to s3://dealer-backups');
  });
});
