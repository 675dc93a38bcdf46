import {
  experimental_lazy,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  initTRPC,
  transformTRPCResponse,
  TRPCError,
  type AnyProcedure,
  type AnyRouter,
} from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { getHTTPStatusCode } from '@trpc/server/http';
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { mountTrpc } from './trpc-http';

/**
 * Guard of the custom tRPC transport (`trpc-http.ts`, TRPC_TRANSPORT=custom, the default): it
 * answers JSON calls without tRPC's `resolveResponse`, so it reads what tRPC keeps to itself. Each
 * test pins one thing it reads, so a tRPC upgrade that changes one fails here, naming it, instead
 * of changing our answers silently. The answers themselves are held equal to tRPC's by
 * `trpc-http.spec.ts` (against `fetchRequestHandler` and, byte for byte, the official Fastify
 * adapter).
 *
 * Verified on @trpc/server 11.19.0 (docs/trpc-transport.md). On an upgrade:
 *   1. run `npx nx test server-http` (this file and trpc-http.spec.ts);
 *   2. read the release's diff of `resolveResponse` (src/unstable-core-do-not-import/http/
 *      resolveResponse.ts), `contentType.ts`, `getErrorShape.ts` and `getHTTPStatusCode.ts`, and
 *      carry any change of behaviour into `answerJson` (trpc-http.ts);
 *   3. if that is more than a small fix, or a test here cannot be made to pass, start the server
 *      with TRPC_TRANSPORT=official (tRPC's own adapter behind the same limits; its suites run
 *      in the same spec files) and make it the default;
 *   4. once it passes, set VERIFIED_TRPC_VERSION below and re-run `npm run bench:trpc`.
 */
const VERIFIED_TRPC_VERSION = '11.19.0';

interface Ctx {
  user: string | null;
}
const t = initTRPC.context<Ctx>().create({ isDev: false });
const router = t.router({
  hello: t.procedure.input(z.object({ name: z.string() }).optional()).query(({ input, ctx }) => `hello ${input?.name ?? 'you'} from ${ctx.user}`),
  nested: t.router({ deeper: t.router({ echo: t.procedure.input(z.object({ n: z.number() })).mutation(({ input }) => input.n * 2) }) }),
  feed: t.procedure.subscription(async function* () {
    yield 1;
  }),
});

