import { SEED_BRANDS, SEED_CARS } from '@dealership/seed';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { bundle, exited, type Listener, listener, run as runServer, type ServerProcess, waitForHealth } from './server-process.testing';

const run = (env: Record<string, string>, socket: Listener) => runServer({ PATH: process.env.PATH ?? '', ...env }, socket);

const SERVERS = 3;
const serverUrl = globalThis.__TEST_DATABASE_URL__;
const migrationsDir = resolve(__dirname, '../../../libs/server/db/migrations');

/**
 * Several servers started at the same instant on one DATA_DIR (the embedded database does not
 * lock its folder: two processes on it corrupt it). Exactly one may open the folder; the others
 * must exit 75 naming the folder and the pid that holds it.
 */
describe('servers started together on one DATA_DIR (built bundle)', () => {
  let root: string;
  beforeAll(() => {
    if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run npx nx run server:build`);
    root = mkdtempSync(join(tmpdir(), 'server-race-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it.each([
    ['an empty folder', undefined],
    ['a folder with a stale lock of a dead process', '999999999'],
  ])(
    `exactly one of ${SERVERS} opens %s; the others exit 75 naming the folder and the holder`,
    async (name, staleLock) => {
      const dataDir = join(root, name.replace(/\W+/g, '-'));
      mkdirSync(dataDir);
      if (staleLock) writeFileSync(join(dataDir, 'dealership.lock'), staleLock);
      const sockets = await Promise.all(Array.from({ length: SERVERS }, () => listener()));
      const servers = sockets.map((socket) => ({ port: socket.port, child: run({ DATA_DIR: dataDir, SEED_DEMO: 'false' }, socket) }));
      let winner: { port: number; child: ServerProcess } | undefined;
      try {
        // The losers exit; the one left running is the winner.
        const losers = await new Promise<typeof servers>((resolve, reject) => {
          const gone: typeof servers = [];
          const timer = setTimeout(() => reject(new Error(`only ${gone.length} of ${SERVERS} servers exited: more than one opened the folder`)), 90_000);
          for (const server of servers)
            void exited(server.child).then(() => {
              gone.push(server);
              if (gone.length === SERVERS - 1) {
                clearTimeout(timer);
                resolve(gone);
              }
            });
        });
        winner = servers.find((s) => !losers.includes(s));
        if (!winner) throw new Error('every server exited');
        await waitForHealth(winner.port, winner.child);
        expect(readFileSync(join(dataDir, 'dealership.lock'), 'utf8')).toBe(String(winner.child.pid));
        for (const loser of losers) {
          expect(await exited(loser.child)).toBe(75);
          expect(loser.child.output()).toContain(`DATA_DIR ${dataDir} is in use by another process (pid ${winner.child.pid})`);
        }
        // The winner serves its database normally.
        expect((await fetch(`http://127.0.0.1:${winner.port}/health/ready`)).status).toBe(200);
      } finally {
        for (const { child } of servers) if (child.exitCode === null) child.kill('SIGTERM');
      }
      if (winner) expect(await exited(winner.child)).toBe(0);
      expect(existsSync(join(dataDir, 'dealership.lock'))).toBe(false);
    },
    180_000,
  );
});

