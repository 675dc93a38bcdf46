import fastifyCompress from '@fastify/compress';
import type { AppConfig } from '@dealership/server-core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AnyRouter, inferRouterContext } from '@trpc/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { constants as zlib } from 'node:zlib';
import type { Logger } from 'pino';
import type { CspSources } from './csp-sources';
import { trimMemoryWhenIdle } from './idle-memory';
import { registerMetricsEndpoint } from './metrics-endpoint';
import { registerSecurityHeaders } from './security-headers';
import { serveWebApp } from './serve-web-app';
import { registerTracing } from './tracing';
import { mountTrpc } from './trpc-http';
import { loadWebPages } from './web-app';

export interface HttpOptions<TRouter extends AnyRouter> {
  config: Pick<AppConfig, 'publicUrl' | 'corsOrigins' | 'dealerPhone' | 'trpcTransport' | 'metricsToken' | 'tracing'>;
  logger: Logger;
  /** The built web app (`dist/apps/web`); without its index.html only the API is served. */
  webDistDir: string;
  /** The CSP sources the features contribute (`CspSourcesCollector`). */
  cspSources: CspSources;
  /** Mounted at `/trpc`. */
  router: TRouter;
  /** The context of a `/trpc` call. */
  createContext: (request: FastifyRequest) => Promise<inferRouterContext<TRouter>>;
  /** The context of the calls a page is rendered with, on the server, as a guest. */
  guestContext: (request: FastifyRequest) => inferRouterContext<TRouter>;
  /** The status of a page's first load (200, or 404 for no such page). */
  firstLoadStatus: (url: string) => Promise<number>;
}

/**
 * Everything on the HTTP side of the app, on its Fastify, before `app.init()` registers the
 * modules' routes: compression, the metrics and traces (when configured), the idle memory trim, the
 * security headers and CORS, tRPC at `/trpc`, and the built web app with its pages everywhere else.
 */
export async function serveHttp<TRouter extends AnyRouter>(app: NestFastifyApplication, options: HttpOptions<TRouter>): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const { config, logger, webDistDir } = options;
  await fastify.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Before the routes, so every request is counted (off, and free, without METRICS_TOKEN).
  registerMetricsEndpoint(fastify, config);
  // A span per request when OTEL_EXPORTER_OTLP_ENDPOINT is set (off, and nothing loaded, otherwise).
  await registerTracing(fastify, config);
  // Gives memory back after a busy spell, when Node was started with --expose-gc (docs/speed.md, "Memory").
  trimMemoryWhenIdle(fastify, { gc: globalThis.gc });
  const webPages = loadWebPages(webDistDir, config);
  // Before tRPC's scope and the routes, so every answer gets the headers (docs/security.md, "Headers").
  const securityHeaders = await registerSecurityHeaders(
    fastify,
    { ...config, cspSources: options.cspSources },
    { inlineScriptHashes: webPages?.inlineScriptHashes },
  );

  await mountTrpc(fastify, {
    prefix: '/trpc',
    router: options.router,
    transport: config.trpcTransport,
    createContext: options.createContext,
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') logger.error({ err: error, path }, 'tRPC error');
    },
  });

  if (webPages) {
    await serveWebApp(fastify, { ...options, webPages, securityHeaders });
  } else {
    logger.warn({ webDistDir }, 'web app not built: serving the API only (run `npx nx run web:build`)');
  }
}