describe('tRPC internals read by the custom transport (trpc-http.ts)', () => {
  it(`is the tRPC release the transport was verified on (${VERIFIED_TRPC_VERSION}): on another, follow the steps at the top of this file`, () => {
    const packageJson = join(dirname(require.resolve('@trpc/server')), '..', 'package.json');
    expect((JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version).toBe(VERIFIED_TRPC_VERSION);
  });

  it('router._def._config: the transformer (input.deserialize, output.serialize), errorFormatter and isDev', () => {
    const config = router._def._config;
    expect(typeof config.transformer.input.deserialize).toBe('function');
    expect(typeof config.transformer.output.serialize).toBe('function');
    expect(typeof config.errorFormatter).toBe('function');
    expect(config.isDev).toBe(false);
    // The default transformer passes values through unchanged (the transport deserialises each input).
    const value = { a: [1, 'b'] };
    expect(config.transformer.input.deserialize(value)).toBe(value);
  });

  it('router._def.procedures: a flat record by full dotted path, each a callable procedure with _def.type; _def.lazy: the lazy routers by path', () => {
    const { procedures, lazy } = router._def as unknown as { procedures: Record<string, AnyProcedure>; lazy: Record<string, unknown> };
    expect(Object.keys(procedures).sort()).toEqual(['feed', 'hello', 'nested.deeper.echo']);
    expect(typeof procedures['hello']).toBe('function');
    expect(procedures['hello']._def.type).toBe('query');
    expect(procedures['nested.deeper.echo']._def.type).toBe('mutation');
    expect(procedures['feed']._def.type).toBe('subscription');
    expect(lazy).toEqual({});
    // A router with lazy parts: the transport leaves every call to resolveResponse.
    const withLazy = t.router({ later: experimental_lazy(async () => t.router({ x: t.procedure.query(() => 1) })) });
    expect(Object.keys((withLazy._def as unknown as { lazy: Record<string, unknown> }).lazy)).toEqual(['later']);
  });

  it('a procedure is called with { path, getRawInput, ctx, type, signal, batchIndex }: exactly what tRPC itself passes', async () => {
    const seen: Record<string, string[]> = {};
    /** The router with `hello` wrapped to record the keys of the options it is called with. */
    const spied = (name: string): AnyRouter => {
      const copy = t.router({ hello: router._def.procedures.hello });
      const procedures = (copy._def as unknown as { procedures: Record<string, AnyProcedure> }).procedures;
      const original = procedures['hello'];
      procedures['hello'] = Object.assign(
        (opts: Record<string, unknown>) => {
          seen[name] = Object.keys(opts).sort();
          return original(opts as never);
        },
        { _def: original._def },
      ) as unknown as AnyProcedure;
      return copy;
    };
    await fetchRequestHandler({
      endpoint: '/trpc',
      router: spied('tRPC'),
      req: new Request('http://localhost/trpc/hello'),
      createContext: () => ({ user: null }),
    });
    const fastify = Fastify();
    await mountTrpc(fastify, { prefix: '/trpc', router: spied('custom'), createContext: () => ({ user: null }), transport: 'custom' });
    expect((await fastify.inject({ method: 'GET', url: '/trpc/hello' })).statusCode).toBe(200);
    await fastify.close();
    expect(seen['custom']).toEqual(['batchIndex', 'ctx', 'getRawInput', 'path', 'signal', 'type']);
    expect(seen['tRPC']).toEqual(seen['custom']);
  });

  it('calling a procedure: its input read through getRawInput and validated, ctx and signal handed to the resolver, the output returned', async () => {
    const signal = new AbortController().signal;
    let seenSignal: AbortSignal | undefined;
    const procedure = t.procedure.input(z.object({ n: z.number() })).query(({ input, ctx, signal: s }) => {
      seenSignal = s;
      return { doubled: input.n * 2, user: ctx.user };
    }) as unknown as AnyProcedure;
    const call = (raw: unknown) => procedure({ path: 'p', getRawInput: async () => raw, ctx: { user: 'u1' }, type: 'query', signal, batchIndex: 0 });
    await expect(call({ n: 21 })).resolves.toEqual({ doubled: 42, user: 'u1' });
    expect(seenSignal).toBe(signal);
    const invalid = await call({ n: 'x' }).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(TRPCError);
    expect((invalid as TRPCError).code).toBe('BAD_REQUEST');
    // A malformed input (getRawInput throwing) fails the call with that error.
    const malformed = await procedure({
      path: 'p',
      getRawInput: async () => Promise.reject(new TRPCError({ code: 'BAD_REQUEST', message: 'bad JSON' })),
      ctx: { user: null },
      type: 'query',
      signal,
      batchIndex: 0,
    }).catch((error: unknown) => error);
    expect((malformed as TRPCError).message).toBe('bad JSON');
  });

  it('error formatting: getTRPCErrorShape builds { message, code, data: { code, httpStatus, path } } and passes it through the errorFormatter; getTRPCErrorFromUnknown wraps other errors', () => {
    const formatted = initTRPC.create({ isDev: false, errorFormatter: ({ shape, type, input }) => ({ ...shape, data: { ...shape.data, type, input } }) });
    const config = formatted.router({})._def._config;
    const shape = getTRPCErrorShape({
      config,
      error: new TRPCError({ code: 'NOT_FOUND', message: 'No car' }),
      type: 'query',
      path: 'car.bySlug',
      input: { slug: 'x' },
      ctx: undefined,
    });
    expect(shape).toEqual({
      message: 'No car',
      code: -32004,
      data: { code: 'NOT_FOUND', httpStatus: 404, path: 'car.bySlug', type: 'query', input: { slug: 'x' } },
    });
    const wrapped = getTRPCErrorFromUnknown(new Error('boom'));
    expect(wrapped).toBeInstanceOf(TRPCError);
    expect(wrapped.code).toBe('INTERNAL_SERVER_ERROR');
    const same = new TRPCError({ code: 'FORBIDDEN' });
    expect(getTRPCErrorFromUnknown(same)).toBe(same);
    // In development mode the stack rides along (the transport relies on tRPC adding it, not itself).
    const dev = initTRPC.create({ isDev: true }).router({})._def._config;
    expect(
      getTRPCErrorShape({ config: dev, error: new TRPCError({ code: 'BAD_REQUEST' }), type: 'query', path: undefined, input: undefined, ctx: undefined }).data,
    ).toHaveProperty('stack');
  });

  it('getHTTPStatusCode: 200 for results, the error status for one error, 207 for a batch of mixed statuses; transformTRPCResponse serialises data and errors', () => {
    const ok = { result: { data: 1 } };
    const notFound = { error: { message: 'x', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404 } } };
    const teapot = { error: { message: 'x', code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 414 } } };
    expect(getHTTPStatusCode(ok as never)).toBe(200);
    expect(getHTTPStatusCode(notFound as never)).toBe(404);
    // The status said in the data wins (the transport's 414).
    expect(getHTTPStatusCode(teapot as never)).toBe(414);
    expect(getHTTPStatusCode([notFound, notFound] as never)).toBe(404);
    expect(getHTTPStatusCode([ok, notFound] as never)).toBe(207);

    const transformed = initTRPC.create({
      transformer: { serialize: (v: unknown) => ({ wrapped: v }), deserialize: (v: unknown) => (v as { wrapped: unknown }).wrapped },
    });
    const config = transformed.router({})._def._config;
    expect(transformTRPCResponse(config, { result: { data: 1 } })).toEqual({ result: { data: { wrapped: 1 } } });
    expect(transformTRPCResponse(config, [{ result: { data: 1 } }, notFound as never])).toEqual([
      { result: { data: { wrapped: 1 } } },
      { ...notFound, error: { wrapped: notFound.error } },
    ]);
    expect(config.transformer.input.deserialize({ wrapped: 5 })).toBe(5);
  });
});
