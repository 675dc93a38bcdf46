import { insertUser } from '@dealership/app-schema/testing';
import { outboxMessages } from '@dealership/message-data';
import { loadConfig } from '@dealership/server-core';
import { type DatabaseHandle, openDatabase } from '@dealership/server-db';
import { createTestDatabase, testDatabaseUrl } from '@dealership/server-db/testing';
import { users } from '@dealership/user-data';
import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { runBackupCommand } from './backup-command';

/**
 * A site as `npm run backup` and `npm run restore` meet it: on PGlite a DATA_DIR; under `npm run
 * test:postgres` a database of its own on the test server (DATABASE_URL), dropped at the end.
 */
async function site(root: string, name: string): Promise<{ env: Record<string, string>; open(): Promise<DatabaseHandle>; drop(): Promise<void> }> {
  const probe = await createTestDatabase();
  const serverUrl = testDatabaseUrl(probe);
  await probe.close();
  const base = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'a-secret-for-the-backup-command-test-0001',
    MEDIA_DIR: join(root, `${name}-media`),
    BACKUP_DIR: join(root, 'backups'),
  };
  if (!serverUrl) {
    const dataDir = join(root, `${name}-data`);
    return { env: { ...base, DATA_DIR: dataDir }, open: () => openDatabase({ kind: 'pglite', dataDir }), drop: async () => undefined };
  }
  const url = new URL(serverUrl);
  const database = `${url.pathname.slice(1)}_cmd_${name}`;
  const admin = Object.assign(new URL(serverUrl), { pathname: '/postgres' }).toString();
  const run = async (statement: string) => {
    const client = new Client({ connectionString: admin });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await run(`create database ${database}`);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  return {
    env: { ...base, DATA_DIR: join(root, `${name}-data`), DATABASE_URL: databaseUrl },
    open: () => openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 }),
    drop: () => run(`drop database if exists ${database} with (force)`),
  };
}

// The commands themselves, on the engine of the profile (the embedded one by default, PostgreSQL
// with pg_dump and pg_restore under `npm run test:postgres`): a backup of a site, restored into an
// empty one whose first open migrates it; an account signs in with its old password, and the
// outbox's messages keep their status (none sent twice).
describe('npm run backup / npm run restore (integration: the commands on the real engine)', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'backup-cmd-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('backs up a site and restores it into an empty one: same accounts, passwords, messages and pictures', async () => {
    const source = await site(root, 'source');
    const target = await site(root, 'target');
    try {
      const db = await source.open();
      let buyerId: string;
      try {
        ({ id: buyerId } = await insertUser(db.db, { email: 'wanjiru@buyer.test', passwordHash: await hash('her-old-password-1') }));
        await db.db.insert(outboxMessages).values([
          { channel: 'sms', recipient: '+254712000001', topic: 'order.status', bodyText: 'Sent before the backup', status: 'sent', sentAt: new Date() },
          { channel: 'email', recipient: 'wanjiru@buyer.test', topic: 'order.status', subject: 'Waiting', bodyText: 'Not sent yet' },
        ]);
      } finally {
        await db.close();
      }
      mkdirSync(join(source.env.MEDIA_DIR, 'cars'), { recursive: true });
      writeFileSync(join(source.env.MEDIA_DIR, 'cars', 'axio-1a2b3c.webp'), Buffer.from('the Axio'));

      const printed: string[] = [];
      expect(await runBackupCommand(loadConfig(source.env), ['backup'], (line) => printed.push(line))).toBe(0);
      const archive = printed.at(-1) as string;
      expect(archive).toMatch(/backup-.*\.tar$/);

      const said: string[] = [];
      expect(await runBackupCommand(loadConfig(target.env), ['restore', archive], (line) => said.push(line))).toBe(0);
      expect(said.at(-1)).toMatch(/^Restored the backup of .* \(\d+ rows, 1 pictures\)/);
      // Again into what now holds the site: refused, naming --force.
      expect(await runBackupCommand(loadConfig(target.env), ['restore', archive], (line) => said.push(line))).toBe(1);
      expect(said.at(-1)).toMatch(/is not empty: restore into an empty (folder|database), or pass --force/);

      const restored = await target.open();
      try {
        const [buyer] = await restored.db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.email, 'wanjiru@buyer.test'));
        expect(buyer.id).toBe(buyerId);
        expect(await verify(buyer.passwordHash as string, 'her-old-password-1')).toBe(true);
        // By their words (ids are random): each with the status it had.
        const messages = await restored.db
          .select({ bodyText: outboxMessages.bodyText, status: outboxMessages.status })
          .from(outboxMessages)
          .orderBy(outboxMessages.bodyText);
        expect(messages).toEqual([
          { bodyText: 'Not sent yet', status: 'pending' },
          { bodyText: 'Sent before the backup', status: 'sent' },
        ]);
      } finally {
        await restored.close();
      }
      expect(readFileSync(join(target.env.MEDIA_DIR, 'cars', 'axio-1a2b3c.webp'), 'utf8')).toBe('the Axio');
    } finally {
      await source.drop();
      await target.drop();
    }
  }, 120_000);
});
