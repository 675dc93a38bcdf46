import { safeError } from '@dealership/server-core';
import { TRPC_LIMITS } from '@dealership/shared-schemas';
import {
  type AnyProcedure,
  type AnyRouter,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  type inferRouterContext,
  TRPCError,
  type TRPC_ERROR_CODE_KEY,
  transformTRPCResponse,
} from '@trpc/server';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { getHTTPStatusCode, resolveResponse } from '@trpc/server/http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';

export interface TrpcMountOptions<TRouter extends AnyRouter> {
  prefix: string;
  router: TRouter;
  createContext: (request: FastifyRequest) => inferRouterContext<TRouter> | Promise<inferRouterContext<TRouter>>;
  onError?: TrpcErrorHandler<TRouter>;
  /** Defaults to `TRPC_LIMITS` (shared-schemas). */
  limits?: Partial<TrpcTransportLimits>;
  /**
   * `custom` (default): this file's JSON path (docs/trpc-transport.md); `official`: tRPC's own
   * Fastify adapter (`fastifyTRPCPlugin`) behind the same limits, refusals and error handler.
   */
  transport?: TrpcTransport;
}

/** Which code answers `/trpc` calls (`TRPC_TRANSPORT`, docs/trpc-transport.md). */
export type TrpcTransport = 'custom' | 'official';

export interface TrpcTransportLimits {
  maxBatchCalls: number;
  maxUrlLength: number;
  maxBodyBytes: number;
}

type CallType = 'query' | 'mutation' | 'subscription' | 'unknown';

/** Told of every failed call (what tRPC's `onError` is told, but the request). */
export type TrpcErrorHandler<TRouter extends AnyRouter> = (opts: {
  error: TRPCError;
  path: string | undefined;
  input: unknown;
  ctx: inferRouterContext<TRouter> | undefined;
  type: CallType;
}) => void;

/** The methods tRPC answers: queries are GETs, mutations POSTs. */
export const TRPC_METHODS = ['GET', 'POST'] as const;

const isPromiseLike = (value: unknown): boolean => typeof (value as { then?: unknown } | null)?.then === 'function';
const isAsyncIterable = (value: unknown): boolean => value !== null && typeof value === 'object' && Symbol.asyncIterator in value;

/** What tRPC refuses to send as plain JSON: an async iterable, or an object holding promises or iterables. */
function isDataStream(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  if (isAsyncIterable(value)) return true;
  return Object.values(value).some((v) => isPromiseLike(v) || isAsyncIterable(v));
}

/**
 * Serves a tRPC router on Fastify. It does what tRPC's Fastify adapter does, except that a JSON
 * answer is sent as one buffer instead of being piped through a web ReadableStream (measured on
 * `car.bySlug`, autocannon -c 20: 687 -> 837 req/s). Streamed answers (JSON lines, subscriptions)
 * are still streamed.
 *
 * Before any procedure runs it refuses, in tRPC's error shape (`{ error: { message, code, data } }`,
 * `data.httpStatus` the HTTP status): other methods than GET and POST (405, `Allow: GET, POST`),
 * URLs longer than `maxUrlLength` (414), batches of more than `maxBatchCalls` calls (400), and
 * bodies larger than `maxBodyBytes` (413, refused on `Content-Length` before reading).
 *
 * The custom path reads tRPC internals (`router._def._config`, `_def.procedures`, `_def.lazy`, the
 * procedure call signature), verified on @trpc/server 11.19.0 and pinned by
 * `trpc-internals.guard.spec.ts` (what to do on an upgrade is written there). `transport:
 * 'official'` (TRPC_TRANSPORT=official) answers through tRPC's own `fastifyTRPCPlugin` instead,
 * behind the same refusals: 2.2-2.6x slower on `car.bySlug` when measured (docs/trpc-transport.md).
 */