// Needs a PostgreSQL server: this test exists in the PostgreSQL profile (`npm run test:reliability`
// with TEST_DATABASE_URL; `.ci/run` runs it). The embedded database has its folder lock (above).
if (serverUrl)
  describe('replicas started together on one PostgreSQL database (built bundle)', () => {
    let root: string;
    let admin: Client;
    beforeAll(async () => {
      if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run npx nx run server:build`);
      root = mkdtempSync(join(tmpdir(), 'replica-race-'));
      admin = new Client({ connectionString: serverUrl });
      await admin.connect();
    });
    afterAll(async () => {
      await admin?.end();
      rmSync(root, { recursive: true, force: true });
    });

    const journal = () => (JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries;

    /** The previous release's schema: every committed migration but the last, as that release applied them. */
    async function migrateAllButLast(url: string) {
      const previous = join(root, `previous-${randomBytes(4).toString('hex')}`);
      cpSync(migrationsDir, previous, { recursive: true });
      const journalFile = join(previous, 'meta', '_journal.json');
      const parsed = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
      writeFileSync(journalFile, JSON.stringify({ ...parsed, entries: parsed.entries.slice(0, -1) }));
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        await migrate(drizzle(client), { migrationsFolder: previous });
      } finally {
        await client.end();
      }
    }

    it.each([
      ['a fresh deploy on an empty database, demo seed on', false],
      ['a release with a new migration on the previous release\'s database', true],
    ])(
      `all ${SERVERS} start and serve: %s (the migrations and the seed run once, the others wait)`,
      async (_name, previousRelease) => {
        const name = `dealership_race_${randomBytes(6).toString('hex')}`;
        await admin.query(`CREATE DATABASE ${name}`);
        const url = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
        const servers: { port: number; child: ServerProcess }[] = [];
        try {
          // On the previous release's database the new migration is quick: the servers, booting a
          // second apart, would take turns by chance. So the test holds the migrations' table until
          // all three are waiting at it (or, with the advisory lock, one at it and two at the lock),
          // then lets them go together: without the lock, all three apply the new migration at once.
          let gate: Client | undefined;
          if (previousRelease) {
            await migrateAllButLast(url);
            gate = new Client({ connectionString: url });
            await gate.connect();
            await gate.query('begin');
            await gate.query('lock table drizzle.__drizzle_migrations in access exclusive mode');
          }
          const shared = {
            DATABASE_URL: url,
            JWT_SECRET: randomBytes(32).toString('base64url'),
            MEDIA_DIR: join(root, `${name}-media`),
            SEED_DEMO: 'true',
          };
          const sockets = await Promise.all(Array.from({ length: SERVERS }, () => listener()));
          for (const [i, socket] of sockets.entries()) {
            servers.push({ port: socket.port, child: run({ ...shared, DATA_DIR: join(root, `${name}-${i}`) }, socket) });
          }
          if (gate) {
            const until = Date.now() + 90_000;
            const waiting = async () =>
              ((await admin.query("select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'", [name])).rows[0] as { n: number }).n;
            while ((await waiting()) < SERVERS) {
              if (Date.now() > until) throw new Error(`only ${await waiting()} of ${SERVERS} servers reached the migrations`);
              await new Promise((resolve) => setTimeout(resolve, 100));
            }
            await gate.query('commit');
            await gate.end();
          }
          await Promise.all(servers.map(({ port, child }) => waitForHealth(port, child)));
          for (const { port } of servers) {
            expect((await fetch(`http://127.0.0.1:${port}/health/ready`)).status).toBe(200);
            const list = await fetch(`http://127.0.0.1:${port}/trpc/car.latest`);
            expect(list.status).toBe(200);
          }

          const db = new Client({ connectionString: url });
          await db.connect();
          try {
            const count = async (query: string) => ((await db.query(query)).rows[0] as { n: number }).n;
            expect(await count('select count(*)::int as n from drizzle.__drizzle_migrations')).toBe(journal().length);
            // A fresh database is seeded once; the previous release's database was empty, so it is seeded now, once.
            expect(await count('select count(*)::int as n from cars')).toBe(SEED_CARS.length);
            expect(await count('select count(*)::int as n from brands')).toBe(SEED_BRANDS.length);
            expect(await count("select count(*)::int as n from app_state where key = 'demo_catalogue_seeded'")).toBe(1);
          } finally {
            await db.end();
          }
        } finally {
          for (const { child } of servers) if (child.exitCode === null) child.kill('SIGTERM');
          const codes = await Promise.all(servers.map(({ child }) => exited(child)));
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          expect({ codes, output: codes.some((c) => c !== 0) ? servers.map(({ child }) => child.output()).join('\n---\n') : '' }).toEqual({
            codes: servers.map(() => 0),
            output: '',
          });
        }
      },
      180_000,
    );
  });
