import { initTRPC, TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import Fastify, { type FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { mountTrpc, type TrpcTransport } from './trpc-http';

interface Ctx {
  user: string | null;
}

// Not in development mode: error shapes carry no stack (theirs and ours point at different lines).
const t = initTRPC.context<Ctx>().create({ isDev: false });
const appRouter = t.router({
  hello: t.procedure
    .input(z.object({ name: z.string() }).optional())
    .query(({ input, ctx }) => ({ greeting: `hello ${input?.name ?? 'you'}`, user: ctx.user })),
  fails: t.procedure.query(() => {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Nothing here' });
  }),
  crashes: t.procedure.query(() => {
    throw new Error('secret detail');
  }),
  throttled: t.procedure.mutation(() => {
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'Slow down', cause: Object.assign(new Error('throttled'), { retryAfterSeconds: 42 }) });
  }),
  nested: t.router({ echo: t.procedure.input(z.object({ n: z.number() })).mutation(({ input }) => input.n * 2) }),
  // An object holding a promise: only a streaming link may receive it.
  deferred: t.procedure.query(() => ({ later: Promise.resolve(1) })),
});

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
/** The calls both transports must answer as tRPC does: [name, method, url, headers, body]. */
const cases: [string, string, string, Record<string, string>, string?][] = [
  ['a query with input', 'GET', `/trpc/hello?input=${input({ name: 'Ann' })}`, {}],
  ['a query without input', 'GET', '/trpc/hello', {}],
  ['a query with the context of a token', 'GET', '/trpc/hello', { authorization: 'token-1' }],
  ['an invalid input', 'GET', `/trpc/hello?input=${input({ name: 5 })}`, {}],
  ['malformed input JSON', 'GET', '/trpc/hello?input=%7Bnope', {}],
  ['an unknown procedure', 'GET', '/trpc/nope', {}],
  ['a thrown TRPCError', 'GET', '/trpc/fails', {}],
  ['an unexpected error', 'GET', '/trpc/crashes', {}],
  ['a mutation called with GET', 'GET', '/trpc/nested.echo', {}],
  ['a query called with POST', 'POST', '/trpc/hello', { 'content-type': 'application/json' }, '{}'],
  ['a mutation', 'POST', '/trpc/nested.echo', { 'content-type': 'application/json' }, JSON.stringify({ n: 21 })],
  ['a throttled call (Retry-After)', 'POST', '/trpc/throttled', { 'content-type': 'application/json' }, '{}'],
  ['a failing context', 'GET', '/trpc/hello', { authorization: 'broken' }],
  ['a batch, all good', 'GET', `/trpc/hello,hello?batch=1&input=${input({ 0: { name: 'A' }, 1: { name: 'B' } })}`, {}],
  ['a batch, mixed (207)', 'GET', `/trpc/hello,fails,nope?batch=1&input=${input({ 0: { name: 'A' } })}`, {}],
  ['a batch, all failing', 'GET', '/trpc/fails,fails?batch=1&input=%7B%7D', {}],
  ['a batch whose input is not an object', 'GET', `/trpc/hello?batch=1&input=${input([1])}`, {}],
  ['a batch of mutations', 'POST', '/trpc/nested.echo,throttled?batch=1', { 'content-type': 'application/json' }, JSON.stringify({ 0: { n: 2 } })],
  ['a stream-like answer to a plain call (415)', 'GET', '/trpc/deferred', {}],
  ['a stream-like answer in a batch (207)', 'GET', `/trpc/hello,deferred?batch=1&input=${input({ 0: { name: 'A' } })}`, {}],
];

const createContext = (authorization: string | undefined): Ctx => {
  if (authorization === 'broken') throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'Database unavailable' });
  return { user: authorization ?? null };
};

