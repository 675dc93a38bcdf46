import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { type CollectGarbage, trimMemoryWhenIdle } from './idle-memory';

const QUIET_MS = 80;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('trimMemoryWhenIdle (a real Fastify server)', () => {
  let fastify: FastifyInstance;
  let url: string;
  let calls: Parameters<CollectGarbage>[0][];
  let trims: { trims: number };
  let release: (() => void) | undefined;

  beforeEach(async () => {
    calls = [];
    fastify = Fastify();
    trims = trimMemoryWhenIdle(fastify, { gc: (options) => calls.push(options), afterMs: QUIET_MS });
    fastify.get('/quick', async () => 'ok');
    fastify.get('/slow', () => new Promise<string>((resolve) => (release = () => resolve('done'))));
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(fastify.server.address() as AddressInfo).port}`;
  });

  afterEach(() => fastify.close());

  it('runs one memory-reducing collection once the server has been quiet, and none while it stays idle', async () => {
    await sleep(QUIET_MS * 2);
    expect(calls).toHaveLength(0); // nothing served yet: nothing to give back
    await (await fetch(`${url}/quick`)).text();
    await (await fetch(`${url}/quick`)).text();
    await sleep(QUIET_MS * 3);
    expect(calls).toEqual([{ type: 'major', flavor: 'last-resort' }]);
    await sleep(QUIET_MS * 3);
    expect(trims.trims).toBe(1);
    await (await fetch(`${url}/quick`)).text();
    await sleep(QUIET_MS * 3);
    expect(trims.trims).toBe(2);
  });

  it('waits while a request is still open, also past the quiet time', async () => {
    const slow = fetch(`${url}/slow`);
    await (await fetch(`${url}/quick`)).text();
    await sleep(QUIET_MS * 3);
    expect(calls).toHaveLength(0);
    release?.();
    await (await slow).text();
    await sleep(QUIET_MS * 3);
    expect(calls).toHaveLength(1);
  });

  it('counts a request the client gave up on as ended', async () => {
    const aborted = new AbortController();
    const slow = fetch(`${url}/slow`, { signal: aborted.signal }).catch(() => undefined);
    await sleep(20);
    aborted.abort();
    await slow;
    await sleep(QUIET_MS * 3);
    expect(calls).toHaveLength(1);
    release?.();
  });

  it('does nothing without gc (Node started without --expose-gc)', async () => {
    const plain = Fastify();
    expect(trimMemoryWhenIdle(plain, { gc: undefined, afterMs: QUIET_MS })).toEqual({ trims: 0 });
    await plain.close();
  });
});