export async function mountTrpc<TRouter extends AnyRouter>(fastify: FastifyInstance, options: TrpcMountOptions<TRouter>): Promise<void> {
  const limits: TrpcTransportLimits = { ...TRPC_LIMITS, ...options.limits };
  const config = options.router._def._config;

  /** Answers with a tRPC error shape, as tRPC answers a request it cannot run. */
  const refuse = (reply: FastifyReply, status: number, code: TRPC_ERROR_CODE_KEY, message: string, path?: string) => {
    const shape = getTRPCErrorShape({ config, error: new TRPCError({ code, message }), type: 'unknown', path, input: undefined, ctx: undefined });
    // tRPC has no code of its own for 414; the status is said in the data all the same.
    const data = (shape as { data?: { httpStatus?: number } }).data;
    if (data) data.httpStatus = status;
    return reply
      .status(status)
      .header('content-type', 'application/json')
      .header('cache-control', 'no-store')
      .send(JSON.stringify(transformTRPCResponse(config, { error: shape })));
  };

  const transport: TrpcTransport = options.transport ?? 'custom';

  /** 405 with `Allow`, in tRPC's shape. */
  const refuseMethod = (request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('allow', TRPC_METHODS.join(', '));
    return refuse(reply, 405, 'METHOD_NOT_SUPPORTED', `${request.method} is not supported here: tRPC takes ${TRPC_METHODS.join(' and ')}`);
  };

  /** 400 for a batch of more than `maxBatchCalls` calls (counted on the path, before anything runs); undefined otherwise. */
  const refuseLongBatch = (params: { path?: string }, reply: FastifyReply) => {
    const calls = batchCallCount(params.path ?? '');
    if (calls <= limits.maxBatchCalls) return undefined;
    return refuse(reply, 400, 'BAD_REQUEST', `A batch may hold at most ${limits.maxBatchCalls} calls (this one has ${calls})`);
  };

  const { procedures, lazy } = options.router._def as { procedures: Record<string, AnyProcedure | undefined>; lazy: Record<string, unknown> };
  const hasLazyRouters = Object.keys(lazy).length > 0;
  const deserializeInput = (value: unknown): unknown => config.transformer.input.deserialize(value);

  /** The headers an answer carries besides its content type; a throttled call says when to come back. */
  const answerHeaders = (errors: TRPCError[]): Record<string, string> => {
    const retryAfter = errors.map((e) => (e.cause as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds).find((s) => typeof s === 'number');
    return retryAfter === undefined ? { vary: 'trpc-accept, accept' } : { vary: 'trpc-accept, accept', 'retry-after': String(retryAfter) };
  };

  /**
   * The JSON answer of a query or mutation call (or a batch of them), computed the way tRPC's
   * `resolveResponse` computes it (same bodies, statuses, error shapes, `onError` calls, input
   * parsing, context created once per request), but from Fastify's request and into a string:
   * `resolveResponse` works on web `Request` and `Response` objects, whose construction, body
   * reading and per-request `AbortController.abort()` (a `DOMException` with a stack each time)
   * cost more CPU than the procedure and its query together (docs/architecture.md, "HTTP adapter").
   * Undefined when the request needs tRPC's own path: streamed answers (`trpc-accept:
   * application/jsonl`), subscriptions, lazy routers, connection params, other content types.
   */
  const answerJson = async (
    request: FastifyRequest<{ Params: { path: string } }>,
    reply: FastifyReply,
  ): Promise<{ status: number; headers: Record<string, string>; body: string } | undefined> => {
    const method = request.method;
    const headers = request.headers;
    if (hasLazyRouters) return undefined;
    if (method !== 'GET' && !(method === 'POST' && headers['content-type']?.startsWith('application/json'))) return undefined;
    if (headers['trpc-accept'] !== undefined || headers.accept?.includes('application/jsonl')) return undefined;
    const queryAt = request.url.indexOf('?');
    const searchParams = new URLSearchParams(queryAt < 0 ? '' : request.url.slice(queryAt + 1));
    if (searchParams.has('connectionParams')) return undefined;
    let pathText: string;
    try {
      pathText = decodeURIComponent(request.params.path);
    } catch {
      return undefined;
    }
    const isBatchCall = searchParams.get('batch') === '1';
    const paths = isBatchCall ? pathText.split(',') : [pathText];
    const callProcedures = paths.map((path) => procedures[path]);
    const types = new Set(callProcedures.map((procedure) => procedure?._def.type).filter((type) => type !== undefined));
    if (types.size > 1 || types.has('subscription')) return undefined;
    const type: CallType = types.values().next().value ?? 'unknown';

    // Inputs are parsed once, when the first procedure asks (as tRPC does), and a malformed one
    // fails that call's input step the way it does in tRPC.
    let inputs: Record<number, unknown> | undefined;
    const readInputs = (): Record<number, unknown> => {
      if (inputs) return inputs;
      try {
        inputs = parseInputs();
      } catch (cause) {
        // As tRPC: a malformed input is the client's error.
        if (cause instanceof TRPCError) throw cause;
        throw new TRPCError({ code: 'BAD_REQUEST', message: cause instanceof Error ? cause.message : 'Invalid input', cause });
      }
      return inputs;
    };
    const parseInputs = (): Record<number, unknown> => {
      const text = method === 'GET' ? searchParams.get('input') : (request.body as string | undefined);
      const raw: unknown = text ? JSON.parse(text) : method === 'GET' ? undefined : JSON.parse(text ?? '');
      const parsed: Record<number, unknown> = {};
      if (raw !== undefined) {
        if (!isBatchCall) parsed[0] = deserializeInput(raw);
        else {
          if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
            throw new TRPCError({ code: 'BAD_REQUEST', message: '"input" needs to be an object when doing a batch call' });
          paths.forEach((_path, index) => {
            const value = (raw as Record<number, unknown>)[index];
            if (value !== undefined) parsed[index] = deserializeInput(value);
          });
        }
      }
      return parsed;
    };
    const inputOf = (index: number): unknown => inputs?.[index];

    let ctx: inferRouterContext<TRouter> | undefined;
    let ctxError: TRPCError | undefined;
    try {
      ctx = await options.createContext(request);
    } catch (cause) {
      ctxError = getTRPCErrorFromUnknown(cause);
    }

    // The procedures' signal: aborted when the client leaves before its answer (nothing is
    // written until they are done, so a close meanwhile is always the client's).
    const abort = new AbortController();
    const onClose = () => abort.abort();
    reply.raw.once('close', onClose);
    const results = await Promise.all(
      paths.map(async (path, index): Promise<{ error: TRPCError } | { data: unknown }> => {
        const procedure = callProcedures[index];
        try {
          if (!procedure) throw new TRPCError({ code: 'NOT_FOUND', message: `No procedure found on path "${path}"` });
          const accepted = procedure._def.type === 'query' ? method === 'GET' : method === 'POST';
          if (!accepted)
            throw new TRPCError({
              code: 'METHOD_NOT_SUPPORTED',
              message: `Unsupported ${method}-request to ${procedure._def.type} procedure at path "${path}"`,
            });
          if (ctxError) throw ctxError;
          const data: unknown = await procedure({
            path,
            getRawInput: async () => readInputs()[index],
            ctx,
            type: procedure._def.type,
            signal: abort.signal,
            batchIndex: index,
          });
          return { data };
        } catch (cause) {
          const error = getTRPCErrorFromUnknown(cause);
          options.onError?.({ error, path, input: inputOf(index), ctx, type: procedure?._def.type ?? 'unknown' });
          return { error };
        }
      }),
    );
    reply.raw.off('close', onClose);

    // A stream-like answer (promises or iterables inside) needs a streaming link. As tRPC: in a
    // batch it is that call's error, not reported to onError; alone, it is the request's error,
    // reported and shaped without the call's path and input.
    const streamLike = () =>
      new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink' });
    if (!isBatchCall && 'data' in results[0] && isDataStream(results[0].data)) {
      const error = streamLike();
      options.onError?.({ error, path: undefined, input: undefined, ctx, type });
      const shape = { error: getTRPCErrorShape({ config, ctx, error, input: undefined, path: undefined, type }) };
      return { status: getHTTPStatusCode(shape), headers: answerHeaders([error]), body: JSON.stringify(transformTRPCResponse(config, shape)) };
    }
    const checked = results.map((result) => ('data' in result && isDataStream(result.data) ? { error: streamLike() } : result));

    const shapes = checked.map((result, index) =>
      'error' in result
        ? {
            error: getTRPCErrorShape({
              config,
              ctx,
              error: result.error,
              input: inputOf(index),
              path: paths[index],
              type: isBatchCall ? (callProcedures[index]?._def.type ?? 'unknown') : type,
            }),
          }
        : { result: { data: result.data } },
    );
    const errors = checked.flatMap((result) => ('error' in result ? [result.error] : []));
    return {
      status: getHTTPStatusCode(shapes),
      headers: answerHeaders(errors),
      body: JSON.stringify(transformTRPCResponse(config, isBatchCall ? shapes : shapes[0])),
    };
  };

  /** Everything else through tRPC's own `resolveResponse` (web Request and Response). */
  const answerWithResolveResponse = async (request: FastifyRequest<{ Params: { path: string } }>, reply: FastifyReply) => {
    const raw: IncomingMessage & { body?: unknown } = request.raw;
    if (request.body !== undefined) raw.body = request.body;
    const res = await resolveResponse<TRouter>({
      router: options.router,
      req: incomingMessageToRequest(raw, reply.raw, { maxBodySize: limits.maxBodyBytes }),
      path: request.params.path,
      error: null,
      createContext: async () => options.createContext(request),
      onError: options.onError && (({ error, path, input, ctx, type }) => options.onError?.({ error, path, input, ctx, type })),
      maxBatchSize: limits.maxBatchCalls,
      responseMeta: ({ errors }) => ({ headers: answerHeaders(errors) }),
    });
    void reply.status(res.status);
    res.headers.forEach((value, key) => void reply.header(key, value));
    const type = res.headers.get('content-type') ?? '';
    if (res.body && !type.startsWith('application/json')) return reply.send(res);
    return reply.send(Buffer.from(await res.arrayBuffer()));
  };

  await fastify.register(
    async (scope) => {
      // tRPC reads the raw JSON text itself.
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

      // Fastify's own refusals (body too large, unsupported content type, malformed request) in
      // tRPC's shape too; anything else is a fault, logged without its values.
      scope.setErrorHandler((error: FastifyError, request, reply) => {
        const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
        if (status === 413) return refuse(reply, 413, 'PAYLOAD_TOO_LARGE', `Request body is too large (at most ${limits.maxBodyBytes} bytes)`);
        if (status === 415) return refuse(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send tRPC input as application/json');
        if (status < 500) return refuse(reply, status, 'BAD_REQUEST', 'Malformed request');
        request.log.error({ err: safeError(error) }, 'tRPC transport error');
        return refuse(reply, 500, 'INTERNAL_SERVER_ERROR', 'Internal server error');
      });

      // Checked on arrival, before the body is read.
      scope.addHook('onRequest', async (request, reply) => {
        if (request.url.length > limits.maxUrlLength)
          return refuse(reply, 414, 'PAYLOAD_TOO_LARGE', `The request URL is too long (at most ${limits.maxUrlLength} characters)`);
        const length = Number(request.headers['content-length']);
        if (length > limits.maxBodyBytes) return refuse(reply, 413, 'PAYLOAD_TOO_LARGE', `Request body is too large (at most ${limits.maxBodyBytes} bytes)`);
        if (transport === 'official') {
          // The official adapter takes every method on one route (`fastify.all`; tRPC answers HEAD 204).
          if (!(TRPC_METHODS as readonly string[]).includes(request.method)) return refuseMethod(request, reply);
          // It also hands multipart and octet-stream bodies to tRPC as the raw socket, read with no
          // size limit (`maxBodySize: null`): only JSON is taken, within `bodyLimit`.
          if (request.method === 'POST' && !request.headers['content-type']?.startsWith('application/json'))
            return refuse(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send tRPC input as application/json');
          return refuseLongBatch(request.params as { path?: string }, reply);
        }
        return undefined;
      });

      if (transport === 'official') {
        // Every route of the adapter's scope reads at most `maxBodyBytes` (413 beyond, by the error handler).
        scope.addHook('onRoute', (route) => {
          route.bodyLimit = limits.maxBodyBytes;
        });
        const pluginOptions: FastifyTRPCPluginOptions<TRouter> = {
          trpcOptions: {
            router: options.router,
            createContext: ({ req }) => options.createContext(req),
            onError: options.onError && (({ error, path, input, ctx, type }) => options.onError?.({ error, path, input, ctx, type })),
            maxBatchSize: limits.maxBatchCalls,
            responseMeta: ({ errors }) => ({ headers: answerHeaders(errors) }),
          } as FastifyTRPCPluginOptions<TRouter>['trpcOptions'],
        };
        await scope.register(fastifyTRPCPlugin, pluginOptions);
        return;
      }

      scope.route<{ Params: { path: string } }>({
        method: [...TRPC_METHODS],
        url: '/:path',
        exposeHeadRoute: false,
        bodyLimit: limits.maxBodyBytes,
        handler: async (request, reply) => {
          const refused = refuseLongBatch(request.params, reply);
          if (refused) return refused;
          const answer = await answerJson(request, reply);
          if (answer) {
            return reply.status(answer.status).headers(answer.headers).header('content-type', 'application/json').send(answer.body);
          }
          return answerWithResolveResponse(request, reply);
        },
      });

      // TRACE, PUT, DELETE, HEAD, OPTIONS (unless CORS answered a preflight first), ...
      scope.route({
        method: scope.supportedMethods.filter((method) => !(TRPC_METHODS as readonly string[]).includes(method)),
        url: '/:path',
        handler: refuseMethod,
      });
    },
    { prefix: options.prefix },
  );
}

/**
 * How many calls the handler will run for a route path as Fastify hands it over (decoded once).
 * Both transports decode it a second time before splitting on commas (tRPC's `resolveResponse`
 * and `answerJson` alike), so `car.list%252Ccar.list` is two calls: counting before that second
 * decoding let a double-encoded batch of hundreds of calls through a cap of ten. A path that does
 * not decode is counted as it is (the handler refuses it without running anything).
 */
export function batchCallCount(routePath: string): number {
  let decoded = routePath;
  try {
    decoded = decodeURIComponent(routePath);
  } catch {
    // Malformed escapes: tRPC answers 400 before any procedure runs.
  }
  return decoded.split(',').length;
}