/** What tRPC's own handler answers (status, retry-after, body) and which errors it reports. */
async function viaTrpc(method: string, url: string, headers: Record<string, string>, body?: string) {
  const errors: string[] = [];
  const res = await fetchRequestHandler({
    endpoint: '/trpc',
    router: appRouter,
    req: new Request(`http://localhost${url}`, { method, headers, body }),
    createContext: ({ req }) => createContext(req.headers.get('authorization') ?? undefined),
    onError: ({ error, path }) => errors.push(`${path}:${error.code}`),
    responseMeta: ({ errors: failed }) => {
      const retryAfter = failed.map((e) => (e.cause as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds).find((s) => typeof s === 'number');
      return retryAfter === undefined ? {} : { headers: { 'retry-after': String(retryAfter) } };
    },
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: JSON.parse(await res.text()) as unknown, errors };
}

describe.each<TrpcTransport>(['custom', 'official'])('mountTrpc (transport %s) answers JSON calls as tRPC does', (transport) => {
  let fastify: FastifyInstance;
  const errors: string[] = [];

  beforeAll(async () => {
    fastify = Fastify();
    await mountTrpc(fastify, {
      prefix: '/trpc',
      router: appRouter,
      createContext: (request) => createContext(request.headers.authorization),
      onError: ({ error, path }) => errors.push(`${path}:${error.code}`),
      transport,
    });
    await fastify.ready();
  });

  afterAll(async () => {
    await fastify.close();
  });

  it('refuses a mutation with an empty body as a bad request (tRPC words it by the parser: compared without the message)', async () => {
    const res = await fastify.inject({ method: 'POST', url: '/trpc/nested.echo', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { data: { code: 'BAD_REQUEST', httpStatus: 400, path: 'nested.echo' } } });
  });

  // One object per case: a shorter tuple would hand Jest's `done` callback over as the body.
  it.each(cases.map(([name, method, url, headers, body]) => ({ name, method, url, headers, body })))('$name', async ({ method, url, headers, body }) => {
    errors.length = 0;
    const expected = await viaTrpc(method, url, headers, body);
    const res = await fastify.inject({ method: method as 'GET' | 'POST', url, headers, payload: body });
    expect({ status: res.statusCode, retryAfter: res.headers['retry-after'] ?? null, body: res.json(), errors: [...errors] }).toEqual(expected);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers.vary).toBe('trpc-accept, accept');
  });
});

describe.each<TrpcTransport>(['custom', 'official'])('mountTrpc (transport %s) refuses before any procedure runs, in tRPC error shape', (transport) => {
  let fastify: FastifyInstance;
  const limits = { maxBatchCalls: 3, maxUrlLength: 200, maxBodyBytes: 1_000 };

  beforeAll(async () => {
    fastify = Fastify();
    await mountTrpc(fastify, {
      prefix: '/trpc',
      router: appRouter,
      createContext: (request) => createContext(request.headers.authorization),
      limits,
      transport,
    });
    await fastify.ready();
  });

  afterAll(async () => {
    await fastify.close();
  });

  const json = { 'content-type': 'application/json' };

  it('answers other methods than GET and POST with 405 and Allow (HEAD too)', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH', 'HEAD'] as const) {
      const res = await fastify.inject({ method, url: '/trpc/hello' });
      expect({ method, status: res.statusCode, allow: res.headers.allow }).toEqual({ method, status: 405, allow: 'GET, POST' });
      if (method !== 'HEAD') expect(res.json()).toMatchObject({ error: { data: { code: 'METHOD_NOT_SUPPORTED', httpStatus: 405 } } });
    }
  });

  it('refuses a batch over maxBatchCalls with 400, a long URL with 414, a large body with 413', async () => {
    const batch = await fastify.inject({ method: 'GET', url: '/trpc/hello,hello,hello,hello?batch=1&input=%7B%7D' });
    expect(batch.statusCode).toBe(400);
    expect(batch.json()).toMatchObject({
      error: { message: 'A batch may hold at most 3 calls (this one has 4)', data: { code: 'BAD_REQUEST', httpStatus: 400 } },
    });
    expect((await fastify.inject({ method: 'GET', url: '/trpc/hello,hello,hello?batch=1&input=%7B%7D' })).statusCode).toBe(200);
    // Commas encoded twice are decoded by the handler before it splits: counted as the calls they become.
    const doubleEncoded = await fastify.inject({ method: 'GET', url: '/trpc/hello%252Chello%252Chello%252Chello?batch=1&input=%7B%7D' });
    expect(doubleEncoded.statusCode).toBe(400);
    expect(doubleEncoded.json()).toMatchObject({ error: { message: 'A batch may hold at most 3 calls (this one has 4)' } });

    const long = await fastify.inject({ method: 'GET', url: `/trpc/hello?input=${encodeURIComponent(JSON.stringify({ name: 'x'.repeat(300) }))}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ error: { data: { httpStatus: 414 } } });

    const big = await fastify.inject({ method: 'POST', url: '/trpc/nested.echo', headers: json, payload: JSON.stringify({ n: 1, pad: 'x'.repeat(2_000) }) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ error: { data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 } } });
  });

  it('refuses a large body sent without Content-Length (chunked) with 413', async () => {
    const res = await fastify.inject({
      method: 'POST',
      url: '/trpc/nested.echo',
      headers: json,
      payload: Readable.from([Buffer.from(`{"n":1,"pad":"${'x'.repeat(5_000)}"}`)]),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: { data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 } } });
  });

  it('takes mutation input as JSON only: multipart and octet-stream bodies answer 415', async () => {
    for (const type of ['multipart/form-data; boundary=x', 'application/octet-stream']) {
      const res = await fastify.inject({
        method: 'POST',
        url: '/trpc/nested.echo',
        headers: { 'content-type': type },
        payload: Readable.from([Buffer.from('x'.repeat(5_000))]),
      });
      expect({ type, status: res.statusCode }).toEqual({ type, status: 415 });
      expect(res.json()).toMatchObject({ error: { data: { code: 'UNSUPPORTED_MEDIA_TYPE', httpStatus: 415 } } });
    }
  });
});

describe('the custom transport answers byte for byte as the official Fastify adapter (guard of the tRPC internals it reads: trpc-internals.guard.spec.ts)', () => {
  const servers: Record<TrpcTransport, FastifyInstance> = {} as Record<TrpcTransport, FastifyInstance>;
  const reported: Record<TrpcTransport, string[]> = { custom: [], official: [] };

  beforeAll(async () => {
    for (const transport of ['custom', 'official'] as const) {
      const fastify = Fastify();
      await mountTrpc(fastify, {
        prefix: '/trpc',
        router: appRouter,
        createContext: (request) => createContext(request.headers.authorization),
        onError: ({ error, path, input, type }) => reported[transport].push(JSON.stringify({ path, code: error.code, message: error.message, input, type })),
        transport,
      });
      await fastify.ready();
      servers[transport] = fastify;
    }
  });

  afterAll(async () => {
    await Promise.all(Object.values(servers).map((fastify) => fastify.close()));
  });

  const streamed: typeof cases = [
    [
      'a streamed batch (trpc-accept: application/jsonl)',
      'GET',
      `/trpc/hello,fails?batch=1&input=${input({ 0: { name: 'A' } })}`,
      { 'trpc-accept': 'application/jsonl' },
    ],
    ['a mutation with an empty body', 'POST', '/trpc/nested.echo', { 'content-type': 'application/json' }, ''],
  ];

  it.each([...cases, ...streamed].map(([name, method, url, headers, body]) => ({ name, method, url, headers, body })))(
    '$name',
    async ({ method, url, headers, body }) => {
      const answer = async (transport: TrpcTransport) => {
        reported[transport].length = 0;
        const res = await servers[transport].inject({ method: method as 'GET' | 'POST', url, headers, payload: body });
        const { 'content-type': type, vary, 'retry-after': retryAfter, 'cache-control': cacheControl } = res.headers;
        // Fastify adds `; charset=utf-8` to the custom transport's string bodies; the media type is compared.
        return {
          status: res.statusCode,
          headers: { type: type?.toString().split(';')[0], vary, retryAfter, cacheControl },
          body: res.body,
          reported: [...reported[transport]],
        };
      };
      const custom = await answer('custom');
      const official = await answer('official');
      // tRPC words an empty body by its parser (`Unexpected end of JSON input`) and the custom transport by JSON.parse: the same error otherwise.
      if (body === '') for (const a of [custom, official]) a.body = a.body.replace(/"message":"[^"]*"/, '"message":"-"');
      if (body === '') for (const a of [custom, official]) a.reported = a.reported.map((r) => r.replace(/"message":"[^"]*"/, '"message":"-"'));
      expect(custom).toEqual(official);
    },
  );
});
