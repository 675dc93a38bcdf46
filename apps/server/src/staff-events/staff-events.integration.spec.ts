import { insertOrder, insertUser } from '@dealership/app-schema/testing';
import { type Database, type DatabaseHandle, DB } from '@dealership/server-db';
import { createTestDatabase, openSecondConnection } from '@dealership/server-db/testing';
import { STAFF_EVENTS_PATH, STAFF_STREAMS_PER_USER, type StaffEvent } from '@dealership/shared-schemas';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../create-app';
import { TEST_ADMIN, wholeServerTestConfig } from '../testing/test-config';
import { StaffEventHub } from './staff-event-hub';

/** What the back office is promised: a new row on its screen within 2 s. */
const WITHIN_MS = 2_000;

/** An open stream over real HTTP, read the way the browser's hook reads it (fetch, not EventSource). */
interface Reader {
  status: number;
  headers: Headers;
  /** The next event, or a rejection after `ms`; undefined when the server ended the stream. */
  next(ms?: number): Promise<StaffEvent | undefined>;
  close(): void;
}

async function openStream(baseUrl: string, authorization?: string): Promise<Reader> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}${STAFF_EVENTS_PATH}`, { headers: authorization ? { authorization } : {}, signal: abort.signal });
  const reader = res.body?.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  const queued: (StaffEvent | undefined)[] = [];
  const read = async (): Promise<void> => {
    while (queued.length === 0) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) {
        queued.push(undefined);
        return;
      }
      buffered += chunk.value;
      let end: number;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const message = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const data = message.split('\n').find((line) => line.startsWith('data: '));
        if (data) queued.push(JSON.parse(data.slice('data: '.length)) as StaffEvent);
      }
    }
  };
  return {
    status: res.status,
    headers: res.headers,
    next: async (ms = WITHIN_MS) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no event within ${ms} ms`)), ms);
      });
      try {
        await Promise.race([read(), late]);
      } finally {
        clearTimeout(timer);
      }
      return queued.shift();
    },
    close: () => abort.abort(),
  };
}

/*
 * Two server instances on one database, as behind a load balancer: on PostgreSQL each with its own
 * connections (an insert through A reaches B by the server's NOTIFY), on PGlite sharing the
 * in-process engine (one process can hold it).
 */
describe('GET /api/staff/events (integration: two instances over HTTP)', () => {
  const roots: string[] = [];
  let database: DatabaseHandle;
  let second: DatabaseHandle;
  let appA: NestFastifyApplication;
  let appB: NestFastifyApplication;
  let urlA: string;
  let urlB: string;
  let admin: string;
  let customer: string;
  let customerId: string;
  const readers: Reader[] = [];
  const open = async (baseUrl: string, authorization?: string) => {
    const reader = await openStream(baseUrl, authorization);
    readers.push(reader);
    return reader;
  };

  const start = async (handle: DatabaseHandle) => {
    const root = mkdtempSync(join(tmpdir(), 'staff-events-'));
    roots.push(root);
    const app = await createApp(wholeServerTestConfig(root, { JWT_SECRET: 'staff-events-secret-0123456789-abcdefghijklmnop' }), { database: handle });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, url: await app.getUrl() };
  };

  const login = async (baseUrl: string, email: string, password: string) => {
    const res = await fetch(`${baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(res.status).toBe(200);
    return `Bearer ${((await res.json()) as { token: string }).token}`;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    second = await openSecondConnection(database);
    ({ app: appA, url: urlA } = await start(database));
    ({ app: appB, url: urlB } = await start(second));
    admin = await login(urlA, TEST_ADMIN.email, TEST_ADMIN.password);
    const register = await fetch(`${urlA}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Amina', email: 'amina@example.co.ke', password: 'amina-password', phone: '0712345678', address: 'Nyali, Mombasa' }),
    });
    expect(register.status).toBe(201);
    customer = await login(urlA, 'amina@example.co.ke', 'amina-password');
    customerId = (await insertUser(appA.get<Database>(DB), { email: 'juma@example.co.ke' })).id;
  }, 120_000);

  afterEach(() => {
    for (const reader of readers.splice(0)) reader.close();
  });

  afterAll(async () => {
    await appA?.close();
    await appB?.close();
    await second?.close();
    await database?.close();
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  it("streams a lead sent through one instance to an admin's stream on the other within 2 s", async () => {
    const onB = await open(urlB, admin);
    expect(onB.status).toBe(200);
    expect(onB.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(onB.headers.get('cache-control')).toBe('no-store');
    expect(onB.headers.get('content-encoding')).toBeNull();
    expect(await onB.next()).toEqual({ kind: 'ready' });
    const onA = await open(urlA, admin);
    expect(await onA.next()).toEqual({ kind: 'ready' });

    const sent = await fetch(`${urlA}/trpc/lead.create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'enquiry', name: 'Otieno', phone: '0712345678', consent: true, message: 'Is the Vitz still available?' }),
    });
    expect(sent.status).toBe(200);
    const { id } = ((await sent.json()) as { result: { data: { id: string } } }).result.data;

    expect(await onB.next()).toEqual({ kind: 'lead', id });
    expect(await onA.next()).toEqual({ kind: 'lead', id });
  });

  it('streams new orders too', async () => {
    const onB = await open(urlB, admin);
    await onB.next();
    const order = await insertOrder(appA.get<Database>(DB), { buyerId: customerId, lines: [{ name: 'Toyota Vitz', price: 650_000 }] });
    expect(await onB.next()).toEqual({ kind: 'order', id: order.id });
  });

  it('refuses guests (401) and customers (403) before streaming anything', async () => {
    const guest = await open(urlB);
    expect(guest.status).toBe(401);
    const forged = await open(urlB, 'Bearer not-a-token');
    expect(forged.status).toBe(401);
    const buyer = await open(urlB, customer);
    expect(buyer.status).toBe(403);
    expect(buyer.headers.get('content-type')).toContain('application/json');
  });

  it(`holds at most ${STAFF_STREAMS_PER_USER} streams per account (429 beyond), freed as they close`, async () => {
    const hub = appB.get(StaffEventHub);
    const held = await Promise.all(Array.from({ length: STAFF_STREAMS_PER_USER }, () => open(urlB, admin)));
    expect(held.map((reader) => reader.status)).toEqual(held.map(() => 200));
    expect((await open(urlB, admin)).status).toBe(429);
    // Another admin session of the same account is the same account.
    const again = await login(urlA, TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await open(urlB, again)).status).toBe(429);

    held[0].close();
    await waitFor(() => hub.size < STAFF_STREAMS_PER_USER);
    expect((await open(urlB, admin)).status).toBe(200);
  });

  it('ends open streams at shutdown without holding it up', async () => {
    const handle = await openSecondConnection(database);
    const extra = await start(handle);
    const reader = await open(extra.url, admin);
    expect(await reader.next()).toEqual({ kind: 'ready' });
    const started = Date.now();
    await extra.app.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await reader.next()).toBeUndefined();
    await handle.close();
  });
});

async function waitFor(condition: () => boolean, ms = WITHIN_MS): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
