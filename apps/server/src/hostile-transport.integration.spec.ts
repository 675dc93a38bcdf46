import { createLogger, loadConfig } from '@dealership/server-core';
import { insertBrand, insertCar } from '@dealership/app-schema/testing';
import { type Database, type DatabaseHandle, DB } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { users } from '@dealership/user-data';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from './create-app';

/**
 * The whole server against hostile requests at the transport: control characters through tRPC,
 * oversized and unknown-method tRPC requests, slow clients on a real socket, and logs that never
 * carry the values of a request that failed in the database.
 */
describe.each(['custom', 'official'])('hostile transport, TRPC_TRANSPORT=%s (integration: the whole server on a test database)', (transport) => {
  let root: string;
  let database: DatabaseHandle;
  let app: NestFastifyApplication;
  const logLines: string[] = [];

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'hostile-'));
    database = await createTestDatabase();
    const toyota = await insertBrand(database.db, { name: 'Toyota' });
    await insertCar(database.db, { name: 'Toyota Vitz', brandId: toyota.id });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: join(root, 'data'),
      SEED_DEMO: 'false',
      WEB_DIST_DIR: join(root, 'none'),
      TRPC_TRANSPORT: transport,
    });
    app = await createApp(config, { database, logger: createLogger(config, { write: (line: string) => void logLines.push(line) }) });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const trpcGet = (procedure: string, input: unknown) =>
    app.inject({ method: 'GET', url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}` });
  const trpcPost = (procedure: string, input: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: `/trpc/${procedure}`, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(input) });
  const account = (n: string) => ({
    name: `Amina ${n}`,
    email: `amina-${n}@example.test`,
    password: 'long-enough-pass',
    phone: '0712345678',
    address: 'Nyali, Mombasa',
  });

  describe('control characters through tRPC over HTTP', () => {
    it('answer 400 with a human message naming the field, and the field errors for forms', async () => {
      for (const [procedure, input, field] of [
        ['car.list', { search: 'vitz\u0000' }, 'search'],
        ['car.list', { make: '\u001bToyota' }, 'make'],
        ['car.bySlug', { slug: 'toyota-vitz\u0000' }, 'slug'],
        ['brand.bySlug', { slug: '\u0000' }, 'slug'],
      ] as const) {
        const res = await trpcGet(procedure, input);
        expect(res.statusCode).toBe(400);
        const { error } = res.json();
        expect(error.message).toBe(`${field} must not contain control characters`);
        expect(error.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400, fieldErrors: { [field]: [`${field} must not contain control characters`] } });
      }
      for (const field of ['name', 'email', 'phone', 'address'] as const) {
        const input = account(`nul-${field}`);
        const res = await trpcPost('user.register', { ...input, [field]: `${input[field]}\u0000` });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(`${field} must not contain control characters`);
      }
      const login = await trpcPost('user.login', { email: 'amina@example.test', password: 'pass\u0000word' });
      expect(login.statusCode).toBe(400);
      expect(login.json().error.message).toBe('password must not contain a NUL character');
    });

    it('say the first problem of any invalid input in words, not as the JSON of zod issues', async () => {
      const res = await trpcGet('car.list', { pageSize: 1000, priceMin: 'cheap' });
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error.message).toBe('priceMin must be a number');
      expect(error.message).not.toContain('[');
      expect(error.data.fieldErrors).toEqual({ priceMin: ['priceMin must be a number'], pageSize: ['pageSize must be at most 48'] });
    });
  });

  describe('tRPC transport limits (tRPC error shape, before any procedure runs)', () => {
    it('answers TRACE and every other method but GET and POST with 405 and Allow', async () => {
      for (const method of ['TRACE', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const) {
        // light-my-request's type lists no TRACE; the server must answer it all the same.
        const res = await app.inject({ method: method as 'PUT', url: '/trpc/car.list' });
        expect({ method, status: res.statusCode }).toEqual({ method, status: 405 });
        expect(res.headers['allow']).toBe('GET, POST');
        expect(res.json().error).toMatchObject({
          message: expect.stringContaining(`${method} is not supported`),
          data: { code: 'METHOD_NOT_SUPPORTED', httpStatus: 405 },
        });
      }
      const head = await app.inject({ method: 'HEAD', url: '/trpc/car.list' });
      expect(head.statusCode).toBe(405);
      expect(head.headers['allow']).toBe('GET, POST');
    });

    it('caps a batch at 10 calls: more is a 400 with a clear message, and none of them runs', async () => {
      const batch = (n: number) => Array.from({ length: n }, () => 'car.latest').join(',');
      const ten = await app.inject({ method: 'GET', url: `/trpc/${batch(10)}?batch=1&input=${encodeURIComponent('{}')}` });
      expect(ten.statusCode).toBe(200);
      expect(ten.json()).toHaveLength(10);
      const eleven = await app.inject({ method: 'GET', url: `/trpc/${batch(11)}?batch=1&input=${encodeURIComponent('{}')}` });
      expect(eleven.statusCode).toBe(400);
      expect(eleven.json().error).toMatchObject({
        message: 'A batch may hold at most 10 calls (this one has 11)',
        data: { code: 'BAD_REQUEST', httpStatus: 400 },
      });

      const count = () => database.db.$count(users);
      const before = await count();
      const inputs = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [i, account(`batch-${i}`)]));
      const registrations = await app.inject({
        method: 'POST',
        url: `/trpc/${Array.from({ length: 11 }, () => 'user.register').join(',')}?batch=1`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(inputs),
      });
      expect(registrations.statusCode).toBe(400);
      expect(await count()).toBe(before);
    });

    it('refuses a URL over 8 KB with 414 and a body over 100 KB with 413', async () => {
      const long = await trpcGet('car.list', { search: 'x'.repeat(9_000) });
      expect(long.statusCode).toBe(414);
      expect(long.json().error).toMatchObject({ message: expect.stringContaining('URL is too long'), data: { httpStatus: 414 } });

      const big = await trpcPost('user.login', { email: 'amina@example.test', password: 'x'.repeat(150_000) });
      expect(big.statusCode).toBe(413);
      expect(big.json().error).toMatchObject({
        message: expect.stringContaining('Request body is too large'),
        data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 },
      });
    });
  });

  describe('logs of a request that failed in the database', () => {
    it('carry the error class, SQLSTATE and constraint, never the SQL parameters, passwords or tokens', async () => {
      // A constraint that makes the insert fail with the request's values as its parameters.
      await app.get<Database>(DB).execute(sql.raw(`ALTER TABLE users ADD CONSTRAINT hostile_probe CHECK (position('Sekret' in name) = 0)`));
      try {
        logLines.length = 0;
        const secrets = {
          name: 'Sekret Name 4242',
          email: 'sekret-4242@example.test',
          password: 'hunter2-Sekret-pass',
          phone: '0700424242',
          token: 'tok_Sekret_5f9a',
        };
        const body = { name: secrets.name, email: secrets.email, password: secrets.password, phone: secrets.phone, address: 'Sekret Street 1' };
        const rest = await app.inject({
          method: 'POST',
          url: `/api/user/register?token=${secrets.token}`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${secrets.token}`, cookie: `session=${secrets.token}` },
          payload: JSON.stringify(body),
        });
        expect(rest.statusCode).toBe(500);
        expect(rest.json()).toEqual({ success: false, message: 'Internal server error' });
        const trpc = await trpcPost('user.register', { ...body, email: 'sekret-4243@example.test' }, { authorization: `Bearer ${secrets.token}` });
        expect(trpc.statusCode).toBe(500);
        expect(trpc.json().error.message).toBe('Internal server error');

        const logs = logLines.join('\n');
        // The failures are logged, with what an operator needs...
        expect(logs).toContain('23514');
        expect(logs).toContain('hostile_probe');
        expect(logLines.filter((line) => JSON.parse(line).level >= 50).length).toBeGreaterThanOrEqual(2);
        // ...and nothing of the request.
        for (const value of [...Object.values(secrets), 'Sekret', '4242', '4243']) expect(logs).not.toContain(value);
        expect(logs).not.toMatch(/params:|insert into/i);
      } finally {
        await app.get<Database>(DB).execute(sql.raw('ALTER TABLE users DROP CONSTRAINT hostile_probe'));
      }
    });
  });

  describe('slow clients on a real socket', () => {
    /** Opens a loopback connection, writes `chunks`, and resolves with what came back and when the server closed it. */
    const slowClient = (port: number, chunks: string[]) =>
      new Promise<{ response: string; closedAfterMs: number }>((resolve, reject) => {
        const started = Date.now();
        const socket = connect({ host: '127.0.0.1', port });
        let response = '';
        socket.setEncoding('utf8');
        socket.on('data', (data: string) => (response += data));
        socket.on('error', reject);
        socket.on('close', () => resolve({ response, closedAfterMs: Date.now() - started }));
        socket.on('connect', () => chunks.forEach((chunk) => socket.write(chunk)));
        // The test's own bound: a connection the server never closes fails the expectations below.
        setTimeout(() => socket.destroy(), 20_000).unref();
      });

    it('cuts off half-sent headers in 5 s, a half-sent body in 10 s and an idle keep-alive connection in 5 s', async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.getHttpServer().address() as { port: number }).port;
      const [headers, body, idle, huge] = await Promise.all([
        slowClient(port, ['GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ']),
        slowClient(port, ['POST /trpc/user.login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":']),
        slowClient(port, ['GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n']),
        slowClient(port, [`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`]),
      ]);
      expect(headers.response).toMatch(/^HTTP\/1\.1 408/);
      expect(headers.closedAfterMs).toBeLessThan(8_000);
      expect(body.response).toMatch(/^HTTP\/1\.1 408/);
      expect(body.closedAfterMs).toBeGreaterThanOrEqual(9_000);
      expect(body.closedAfterMs).toBeLessThan(13_000);
      expect(idle.response).toMatch(/^HTTP\/1\.1 \d{3}/);
      expect(idle.closedAfterMs).toBeGreaterThanOrEqual(4_000);
      expect(idle.closedAfterMs).toBeLessThan(8_000);
      expect(huge.response).toMatch(/^HTTP\/1\.1 431/);
    }, 30_000);
  });
});
