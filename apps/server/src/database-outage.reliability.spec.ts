import { loadConfig } from '@dealership/server-core';
import { insertBrand, insertCar, insertUser, tokenFor } from '@dealership/app-schema/testing';
import { CatalogueChanges } from '@dealership/car-server';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { users } from '@dealership/user-data';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createApp } from './create-app';

const serverUrl = globalThis.__TEST_DATABASE_URL__;
const UNAVAILABLE = 'The service is temporarily unavailable, please try again shortly';

interface Answer {
  call: string;
  status: number;
  retryAfter: string | null;
  body: unknown;
  startedAt: number;
  ms: number;
}

/**
 * The database going away under load, against the whole server over real HTTP. On a PostgreSQL
 * server (TEST_DATABASE_URL) its backends are terminated repeatedly in the middle of a load; on
 * both engines the database is finally closed for good. Either way the process must survive and
 * every failure be a prompt 503 with Retry-After (tRPC: SERVICE_UNAVAILABLE), never a 500 or a hang.
 */
describe('a database outage (the whole server over HTTP)', () => {
  let root: string;
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let base: string;
  let token: string;
  let userId: string;
  let closed = false;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'outage-'));
    handle = await createTestDatabase();
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: root,
      WEB_DIST_DIR: join(root, 'no-web'),
      SEED_DEMO: 'false',
      JWT_SECRET: randomBytes(32).toString('base64url'),
    };
    app = await createApp(loadConfig(env), { database: handle });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = await app.getUrl();
    const brand = await insertBrand(handle.db, { name: 'Toyota' });
    for (let i = 0; i < 5; i++) await insertCar(handle.db, { brandId: brand.id, name: `Toyota Probox ${i}` });
    const user = await insertUser(handle.db, { name: 'Amina', email: 'amina@example.test', address: 'Nyali 0' });
    userId = user.id;
    token = await tokenFor(app, user.id);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    if (!closed) await handle?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const calls: Record<string, () => Promise<Response>> = {
    'REST car list': () => fetch(`${base}/api/car/getAll-car`),
    'REST signed-in check': () => fetch(`${base}/api/user/user-auth`, { headers: { authorization: `Bearer ${token}` } }),
    'tRPC car.latest': () => fetch(`${base}/trpc/car.latest`),
    'tRPC user.me': () => fetch(`${base}/trpc/user.me`, { headers: { authorization: `Bearer ${token}` } }),
  };

  async function ask(call: string, send: () => Promise<Response>): Promise<Answer> {
    const startedAt = Date.now();
    const res = await send();
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // kept as text: the assertions below say what was expected
    }
    return { call, status: res.status, retryAfter: res.headers.get('retry-after'), body, startedAt, ms: Date.now() - startedAt };
  }

  /** A 503 the way each transport must say it. */
  function expectUnavailable(answer: Answer) {
    expect({ call: answer.call, status: answer.status, retryAfter: answer.retryAfter }).toEqual({ call: answer.call, status: 503, retryAfter: '5' });
    if (answer.call.startsWith('REST')) {
      expect(answer.body).toEqual({ success: false, message: UNAVAILABLE });
    } else {
      expect(answer.body).toMatchObject({ error: { message: UNAVAILABLE, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } } });
    }
  }

  it('health: /health/live and /health/ready answer outside /api for anyone; /api/health keeps its shape', async () => {
    const live = await ask('live', () => fetch(`${base}/health/live`));
    expect({ status: live.status, body: live.body }).toEqual({ status: 200, body: { status: 'ok', info: {}, error: {}, details: {} } });
    const ready = await fetch(`${base}/health/ready`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({
      status: 'ok',
      info: { database: { status: 'up', engine: handle.engine } },
      error: {},
      details: { database: { status: 'up', engine: handle.engine } },
    });
    const legacy = await fetch(`${base}/api/health`);
    expect({ status: legacy.status, body: await legacy.json() }).toEqual({ status: 200, body: { status: 'ok', db: 'up' } });
    // Only where they are documented.
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(404);
  });

  // Terminating backends needs a PostgreSQL server: this test exists in the PostgreSQL profile
  // (`npm run test:postgres`, `npm run test:reliability` with TEST_DATABASE_URL; `.ci/run` runs both).
  // On PGlite the outage is the closed database of the next test.
  if (serverUrl)
    it('survives its backends being terminated mid-load: only 200s and prompt 503s with Retry-After, then service resumes by itself, no acknowledged write lost', async () => {
      const admin = new Client({ connectionString: serverUrl });
      await admin.connect();
      const [{ name }] = ((await handle.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows;
      const answers: Answer[] = [];
      let stop = false;

      // Readers: each kind of call in a loop, 2 at a time each.
      const readers = Object.entries(calls).flatMap(([call, send]) =>
        [0, 1].map(async () => {
          while (!stop) answers.push(await ask(call, send));
        }),
      );
      // One writer, strictly in order: profile updates with a growing number in the address.
      let acknowledged = 0;
      let attempted = 0;
      const writer = (async () => {
        while (!stop) {
          const n = ++attempted;
          const answer = await ask('tRPC user.updateProfile', () =>
            fetch(`${base}/trpc/user.updateProfile`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ name: 'Amina', email: 'amina@example.test', phone: '0712345678', address: `Nyali ${n}` }),
            }),
          );
          answers.push(answer);
          if (answer.status === 200) acknowledged = n;
        }
      })();

      try {
        await new Promise((r) => setTimeout(r, 1000));
        // The outage: every backend of this database terminated every 50 ms for 2 s.
        const outageStart = Date.now();
        let terminated = 0;
        while (Date.now() - outageStart < 2000) {
          const result = await admin.query(
            'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
            [name],
          );
          terminated += result.rows[0].n;
          await new Promise((r) => setTimeout(r, 50));
        }
        const outageEnd = Date.now();
        await new Promise((r) => setTimeout(r, 3000));
        stop = true;
        await Promise.all([...readers, writer]);

        expect(terminated).toBeGreaterThan(0);
        // Nothing but successes and 503s, and each 503 prompt, with Retry-After and the transport's shape.
        expect(answers.filter((a) => a.status !== 200 && a.status !== 503).map((a) => ({ call: a.call, status: a.status, body: a.body }))).toEqual([]);
        const failures = answers.filter((a) => a.status === 503);
        expect(failures.length).toBeGreaterThan(0);
        failures.forEach(expectUnavailable);
        expect(Math.max(...failures.map((a) => a.ms))).toBeLessThan(4000);

        // Service resumes by itself: from the first success after the outage, every call succeeds.
        const after = answers.filter((a) => a.startedAt >= outageEnd).sort((a, b) => a.startedAt - b.startedAt);
        const firstOk = after.find((a) => a.status === 200);
        expect(firstOk).toBeDefined();
        const recoveryMs = (firstOk?.startedAt ?? Infinity) + (firstOk?.ms ?? 0) - outageEnd;
        expect(recoveryMs).toBeLessThan(3000);
        expect(after.filter((a) => a.startedAt > (firstOk?.startedAt ?? 0) && a.status !== 200)).toEqual([]);
        for (const call of [...Object.keys(calls), 'tRPC user.updateProfile']) expect(after.some((a) => a.call === call && a.status === 200)).toBe(true);
        console.log(
          `outage: ${terminated} backends terminated over ${outageEnd - outageStart} ms; ${answers.length} calls, ${failures.length} answered 503; ` +
            `service back ${recoveryMs} ms after the last termination`,
        );

        // No acknowledged write lost: the last stored address is the last acknowledged one or a later attempt.
        const [row] = await handle.db.select({ address: users.address }).from(users).where(eq(users.id, userId));
        const stored = Number(row.address.replace('Nyali ', ''));
        expect(acknowledged).toBeGreaterThan(0);
        expect(stored).toBeGreaterThanOrEqual(acknowledged);
        expect(stored).toBeLessThanOrEqual(attempted);

        // The catalogue's LISTEN connection was terminated too: it is back, and a car changed from
        // another connection (as another instance would change it) shows on its page.
        const changes = app.get(CatalogueChanges, { strict: false });
        const page = async () =>
          (
            (await (await fetch(`${base}/trpc/car.bySlug?input=${encodeURIComponent('{"slug":"toyota-probox-0"}')}`)).json()) as {
              result: { data: { price: number } };
            }
          ).result.data.price;
        const listeningBy = Date.now() + 15_000;
        while (changes.version === undefined && Date.now() < listeningBy) await new Promise((r) => setTimeout(r, 50));
        expect(changes.version).toBeDefined();
        const before = await page();
        const writer2 = new Client({ connectionString: Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString() });
        await writer2.connect();
        await writer2.query("update cars set price = price + 1 where slug = 'toyota-probox-0'");
        await writer2.end();
        const seenBy = Date.now() + 5_000;
        let price = await page();
        while (price === before && Date.now() < seenBy) price = await page();
        expect(price).toBe(before + 1);
      } finally {
        stop = true;
        await Promise.allSettled([...readers, writer]);
        await admin.end();
      }
    }, 60_000);

  // A database that refuses new connections needs a PostgreSQL server too (`npm run test:postgres`).
  if (serverUrl)
    it('answers a prompt 503 with Retry-After while the database refuses new connections (ALLOW_CONNECTIONS false), then serves again', async () => {
      const admin = new Client({ connectionString: serverUrl });
      await admin.connect();
      const [{ name }] = ((await handle.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows;
      try {
        for (const [call, send] of Object.entries(calls)) expect((await ask(call, send)).status).toBe(200);
        // The server refuses every new connection (FATAL 55000), and the pool's open ones are gone.
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
        for (let round = 0; round < 2; round++) {
          for (const [call, send] of Object.entries(calls)) {
            const answer = await ask(call, send);
            expectUnavailable(answer);
            expect(answer.ms).toBeLessThan(4000);
          }
        }
      } finally {
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
        await admin.end();
      }
      for (const [call, send] of Object.entries(calls)) expect((await ask(call, send)).status).toBe(200);
    }, 60_000);

  it('answers every call with a prompt 503 and Retry-After once the database is closed, and keeps running', async () => {
    // Warm: everything answers.
    for (const [call, send] of Object.entries(calls)) expect((await ask(call, send)).status).toBe(200);

    await handle.close();
    closed = true;
    for (let round = 0; round < 3; round++) {
      for (const [call, send] of Object.entries(calls)) {
        const answer = await ask(call, send);
        expectUnavailable(answer);
        expect(answer.ms).toBeLessThan(1000);
      }
    }
    // Out of rotation, but alive: a load balancer stops sending traffic, nobody restarts the process.
    const ready = await fetch(`${base}/health/ready`);
    expect({ status: ready.status, body: await ready.json() }).toEqual({
      status: 503,
      body: {
        status: 'error',
        info: {},
        error: { database: { status: 'down', engine: handle.engine } },
        details: { database: { status: 'down', engine: handle.engine } },
      },
    });
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
    const legacy = await fetch(`${base}/api/health`);
    expect({ status: legacy.status, body: await legacy.json() }).toEqual({ status: 503, body: { status: 'error', db: 'down' } });
  }, 30_000);
});
